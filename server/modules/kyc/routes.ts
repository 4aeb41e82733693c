import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ApiCode,
  authInfoResponse,
  companyAuthorizeFields,
  emptyBody,
  FACE_PENDING_CODE,
  faceQueryRequest,
  faceQueryResponse,
  faceStartRequest,
  faceStartResponse,
  ORG_IMAGE_FIELDS,
  ORG_IMAGE_MAX_BYTES,
  perAuthorizeFields,
  PERSON_IMAGE_FIELDS,
  PERSON_IMAGE_MAX_BYTES,
  REPAIR_IMAGE_FIELDS,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import { describeType, type SniffedType } from '../../files/sniff';
import { ApiError } from '../../http/errors';
import { defineRoute, parseInput, type RouteDefinition } from '../../http/route';
import { renderFacePage } from './pages';
import type { KycParts } from './parts';
import { kycImagePath, type KycService } from './service';
import { readKycUpload, type ImageRule } from './upload';
import type { ServerModule } from '../../module';

const TAG = 'kyc';

const ORG_RULE: ImageRule = {
  fields: ORG_IMAGE_FIELDS,
  maxBytes: ORG_IMAGE_MAX_BYTES,
  types: ['png', 'jpeg'],
  typeMessage: 'validation:orgImageType',
  sizeMessage: 'validation:orgImageSize',
};
const PERSON_TYPES: SniffedType[] = ['png', 'jpeg', 'gif'];
const PERSON_RULE: ImageRule = {
  fields: PERSON_IMAGE_FIELDS,
  maxBytes: PERSON_IMAGE_MAX_BYTES,
  types: PERSON_TYPES,
  typeMessage: 'validation:personImageType',
  sizeMessage: 'validation:personImageSize',
};
const REPAIR_RULE: ImageRule = { ...PERSON_RULE, fields: REPAIR_IMAGE_FIELDS };

