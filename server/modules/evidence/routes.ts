import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  batchDownloadRequest,
  certificateQuery,
  certificateSchema,
  deleteEvidenceRequest,
  downCertificateQuery,
  downContractRequest,
  downContractResponse,
  emptyBody,
  evidenceListQuery,
  evidenceListResponse,
  labelListResponse,
  lookupByHashRequest,
  lookupByNumberRequest,
  lookupResponse,
  mobileDetailQuery,
  mobileDetailResponse,
  previewInfoRequest,
  previewInfoResponse,
  shareDownloadRequest,
  shareViewRequest,
  signedLinkResponse,
  uploadFieldsSchema,
  uploadResponse,
  viewTokenQuery,
  viewTokenResponse,
} from '../../../src/shared/api/contracts/index';
import type { TransparencyLog } from '../../chain/log';
import type { AppContext } from '../../context';
import { checkFileLink, contentDisposition, refuseLink, SignedLinks } from '../../files/links';
import { decodePath, parseHostSwap } from '../../files/obfuscate';
import { badRequest } from '../../http/errors';
import { defineRoute, type RouteDefinition, type Session } from '../../http/route';
import { formatChinaTime } from '../../lib/time';
import { tokenFrom } from '../auth/sessions';
import { streamPackage } from './batch';
import { certificateFragment, certificateHtml } from './certificate';
import type { PdfRenderer } from './pdf';
import {
  findByBaoquan,
  findByFileHash,
  findOwnedByFileKey,
  findOwnedMany,
  findOwner,
  hideOwned,
  labelsOf,
  listOwned,
  type EvidenceRow,
} from './repository';
import { EvidenceService, kindOfMime, missing, PREVIEW_TTL_SECONDS, publicRecord, type CertificateView } from './service';
import type { ServerModule } from '../../module';
import { isOctetStream, readMultipartUpload, readRawUpload } from '../../http/upload';

export const PACKAGE_PATH = '/api/data/batchPackage';
export const CERTIFICATE_PDF_PATH = '/api/check/certificatePdf';

const VIEW_CODES: Record<CertificateView, string> = { owner: 'o', shared: 's', limited: 'l' };
const viewOf = (code: string): CertificateView => (code === 'o' ? 'owner' : code === 's' ? 'shared' : 'limited');

interface PreservationRoutes {
  routes: RouteDefinition[];
  /** Streamed answers (zip, PDF) outside the JSON envelope. */
  register(app: FastifyInstance): void;
}

/** Query of a raw-body upload: the multipart fields, plus the file's name (the body carries only bytes). */
const rawUploadQuery = uploadFieldsSchema.extend({ fileName: z.string().trim().max(255).optional() });

/**
 * Data preservation (issue 3): evidence upload and lists, certificates and checks, sharing.
 * `pdf` is the app's one renderer (shared with notarisation, closed by the app).
 */
