import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ApiCode,
  SIGNATURE_MAX_BYTES,
  signatureIdRequest,
  signatureListingResponse,
  signatureUploadFields,
  signatureUploadResponse,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import { UrlSigner } from '../../files/signed-url';
import type { FileStore } from '../../files/store';
import { openStore } from '../../files/stores';
import { badRequest } from '../../http/errors';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { imagePath, SignatureService } from './service';
import { readMultipartUpload } from '../../http/upload';
import type { ServerModule } from '../../module';

const TAG = 'signatures';

interface SignatureParts {
  service: SignatureService;
  store: FileStore;
  signer: UrlSigner;
}
const partsOf = new WeakMap<AppContext, SignatureParts>();

/** Seal images have their own folder of the file store, so deleting a seal never touches another domain's bytes. */
function signatureParts(ctx: AppContext): SignatureParts {
  let parts = partsOf.get(ctx);
  if (!parts) {
    const store = openStore(ctx.config, 'signatures');
    const signer = new UrlSigner(ctx.db, ctx.clock);
    parts = { service: new SignatureService(ctx.db, ctx.clock, store, signer), store, signer };
    partsOf.set(ctx, parts);
  }
  return parts;
}

/** Reads `name` and `isDefault` (sent before the file) and the file part; checks the fields before a byte is stored. */
async function readUpload(request: FastifyRequest) {
  // Without a file part the fields cannot be read either (they travel with it): the image is what is missing.
  const { fields, file } = await readMultipartUpload(request, request.translator, {
    schema: signatureUploadFields,
    maxBytes: SIGNATURE_MAX_BYTES,
    input: (text) => ({ name: text.name, isDefault: text.isDefault }),
    noFile: () => badRequest('validation:signatureImageRequired'),
    fileField: 'file',
  });
  return { ...fields, file };
}

export function signatureRoutes(ctx: AppContext): RouteDefinition[] {
  const { service } = signatureParts(ctx);
  return [
    defineRoute({
      method: 'POST',
      url: '/api/signature/listing',
      summary: "The owner's seals, the default first, then newest first; pic_url is a signed link valid for 15 minutes",
      tag: TAG,
      auth: true,
      response: signatureListingResponse,
      handler: async ({ session }) => ({ list: await service.list(session.userId) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/signature/upload',
      summary:
        'Uploads a seal (multipart: name, isDefault "1"/"0", then file): png by content, at most 10MB, checked while streaming; the first seal becomes the default',
      tag: TAG,
      auth: true,
      response: signatureUploadResponse,
      successMessage: 'added',
      handler: async ({ session, request }) => {
        const { userId } = session;
        const upload = await readUpload(request);
        return service.upload(userId, { name: upload.name, isDefault: upload.isDefault === '1', file: upload.file });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/signature/del',
      summary: 'Deletes a seal of the owner; a deleted default passes to the newest seal left',
      tag: TAG,
      auth: true,
      body: signatureIdRequest,
      response: z.null(),
      successMessage: 'deleted',
      handler: async ({ session, body }) => {
        await service.remove(session.userId, body.id);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/signature/setDefault',
      summary: 'Makes a seal of the owner the default; the mark moves in one transaction',
      tag: TAG,
      auth: true,
      body: signatureIdRequest,
      response: z.null(),
      successMessage: 'defaultSet',
      handler: async ({ session, body }) => {
        await service.setDefault(session.userId, body.id);
        return null;
      },
    }),
  ];
}

/**
 * GET /api/signature/image/:id?exp=&sig=: the png behind a pic_url. Not an enveloped call: an <img> reads
 * it, so the signed link (made for the owner by the listing, valid 15 minutes) is the access check.
 */
export function registerSignatureImageRoute(app: FastifyInstance, ctx: AppContext): void {
  const { service, signer, store } = signatureParts(ctx);
  app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>('/api/signature/image/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const valid = Number.isSafeInteger(id) && id > 0 && (await signer.verify(imagePath(id), request.query.exp, request.query.sig));
    const key = valid ? await service.fileOf(id) : null;
    if (!key || !(await store.has(key))) {
      return reply.status(404).send({ code: ApiCode.notFound, msg: ctx.translator.t('errors:notFound'), data: null });
    }
    const { stream, size } = await store.open(key);
    return reply
      .header('content-type', 'image/png')
      .header('content-length', size)
      .header('content-disposition', 'inline')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(stream);
  });
}

export const signaturesModule: ServerModule = {
  name: 'signatures',
  register(app, ctx) {
    ctx.addRoutes(signatureRoutes(ctx));
    registerSignatureImageRoute(app, ctx);
  },
};