/** Real-name verification: the spec's calls, the signed image route and, in sandbox mode, the desk and face pages. */
function kycRoutes(ctx: AppContext, { service, face, store, signer }: KycParts) {
  type StoredImages = Parameters<KycService['discard']>[0];
  const discard = (images: StoredImages) => service.discard(images);
  /** Records a submission whose images are already stored; when recording fails, the images go again. */
  const recordOrDiscard = async (images: StoredImages, record: () => Promise<unknown>): Promise<null> => {
    await record().catch(async (error: unknown) => {
      await discard(images);
      throw error;
    });
    return null;
  };

  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'POST',
      url: '/api/user/getAuthInfo',
      summary: "The signed-in user's verification: state, refusal reason, masked data, image links signed for FILE_LINK_TTL_SECONDS",
      tag: TAG,
      auth: true,
      body: emptyBody,
      response: authInfoResponse,
      handler: async ({ session }) => service.authInfo(session.userId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/companyAuthorize',
      summary:
        'Organisation verification (multipart: the text fields first, then license, legalFile, file, authorFront, authorBack; jpg/png by content, 20MB each). userStatus 1 or 4 only; sets status 2, userStatus 2',
      tag: TAG,
      auth: true,
      response: z.null(),
      successMessage: 'submitted',
      handler: async ({ session, request }) => {
        const { userId } = session;
        await service.checkMaySubmit(userId);
        const { fields, images } = await readKycUpload(request, ctx, store, companyAuthorizeFields, ORG_RULE, discard);
        return recordOrDiscard(images, () => service.submitOrganization(userId, fields, images));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/peruser/perAuthorize',
      summary:
        'Personal verification by documents, authType 1 (multipart: userName, contactIdcard, authorSex, address, agree=1, then authorFront, authorBack, authorHand; png/jpg/gif by content, 3MB each). Sets userStatus 2',
      tag: TAG,
      auth: true,
      response: z.null(),
      successMessage: 'submitted',
      handler: async ({ session, request }) => {
        const { userId } = session;
        await service.checkMaySubmit(userId);
        const { fields, images } = await readKycUpload(request, ctx, store, perAuthorizeFields, PERSON_RULE, discard);
        return recordOrDiscard(images, () => service.submitDocument(userId, fields, images));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/peruser/aliIdentification',
      summary: 'Starts face verification, authType 3 (username, idCard, type, agree=1): answers the face page url and certify_id',
      tag: TAG,
      auth: true,
      body: faceStartRequest,
      response: faceStartResponse,
      handler: async ({ session, body }) => face.startFace(session.userId, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/peruser/aliQuery',
      summary: 'Face verification result by certify_id: code 200 passed, 202 still waiting, 400 failed, expired or unknown',
      tag: TAG,
      auth: true,
      body: faceQueryRequest,
      response: faceQueryResponse,
      successMessage: 'verified',
      handler: async ({ session, body }) => {
        const state = await face.queryFace(session.userId, body.certify_id);
        if (state === 'pending') throw new ApiError(200, FACE_PENDING_CODE, 'verification:facePending');
        return { status: 'passed' as const };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/Peruser/userRepair',
      summary:
        'Supplement of a face-verified user (multipart: authorFront, authorBack; png/jpg/gif, 3MB each). repairType 1 or 4 only; sets repairType 2',
      tag: TAG,
      auth: true,
      response: z.null(),
      successMessage: 'submitted',
      handler: async ({ session, request }) => {
        const { userId } = session;
        await service.checkMayRepair(userId);
        const { images } = await readKycUpload(request, ctx, store, z.object({}), REPAIR_RULE, discard);
        return recordOrDiscard(images, () => service.submitRepair(userId, images));
      },
    }),
  ];

  const sandbox = ctx.config.APP_MODE === 'sandbox';

  /** The sandbox face page a phone opens from the QR code (FACE_PROVIDER=sandbox): pass or fail the check. */
  function registerFacePage(app: FastifyInstance): void {
    const t = ctx.translator.t;
    const faceQuery = z.object({ certify_id: z.string().trim().min(1).max(64) });
    app.get('/sandbox/face', async (request, reply) => {
      const parsed = faceQuery.safeParse(request.query);
      const check = parsed.success ? await face.faceCheck(parsed.data.certify_id) : null;
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderFacePage(t, parsed.success ? parsed.data.certify_id : '', check));
    });
    const faceDecision = faceQuery.extend({ result: z.enum(['pass', 'fail']) });
    app.post('/sandbox/face', async (request, reply) => {
      const parsed = parseInput(faceDecision, request.body, ctx.translator);
      await face.decideFace(parsed.certify_id, parsed.result === 'pass');
      if (String(request.headers.accept ?? '').includes('application/json'))
        return reply.send({ code: ApiCode.ok, msg: t('server:ok'), data: null });
      return reply.redirect(`/sandbox/face?certify_id=${encodeURIComponent(parsed.certify_id)}`, 303);
    });
  }

  function register(app: FastifyInstance): void {
    // The image behind a signed link (made for the owner by getAuthInfo, or for a reviewer by the staff console's view).
    app.get<{ Params: { id: string; field: string }; Querystring: { exp?: string; sig?: string } }>(
      '/api/kyc/image/:id/:field',
      async (request, reply) => {
        const id = Number(request.params.id);
        const { field } = request.params;
        const valid =
          Number.isSafeInteger(id) &&
          id > 0 &&
          /^\w{1,20}$/.test(field) &&
          (await signer.verify(kycImagePath(id, field), request.query.exp, request.query.sig));
        const image = valid ? await service.imageOf(id, field) : null;
        if (!image || !(await store.has(image.key))) {
          return reply.status(404).send({ code: ApiCode.notFound, msg: ctx.translator.t('errors:notFound'), data: null });
        }
        const { stream, size } = await store.open(image.key);
        return reply
          .header('content-type', describeType(image.type as SniffedType).mime)
          .header('content-length', size)
          .header('content-disposition', 'inline')
          .header('cache-control', 'private, no-store')
          .header('cross-origin-resource-policy', 'same-origin')
          .send(stream);
      },
    );

    if (!sandbox) return;
    // The sandbox face page decides sandbox checks only: with a real face provider it does not exist.
    if (ctx.config.FACE_PROVIDER === 'sandbox') registerFacePage(app);
  }

  return { routes, register };
}

export const kycModule: ServerModule = {
  name: 'kyc',
  register(app, ctx) {
    const kyc = kycRoutes(ctx, ctx.kyc);
    ctx.addRoutes(kyc.routes);
    kyc.register(app);
  },
};