function preservationRoutes(ctx: AppContext, log: TransparencyLog, pdf: PdfRenderer): PreservationRoutes {
  const service = new EvidenceService(ctx, log);
  const hostSwap = parseHostSwap(ctx.config.STORAGE_HOST_SWAP);
  const t = ctx.translator;

  /** Public calls still recognise the owner when a live session comes along. */
  const optionalSession = (request: FastifyRequest): Promise<Session | null> =>
    ctx.sessions.resolve(tokenFrom(request.headers.authorization));
  const live = async (baoquan: string): Promise<EvidenceRow> => (await findByBaoquan(ctx.db, baoquan)) ?? Promise.reject(missing());
  /** Absolute address of the app, for QR codes: PUBLIC_URL, else the address the caller used. */
  const origin = (request: FastifyRequest) => ctx.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
  const pageUrl = (request: FastifyRequest, baoquan: string) => `${origin(request)}/attestation/${encodeURIComponent(baoquan)}`;

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
          const { fields, source } = readRawUpload(request, t, rawUploadQuery);
          return service.preserve(userId, { source, fileName: fields.fileName, label: fields.label, title: fields.title || undefined });
        }
        const { fields, file, fileName } = await readMultipartUpload(request, t, {
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
        const [{ count, rows }, owner] = await Promise.all([
          listOwned(ctx.db, userId, {
            isApp: query.isApp === 1,
            label: query.label || undefined,
            keyword: query.keyword || undefined,
            fileType: query.fileType,
            startTime: query.startTime,
            endTime: query.endTime,
            limit: query.limit,
            offset: (query.page - 1) * query.limit,
          }),
          findOwner(ctx.db, userId),
        ]);
        const present = await Promise.all(rows.map((row) => service.present(row)));
        return { count, list: rows.map((row, i) => service.toEvidence(row, owner?.user_status ?? 1, true, present[i] ?? false)) };
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
      handler: async ({ session, body }) => {
        const userId = session.userId;
        const rows = await findOwnedMany(ctx.db, userId, body.ids);
        // Spec sections 5 and 8: 无下载文件 when none of the chosen records has its file (not an empty package).
        const present = await Promise.all(rows.map((row) => service.present(row)));
        if (!present.includes(true)) throw badRequest('preservation:noDownload');
        return ctx.links.create(PACKAGE_PATH, { u: String(userId), ids: rows.map((r) => r.id).join(',') });
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
          if (!(await service.present(row))) continue;
          list.push({ id: row.id, baoquan: row.baoquan, title: row.title, url: (await service.fileLink(row)).url });
        }
        if (list.length === 0) throw badRequest('preservation:noDownload');
        return { list };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/check/bqview',
      summary: 'The certificate: full for its owner (isSelf 1), limited for everyone else (no title or label, owner masked)',
      tag: 'check',
      auth: false,
      query: certificateQuery,
      response: certificateSchema,
      handler: async ({ query, request }) => {
        const row = await live(query.baoquan);
        const session = await optionalSession(request);
        return service.certificate(row, session?.userId === row.user_id ? 'owner' : 'limited');
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/check/downCertificate',
      summary: 'A signed link to the certificate PDF: full for the owner or with the extraction code, limited otherwise',
      tag: 'check',
      auth: false,
      query: downCertificateQuery,
      response: signedLinkResponse,
      handler: async ({ query, request }) => {
        const row = await live(query.baoquan);
        const session = await optionalSession(request);
        let view: CertificateView = 'limited';
        if (session?.userId === row.user_id) view = 'owner';
        else if (query.code) {
          await service.checkCode(request, row, query.code);
          view = 'shared';
        }
        return ctx.links.create(CERTIFICATE_PDF_PATH, { b: row.baoquan, v: VIEW_CODES[view] });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/check/bqno',
      summary: 'Public lookup by preservation number',
      tag: 'check',
      auth: false,
      body: lookupByNumberRequest,
      response: lookupResponse,
      handler: async ({ body }) => {
        const row = await findByBaoquan(ctx.db, body.baoquan);
        return { found: Boolean(row), list: row ? [publicRecord(row)] : [] };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/check/checkNo',
      summary: "Public lookup by the file's SHA-256 (computed in the browser; the file is never uploaded); earliest first",
      tag: 'check',
      auth: false,
      body: lookupByHashRequest,
      response: lookupResponse,
      handler: async ({ body }) => {
        const rows = await findByFileHash(ctx.db, body.hash);
        return { found: rows.length > 0, list: rows.map(publicRecord) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/check/viewToken',
      summary: 'A token for the mobile certificate QR code (/mobile/attestation/{no}/{token}); owner only, valid 24 hours',
      tag: 'check',
      auth: true,
      query: viewTokenQuery,
      response: viewTokenResponse,
      handler: async ({ session, query }) => {
        const row = await findByBaoquan(ctx.db, query.no);
        if (!row || row.user_id !== session.userId) throw missing();
        return service.viewToken(row);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/check/mobileDetail',
      summary: 'The mobile certificate for a holder of a view token: certificate, its HTML and a preview link',
      tag: 'check',
      auth: false,
      query: mobileDetailQuery,
      response: mobileDetailResponse,
      handler: async ({ query, request }) => {
        if (!(await service.checkViewToken(query.no, query.viewToken))) throw badRequest('preservation:viewTokenInvalid');
        const row = await live(query.no);
        const certificate = await service.certificate(row, 'shared');
        const previewUrl =
          service.canPreview(row) && certificate.isDownload === 1 ? (await service.fileLink(row, 'inline', PREVIEW_TTL_SECONDS)).url : null;
        return {
          certificate,
          certificateHtml: certificateFragment(t, { certificate, issuedAt: ctx.clock.now(), pageUrl: pageUrl(request, row.baoquan) }),
          previewUrl,
        };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/share/getView',
      summary:
        "The full certificate for a holder of the owner's extraction code (10 wrong codes per owner and 20 per client address per 15 min, then 429)",
      tag: 'share',
      auth: false,
      body: shareViewRequest,
      response: certificateSchema,
      handler: async ({ body, request }) => {
        const row = await live(body.baoquan);
        await service.checkCode(request, row, body.code);
        return service.certificate(row, 'shared');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/share/downBaoquan',
      summary: "A signed download link of the evidence file for a holder of the owner's extraction code",
      tag: 'share',
      auth: false,
      body: shareDownloadRequest,
      response: signedLinkResponse,
      handler: async ({ body, request }) => {
        const row = await live(body.baoquan);
        await service.checkCode(request, row, body.code);
        return service.fileLink(row);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/share/getMpsInfo',
      summary:
        'What the mobile preview pages show for a file link: a signed link (anyone holding it), or, for its signed-in owner, a record’s stored path',
      tag: 'share',
      auth: false,
      body: previewInfoRequest,
      response: previewInfoResponse,
      handler: async ({ body, request }) => {
        const given = body.fileUrl.startsWith('%2F') || /^https?%3A/i.test(body.fileUrl) ? decodeURIComponent(body.fileUrl) : body.fileUrl;
        const parsed = SignedLinks.parse(given);
        const file = parsed ? await checkFileLink(ctx.links, parsed.path, parsed.query) : null;
        if (file) {
          const present = await ctx.files.has(file.key);
          const size = present ? (await ctx.files.stat(file.key)).size : 0;
          return { fileType: kindOfMime(file.type), title: file.name, size, url: given, isDownload: present ? (1 as const) : (0 as const) };
        }
        // The spec's obfuscated path: only its owner may turn it into a link.
        const location = decodePath(given, hostSwap);
        const key = location ? /(?:^|\/)objects\/([0-9a-f]{2}\/[0-9a-f]{64})$/.exec(location)?.[1] : undefined;
        const session = key ? await optionalSession(request) : null;
        const row = key && session ? await findOwnedByFileKey(ctx.db, session.userId, key) : undefined;
        if (!row) throw badRequest('preservation:linkInvalid');
        const present = await service.present(row);
        const url = present ? (await service.fileLink(row, 'inline', PREVIEW_TTL_SECONDS)).url : '';
        return { fileType: row.file_kind, title: row.title, size: row.size, url, isDownload: present ? (1 as const) : (0 as const) };
      },
    }),
  ];

  function notFoundReply(reply: FastifyReply, key: string): FastifyReply {
    return reply.status(404).send({ code: 404, msg: t.t(key), data: null });
  }

  return {
    routes,
    register(app) {
      app.get(PACKAGE_PATH, async (request, reply) => {
        const params = await ctx.links.check(PACKAGE_PATH, request.query, ['u', 'ids'] as const);
        if (!params) return refuseLink(reply, t);
        const ids = params.ids.split(',').map(Number);
        // Checked again now: a record deleted since the link was made is left out.
        const rows = await findOwnedMany(ctx.db, Number(params.u), ids);
        if (rows.length === 0 || !(await Promise.all(rows.map((row) => service.present(row)))).includes(true)) {
          return notFoundReply(reply, 'preservation:noDownload');
        }
        const now = ctx.clock.now();
        const entries = [];
        for (const row of rows) {
          const certificate = await service.certificate(row, 'owner');
          entries.push({
            row,
            certificateHtml: certificateHtml(t, { certificate, issuedAt: now, pageUrl: pageUrl(request, row.baoquan) }),
          });
        }
        const stream = await streamPackage(ctx.files, t, entries, now);
        const stamp = formatChinaTime(now).replace(/\D/g, '');
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', contentDisposition(`${t.t('certificate:packageName')}-${stamp}.zip`))
          .send(stream);
      });

      app.get(CERTIFICATE_PDF_PATH, async (request, reply) => {
        const params = await ctx.links.check(CERTIFICATE_PDF_PATH, request.query, ['b', 'v'] as const);
        if (!params) return refuseLink(reply, t);
        const row = await findByBaoquan(ctx.db, params.b);
        if (!row) return notFoundReply(reply, 'preservation:notFound');
        const certificate = await service.certificate(row, viewOf(params.v));
        const html = certificateHtml(t, { certificate, issuedAt: ctx.clock.now(), pageUrl: pageUrl(request, row.baoquan) });
        let bytes: Buffer;
        try {
          bytes = await pdf.render(html);
        } catch (error) {
          request.log.error({ err: error }, 'certificate PDF rendering failed');
          return reply.status(500).send({ code: 500, msg: t.t('preservation:pdfFailed'), data: null });
        }
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(`${t.t('certificate:title')}-${row.baoquan}.pdf`))
          .send(bytes);
      });
    },
  };
}

export const evidenceModule: ServerModule = {
  name: 'evidence',
  register(app, ctx) {
    const preservation = preservationRoutes(ctx, ctx.transparencyLog, ctx.pdf);
    ctx.addRoutes(preservation.routes);
    preservation.register(app);
  },
};
