import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  certificateQuery,
  certificateSchema,
  downCertificateQuery,
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
  viewTokenQuery,
  viewTokenResponse,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import { checkFileLink, contentDisposition, fileHeld, refuseLink, SignedLinks } from '../../files/links';
import { decodePath, parseHostSwap } from '../../files/obfuscate';
import { badRequest, notFound } from '../../http/errors';
import { applyUserLanguage, linkTranslator } from '../../http/language';
import type { Translator } from '../../i18n';
import { defineRoute, type RouteDefinition, type Session } from '../../http/route';
import { DIGITS_FORMAT, formatChinaTime } from '../../lib/time';
import { tokenFrom } from '../auth/index';
import { streamPackage } from './batch';
import { certificateFragment, certificateHtml } from './certificate';
import { recordingFactsOf } from './recording-facts';
import type { PdfRenderer } from './pdf';
import { findByBaoquan, findByFileHash, findErasedByBaoquan, findOwnedByFileKey, findOwnedMany, type EvidenceRow } from './repository';
import { type EvidenceService, kindOfMime, missing, PREVIEW_TTL_SECONDS, publicRecord, type CertificateView } from './service';

export const PACKAGE_PATH = '/api/data/batchPackage';
export const CERTIFICATE_PDF_PATH = '/api/check/certificatePdf';

const VIEW_CODES: Record<CertificateView, string> = { owner: 'o', shared: 's', limited: 'l' };
const viewOf = (code: string): CertificateView => (code === 'o' ? 'owner' : code === 's' ? 'shared' : 'limited');

export interface EvidenceRoutes {
  routes: RouteDefinition[];
  /** Streamed answers (zip, PDF) outside the JSON envelope. */
  register(app: FastifyInstance): void;
}

/**
 * Certificates, public checks and sharing: the certificate for its owner or a visitor, lookups by
 * number and hash, the mobile certificate, the extraction-code calls, and the signed-link answers (batch
 * package, certificate PDF). `pdf` is the app's one renderer (shared with notarisation, closed by the app).
 */
export function certificateRoutes(ctx: AppContext, service: EvidenceService, pdf: PdfRenderer): EvidenceRoutes {
  const hostSwap = parseHostSwap(ctx.config.STORAGE_HOST_SWAP);

  /** Public calls still recognise the owner when a live session comes along. */
  /** The caller when signed in; their own language setting then applies to the answer, as on signed-in routes. */
  const optionalSession = async (request: FastifyRequest): Promise<Session | null> => {
    const session = await ctx.sessions.resolve(tokenFrom(request.headers.authorization));
    if (session) applyUserLanguage(request, session.language);
    return session;
  };
  /** A live record; one erased with its owner's account answers "deleted by its owner", others "not found". */
  const live = async (baoquan: string): Promise<EvidenceRow> =>
    (await findByBaoquan(ctx.db, baoquan)) ??
    Promise.reject((await findErasedByBaoquan(ctx.db, baoquan)) ? notFound('accountCancellation:evidenceDeleted') : missing());
  /** Absolute address of the app, for QR codes: PUBLIC_URL, else the address the caller used. */
  const origin = (request: FastifyRequest) => ctx.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
  const pageUrl = (request: FastifyRequest, baoquan: string) => `${origin(request)}/attestation/${encodeURIComponent(baoquan)}`;

  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'GET',
      url: '/api/check/bqview',
      summary: 'The certificate: full for its owner (isSelf 1), limited for everyone else (no title or label, owner masked)',
      tag: 'check',
      auth: false,
      query: certificateQuery,
      response: certificateSchema,
      handler: async ({ query, request }) => {
        const erased = await findErasedByBaoquan(ctx.db, query.baoquan);
        if (erased) return service.certificate(erased, 'limited');
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
        return ctx.links.create(CERTIFICATE_PDF_PATH, { b: row.baoquan, v: VIEW_CODES[view], l: request.translator.language });
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
        const row = (await findByBaoquan(ctx.db, body.baoquan)) ?? (await findErasedByBaoquan(ctx.db, body.baoquan));
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
        const t = request.translator;
        if (!(await service.checkViewToken(query.no, query.viewToken))) throw badRequest('preservation:viewTokenInvalid');
        const row = await live(query.no);
        const certificate = await service.certificate(row, 'shared');
        const previewUrl =
          service.canPreview(row) && certificate.isDownload === 1 ? (await service.fileLink(row, 'inline', PREVIEW_TTL_SECONDS)).url : null;
        return {
          certificate,
          certificateHtml: certificateFragment(t, {
            certificate,
            issuedAt: ctx.clock.now(),
            pageUrl: pageUrl(request, row.baoquan),
            recording: await recordingFactsOf(ctx.db, row.id),
          }),
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
        if (file && !(await fileHeld(ctx.db, file))) throw missing();
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

  function notFoundReply(reply: FastifyReply, t: Translator, key: string): FastifyReply {
    return reply.status(404).send({ code: 404, msg: t.t(key), data: null });
  }

  return {
    routes,
    register(app) {
      app.get(PACKAGE_PATH, async (request, reply) => {
        const params = await ctx.links.check(PACKAGE_PATH, request.query, ['u', 'ids'] as const, ['l'] as const);
        if (!params) return refuseLink(reply, request.translator);
        const t = linkTranslator(request, params.l);
        const ids = params.ids.split(',').map(Number);
        // Checked again now: a record deleted since the link was made is left out.
        const rows = await findOwnedMany(ctx.db, Number(params.u), ids);
        if (rows.length === 0 || !(await Promise.all(rows.map((row) => service.present(row)))).includes(true)) {
          return notFoundReply(reply, t, 'preservation:noDownload');
        }
        const now = ctx.clock.now();
        const entries = [];
        for (const row of rows) {
          const certificate = await service.certificate(row, 'owner');
          entries.push({
            row,
            certificateHtml: certificateHtml(t, {
              certificate,
              issuedAt: now,
              pageUrl: pageUrl(request, row.baoquan),
              recording: await recordingFactsOf(ctx.db, row.id),
            }),
          });
        }
        const stream = await streamPackage(ctx.files, t, entries, now);
        const stamp = formatChinaTime(now, DIGITS_FORMAT);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', contentDisposition(`${t.t('certificate:packageName')}-${stamp}.zip`))
          .send(stream);
      });

      app.get(CERTIFICATE_PDF_PATH, async (request, reply) => {
        const params = await ctx.links.check(CERTIFICATE_PDF_PATH, request.query, ['b', 'v'] as const, ['l'] as const);
        if (!params) return refuseLink(reply, request.translator);
        const t = linkTranslator(request, params.l);
        const row = await findByBaoquan(ctx.db, params.b);
        if (!row) return notFoundReply(reply, t, 'preservation:notFound');
        const certificate = await service.certificate(row, viewOf(params.v));
        const recording = await recordingFactsOf(ctx.db, row.id);
        const html = certificateHtml(t, { certificate, issuedAt: ctx.clock.now(), pageUrl: pageUrl(request, row.baoquan), recording });
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
