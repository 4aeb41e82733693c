import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiCode,
  notaryApplicationRequest,
  notaryCreateRequest,
  notaryCreateResponse,
  notaryDecodeRequest,
  notaryDetailQuery,
  notaryDetailResponse,
  notaryDownloadQuery,
  notaryDownloadResponse,
  notaryEvidenceQuery,
  notaryEvidenceResponse,
  notaryListQuery,
  notaryListResponse,
  notaryOrderIdQuery,
  notaryPaymentResponse,
  notarySignRequest,
  notaryStateResponse,
  notaryStopRequest,
  notaryStopResponse,
  notaryTransferQuery,
  type NotaryDocumentType,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import { fileLink } from '../../files/links';
import { SNIFF_BYTES, sniffType } from '../../files/sniff';
import { ApiError, badRequest } from '../../http/errors';
import type { Translator } from '../../i18n';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { isOctetStream, readRawUpload } from '../../http/upload';
import type { PdfRenderer } from '../evidence/index';
import { documentTitle, notaryDocumentHtml } from './documents';
import type { NotaryParts } from '../../services';
import { transferImagePath, type NotaryService } from './service';
import type { ServerModule } from '../../module';

const TAG = 'notary';
/** A rendered document is a few hundred kilobytes; anything near this is a bug, not a document. */
const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

type IssuedDocument = Exclude<Awaited<ReturnType<NotaryService['documentFor']>>, 'generating'>;

/**
 * The issued document's PDF in the file store: the certificate (5) as the office attached it, the other four
 * rendered from the order's frozen data the first time, in the language of the request that first asks (`translator`),
 * and kept: later downloads get the same file. Shared by the user's download and the staff desk.
 */
export async function issuedDocumentKey(
  ctx: AppContext,
  service: NotaryService,
  pdf: PdfRenderer,
  found: IssuedDocument,
  type: NotaryDocumentType,
  translator: Translator,
): Promise<string> {
  if (found.fileKey) return found.fileKey;
  const { row } = found;
  if (type === 5) throw new Error(`notary order ${row.id} has its certificate issued without a file`);
  if (!row.application) throw new Error(`notary order ${row.id} is paid without an application`);
  const [items, sealPng] = await Promise.all([
    service.items(row.id),
    row.seal_file_key ? ctx.files.open(row.seal_file_key).then(({ stream }) => readAll(stream)) : Promise.resolve(null),
  ]);
  const html = notaryDocumentHtml(translator, {
    type,
    orderNo: row.order_no,
    evidenceType: row.type,
    application: row.application,
    items: items.map((e) => ({ baoquan: e.baoquan, title: e.title, fileHash: e.file_hash, savedAt: e.created_at, url: e.source_url })),
    amount: row.amount,
    createdAt: row.created_at,
    signedAt: row.signed_at,
    decodeAt: row.decode_at,
    issuedAt: found.issuedAt,
    sealName: row.seal_name ?? '',
    sealPng,
  });
  const bytes = await pdf.render(html);
  const stored = await ctx.files.put(Readable.from([bytes]), { maxBytes: DOCUMENT_MAX_BYTES });
  await service.rememberDocument(row.id, type, stored.key);
  return stored.key;
}

/**
 * Notarisation: the calls of the list, the wizard and the detail, and the sandbox notary office.
 * `pdf` is the app's one renderer, shared with the evidence certificates (the app closes it).
 */
