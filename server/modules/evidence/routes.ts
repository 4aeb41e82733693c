import { z } from 'zod';
import {
  batchDownloadRequest,
  deleteEvidenceRequest,
  downContractRequest,
  downContractResponse,
  emptyBody,
  evidenceListQuery,
  evidenceListResponse,
  labelListResponse,
  signedLinkResponse,
  uploadFieldsSchema,
  uploadResponse,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { findOwnedMany, hideOwned, labelsOf, listOwned } from './repository';
import { EvidenceService, missing } from './service';
import type { ServerModule } from '../../module';
import { certificateRoutes, PACKAGE_PATH } from './certificate-routes';
import { proofPackageRoutes } from './proof-package-routes';
import { isOctetStream, readMultipartUpload, readRawUpload } from '../../http/upload';

/** Query of a raw-body upload: the multipart fields, plus the file's name (the body carries only bytes). */
const rawUploadQuery = uploadFieldsSchema.extend({ fileName: z.string().trim().max(255).optional() });

/** Data preservation, the owner's side: upload, lists and labels, deletion, downloads. */
function preservationRoutes(ctx: AppContext, service: EvidenceService): RouteDefinition[] {
  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'POST',
      url: '/api/data/upload',
      summary:
        'Preserves one file: either multipart (the fields label and title first, then file) or the file as the whole body (Content-Type application/octet-stream, with label, title and fileName in the query: no multipart parsing, the faster path the web app uses). Streamed into the store and hashed on the way; the record and its log entry are written together',
      tag: 'evidence',
      auth: true,
      response: uploadResponse,
      successMessage: 'preserved',
      handler: async ({ session, request }) => {
        const userId = session.userId;
        if (isOctetStream(request)) {
          const { fields, source } = readRawUpload(request, request.translator, rawUploadQuery);
          return service.preserve(userId, { source, fileName: fields.fileName, label: fields.label, title: fields.title || undefined });
        }
        const { fields, file, fileName } = await readMultipartUpload(request, request.translator, {
          schema: uploadFieldsSchema,
          maxBytes: ctx.config.UPLOAD_MAX_BYTES,
          noFile: () => badRequest('preservation:noFile'),
          broken: () => badRequest('preservation:uploadBroken'),
        });
        return service.preserve(userId, { source: file, fileName, label: fields.label, title: fields.title || undefined });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/data/getList',
      summary:
        "The caller's records, newest first, 20 a page; filters: label, keyword (title), fileType, startTime..endTime (epoch s, both inclusive), isApp",
      tag: 'evidence',
      auth: true,
      query: evidenceListQuery,
      response: evidenceListResponse,
      handler: async ({ session, query }) => {
        const userId = session.userId;
        const { count, rows, ownerStatus } = await listOwned(ctx.db, userId, {
          isApp: query.isApp === 1,
          label: query.label || undefined,
          keyword: query.keyword || undefined,
          fileType: query.fileType,
          startTime: query.startTime,
          endTime: query.endTime,
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        });
        const present = await Promise.all(rows.map((row) => service.present(row)));
        return { count, list: rows.map((row, i) => service.toEvidence(row, ownerStatus, true, present[i] ?? false)) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/data/getLabelList',
      summary: "The labels of the caller's records (for the label filter)",
      tag: 'evidence',
      auth: true,
      query: emptyBody,
      response: labelListResponse,
      handler: async ({ session }) => ({ list: await labelsOf(ctx.db, session.userId) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/data/delData',
      summary: 'Hides a record from its owner; its log entry stays, so certificates already handed out still verify',
      tag: 'evidence',
      auth: true,
      body: deleteEvidenceRequest,
      response: z.null(),
      successMessage: 'deleted',
      handler: async ({ session, body }) => {
        if (!(await hideOwned(ctx.db, session.userId, body.id, ctx.clock.now()))) throw missing();
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/data/downloadBatch',
      summary: 'One zip of the chosen records (files, certificates, manifest.json, SHA256SUMS) behind a signed link; ids: comma list',
      tag: 'evidence',
      auth: true,
      body: batchDownloadRequest,
      response: signedLinkResponse,
      handler: async ({ session, body, request }) => {
        const userId = session.userId;
        const rows = await findOwnedMany(ctx.db, userId, body.ids);
        // Spec sections 5 and 8: 无下载文件 when none of the chosen records has its file (not an empty package).
        const present = await Promise.all(rows.map((row) => service.presentInStore(row)));
        if (!present.includes(true)) throw badRequest('preservation:noDownload');
        // The package is written in the language of this request (the link carries it: see linkTranslator).
        return ctx.links.create(PACKAGE_PATH, { u: String(userId), ids: rows.map((r) => r.id).join(','), l: request.translator.language });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/data/downContract',
      summary: 'A signed download link per chosen record (dataIdStr: comma list); records not the caller’s are left out',
      tag: 'evidence',
      auth: true,
      body: downContractRequest,
      response: downContractResponse,
      handler: async ({ session, body }) => {
        const rows = await findOwnedMany(ctx.db, session.userId, body.dataIdStr);
        const list = [];
        for (const row of rows) {
          if (!(await service.presentInStore(row))) continue;
          list.push({ id: row.id, baoquan: row.baoquan, title: row.title, url: (await service.fileLink(row)).url });
        }
        if (list.length === 0) throw badRequest('preservation:noDownload');
        return { list };
      },
    }),
  ];

  return routes;
}

export const evidenceModule: ServerModule = {
  name: 'evidence',
  register(app, ctx) {
    const service = new EvidenceService(ctx, ctx.transparencyLog);
    ctx.addRoutes(preservationRoutes(ctx, service));
    const certificates = certificateRoutes(ctx, service, ctx.pdf);
    ctx.addRoutes(certificates.routes);
    certificates.register(app);
    const proofPackages = proofPackageRoutes(ctx, service, ctx.pdf);
    ctx.addRoutes(proofPackages.routes);
    proofPackages.register(app);
  },
};