function notaryRoutes(ctx: AppContext, { service, signer, transferStore }: NotaryParts, pdf: PdfRenderer) {
  const documentKey = (found: IssuedDocument, type: NotaryDocumentType, t: Translator) =>
    issuedDocumentKey(ctx, service, pdf, found, type, t);

  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'GET',
      url: '/api/notary/list',
      summary:
        "The owner's notarisation orders, newest first, 10 per page: startTime/endTime (epoch s, end inclusive), payType (0 all, 1 pending, 2 paid), notarialType (0 all, 1 in progress, 2 succeeded, 3 terminated, 4 failed), orderNo (part of the number)",
      tag: TAG,
      auth: true,
      query: notaryListQuery,
      response: notaryListResponse,
      handler: ({ session, query }) => service.list(session.userId, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/Evidences/stop',
      summary:
        'Ends an order the notary office has not accepted: it becomes terminated (voided); a pending payment order is cancelled, points paid are refunded once',
      tag: TAG,
      auth: true,
      body: notaryStopRequest,
      response: notaryStopResponse,
      successMessage: 'notarisation:stopped',
      handler: async ({ session, body, request }) => {
        await service.stop(session.userId, body.orderId);
        return { orderId: body.orderId, msg: request.translator.t('notarisation:stopped') };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/notary/evidenceList',
      summary:
        "The owner's preserved records of one type (1-5) that may be notarised, newest first, 10 per page; keyword matches the title",
      tag: TAG,
      auth: true,
      query: notaryEvidenceQuery,
      response: notaryEvidenceResponse,
      handler: ({ session, query }) => service.selectable(session.userId, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/notary/create',
      summary:
        'A new notarisation order (step 1) of the chosen records (ids, comma list, at most 50), all of the given type; verified users only',
      tag: TAG,
      auth: true,
      body: notaryCreateRequest,
      response: notaryCreateResponse,
      successMessage: 'notarisation:created',
      handler: ({ session, body }) => service.create(session.userId, body.type, body.ids),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/notary/state',
      summary:
        'What the wizard shows of an order: payload, step, status, applicant, saved form, seal, signature and decryption times, price, balance',
      tag: TAG,
      auth: true,
      query: notaryOrderIdQuery,
      response: notaryStateResponse,
      handler: ({ session, query }) => service.state(session.userId, query.orderId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/notary/applicationForm',
      summary:
        'Step 1: purpose (1-4; 4 with purposeNote), copies (1-10), delivery (1 pick-up, 2 mail with addressId); the applicant comes from the verification. Answers the state',
      tag: TAG,
      auth: true,
      body: notaryApplicationRequest,
      response: notaryStateResponse,
      successMessage: 'notarisation:formSaved',
      handler: async ({ session, body }) => {
        const { userId } = session;
        await service.saveApplication(userId, body);
        return service.state(userId, body.orderId);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/notary/sign',
      summary: "Step 2: signs the application online with the user's default seal. Answers the state",
      tag: TAG,
      auth: true,
      body: notarySignRequest,
      response: notaryStateResponse,
      successMessage: 'notarisation:signed',
      handler: async ({ session, body }) => {
        const { userId } = session;
        await service.sign(userId, body.orderId);
        return service.state(userId, body.orderId);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/notary/decode',
      summary: 'Step 3: agree=1 authorises the notary office to decrypt every record of the order. Answers the state',
      tag: TAG,
      auth: true,
      body: notaryDecodeRequest,
      response: notaryStateResponse,
      successMessage: 'notarisation:decoded',
      handler: async ({ session, body }) => {
        const { userId } = session;
        await service.authoriseDecryption(userId, body.orderId);
        return service.state(userId, body.orderId);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/notary/payment',
      summary:
        "Step 4: the order's pending payment order in /orders (made now, or the live one again); pay it with POST /api/Evidences/pay {order_no: proOrderNo}",
      tag: TAG,
      auth: true,
      body: notaryOrderIdQuery,
      response: notaryPaymentResponse,
      handler: ({ session, body }) => service.preparePayment(session.userId, body.orderId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/notary/transfer',
      summary:
        'Step 4 paid by bank transfer: the screenshot as the whole body (Content-Type application/octet-stream; orderId and fileName in the query), png or jpeg by content, at most 10MB, checked while streaming. No points are charged; the order waits for the notary office to confirm. Answers the state',
      tag: TAG,
      auth: true,
      response: notaryStateResponse,
      successMessage: 'notarisation:transferPending',
      handler: async ({ session, request }) => {
        const { userId } = session;
        if (!isOctetStream(request)) throw badRequest('notarisation:transferImageRequired');
        const { fields, source } = readRawUpload(request, request.translator, notaryTransferQuery, 'orderId');
        await service.submitTransfer(userId, fields.orderId, source);
        return service.state(userId, fields.orderId);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/notary/detail',
      summary:
        'An order: info (orderNo, addTime, money, pay, payType, tranImg, status, documents) and its records, 10 per page, by evidence type',
      tag: TAG,
      auth: true,
      query: notaryDetailQuery,
      response: notaryDetailResponse,
      handler: ({ session, query }) => service.detail(session.userId, query.orderId, query.page),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/notary/download',
      summary:
        "A document of a paid order (type 1 application form, 2 acceptance notice, 3 application notice, 4 inquiry record): data.downUrl, a signed link for FILE_LINK_TTL_SECONDS; data is the text 'notarisation certificate is being generated' while the office has not issued it",
      tag: TAG,
      auth: true,
      query: notaryDownloadQuery,
      response: notaryDownloadResponse,
      handler: async ({ session, query, request }) => {
        const t = request.translator;
        const type = query.type;
        const found = await service.documentFor(session.userId, query.orderId, type);
        if (found === 'generating') return t.t('errors:certificateGenerating');
        let key: string;
        try {
          key = await documentKey(found, type, t);
        } catch (error) {
          request.log.error({ err: error }, 'notary document rendering failed');
          throw new ApiError(500, ApiCode.serverError, 'preservation:pdfFailed');
        }
        const link = await fileLink(ctx.links, {
          key,
          name: `${documentTitle(t, type)}-${found.row.order_no}.pdf`,
          type: 'application/pdf',
          holder: { owner: found.row.user_id, record: 'notary', id: found.row.id },
        });
        return { downUrl: link.url, expiresAt: link.expiresAt };
      },
    }),
  ];

  /**
   * GET /api/notary/transfer/:id?exp=&sig=: an order's transfer screenshot. An <img> reads it, so the signed
   * link (made for the owner by the state and detail calls, and for the desk's page; 15 minutes) is the check.
   */
  const sendTransferImage = async (
    request: FastifyRequest<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>,
    reply: FastifyReply,
  ) => {
    const id = Number(request.params.id);
    const valid = Number.isSafeInteger(id) && id > 0 && (await signer.verify(transferImagePath(id), request.query.exp, request.query.sig));
    const key = valid ? await service.transferFileOf(id) : null;
    if (!key || !(await transferStore.has(key))) {
      return reply.status(404).send({ code: ApiCode.notFound, msg: request.translator.t('errors:notFound'), data: null });
    }
    // At most 10 MB: read whole, so the type is told by the bytes (png or jpeg, as the upload accepted).
    const bytes = await readAll((await transferStore.open(key)).stream);
    const jpeg = (await sniffType(bytes.subarray(0, SNIFF_BYTES))) === 'jpeg';
    return reply
      .header('content-type', jpeg ? 'image/jpeg' : 'image/png')
      .header('content-length', bytes.length)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(bytes);
  };

  return {
    routes,
    register(app: FastifyInstance) {
      app.get('/api/notary/transfer/:id', sendTransferImage);
    },
  };
}

/** Notarisation takes part in points payments of its orders (type 3) and reads the applicant from the verification. */
export const notaryModule: ServerModule = {
  name: 'notary',
  register(app, ctx) {
    const notary = notaryRoutes(ctx, ctx.notary, ctx.pdf);
    ctx.addRoutes(notary.routes);
    notary.register(app);
  },
};
