import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ApiCode } from '../contracts/index';
import { chainModule } from './chain/routes';
import { alipayPayments } from './config-providers';
import { filesModule } from './files/routes';
import { registerCompression } from './http/compress';
import { ApiError } from './http/errors';
import { registerRequestLanguage, requestTranslator } from './http/language';
import { isDataException, registerHostileInputGuards } from './http/hostile-input';
import { buildOpenApi } from './http/openapi';
import { registerRoute, type RouteContext, type RouteDefinition } from './http/route';
import { isBrokenUploadError } from './http/upload';
import { registerSecurityHeaders } from './http/security';
import { alipayFormTargets } from './providers/alipay';
import { hasWebBuild, registerWebApp, sendSpaFallback } from './http/web-app';
import { createTranslator } from './i18n';
import type { ModuleContext, ServerModule } from './module';
import { accountModule } from './modules/account/routes';
import { addressesModule } from './modules/addresses/routes';
import { authModule } from './modules/auth/routes';
import { cancellationModule } from './modules/cancellation/routes';
import { tokenFrom } from './modules/auth/sessions';
import { captureModule } from './modules/capture/routes';
import { contentModule } from './modules/content/routes';
import { evidenceModule } from './modules/evidence/routes';
import { invoiceModule } from './modules/invoices/routes';
import { kycModule } from './modules/kyc/routes';
import { notaryModule } from './modules/notary/routes';
import { notificationsModule } from './modules/notifications/routes';
import { personalDataModule } from './modules/personal-data/routes';
import { ordersModule } from './modules/orders/routes';
import { paymentsModule } from './modules/payments/routes';
import { sandboxModule } from './modules/sandbox/routes';
import { signaturesModule } from './modules/signatures/routes';
import { staffTokenFrom } from './modules/staff/sessions';
import { staffModule } from './modules/staff/routes';
import type { BuildAppOptions } from './app-options';
import { buildServices } from './services';
import { WEB_ROOT } from './paths';
import { healthModule } from './modules/health/routes';

/** Every module of the API, registered in this order (their routes are listed in /api/openapi.json in this order). */
const MODULES: readonly ServerModule[] = [
  chainModule,
  evidenceModule,
  authModule,
  accountModule,
  // Account cancellation: the request, its withdrawal, and the deletion job of due requests.
  cancellationModule,
  contentModule,
  notificationsModule,
  signaturesModule,
  addressesModule,
  ordersModule,
  kycModule,
  notaryModule,
  invoiceModule,
  captureModule,
  personalDataModule,
  filesModule,
  paymentsModule,
  // The staff console's API: sign-in, administration, audit, the desks.
  staffModule,
  // Sandbox mode only (each part checks its own switch): the SMS outbox and the captcha answers.
  sandboxModule,
  healthModule,
];

export type { BuildAppOptions } from './app-options';

export const DEFAULT_WEB_ROOT = WEB_ROOT;
/** Forms and JSON bodies are tiny; each upload route passes its own, larger limit to the multipart reader or the store. */
const BODY_LIMIT = 1024 * 1024;

const envelope = (code: number, msg: string) => ({ code, msg, data: null });

/** A route declaring a Fastify schema fails at start-up, loudly, instead of going unchecked. */
function noSchemaCompiler(): () => never {
  return () => {
    throw new Error('Fastify route schemas are not used here: declare the route with defineRoute and zod');
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const translator = options.translator ?? createTranslator();

  const app = Fastify({
    logger: options.logStream ? { level: config.LOG_LEVEL, stream: options.logStream } : { level: config.LOG_LEVEL },
    genReqId: () => randomUUID(),
    // Ids come from us, never from the client, so a log line cannot be forged into another request.
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT,
    // A URL the router cannot decode (`/api/%zz`) or a broken content-type header: the envelope, not Fastify's body.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: error }, 'malformed request');
      void (reply as FastifyReply)
        .status(400)
        .send(envelope(ApiCode.badRequest, requestTranslator(request, translator).t('server:badUrl')));
    },
    // Routes validate with zod (server/http/route.ts) and answer plain JSON: Fastify's own schema compilers (ajv,
    // fast-json-stringify) are never used, and loading them took a quarter of a second of every start.
    schemaController: { compilersFactory: { buildValidator: noSchemaCompiler, buildSerializer: noSchemaCompiler } },
  });

  // Alipay's page-pay form is posted by the browser to Alipay: its hosts join `form-action`.
  const alipay = alipayPayments(config);
  const formTargets = alipay ? alipayFormTargets(alipay.gateway) : [];
  registerRequestLanguage(app);
  registerSecurityHeaders(app, { formTargets });
  registerHostileInputGuards(app);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  // Multipart (file uploads) for every route; each upload route passes its own, larger `fileSize` limit to
  // request.file(), enforced while streaming. These defaults bound everything else a client may send.
  await app.register(multipart, { limits: { fields: 20, fieldSize: 64 * 1024, files: 1, parts: 30, fileSize: BODY_LIMIT } });
  // A file sent as the whole body (application/octet-stream) reaches its route as the raw stream, unparsed
  // and unbuffered: the route streams it into the store, whose maxBytes is the limit.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // Answers under /api carry tokens and personal data: never stored by browsers or proxies.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
  // After the hook above: JSON and text answers above 1 KB go brotli- or gzip-compressed.
  registerCompression(app);

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const t = requestTranslator(request, translator);
    if (error instanceof ApiError) {
      return reply.status(error.httpStatus).send(envelope(error.code, error.text ?? t.t(error.messageKey, error.vars)));
    }
    if (isDataException(error)) {
      // A value the database refused (out of range, malformed, NUL): bad input a contract let through. Logged
      // loudly so the contract gets its bound, answered as the client's mistake it is.
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send(envelope(ApiCode.badRequest, t.t('server:badRequest')));
    }
    if (isBrokenUploadError(error)) {
      // A multipart body the parser could not read (boundary, cut short, closed early), wherever a route let the
      // parser's error through (a file stream that failed while being stored): the client's broken upload.
      request.log.info({ err: error }, 'broken upload refused');
      return reply.status(400).send(envelope(ApiCode.badRequest, t.t('server:uploadBroken')));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported content type.
      request.log.info({ err: error }, 'request refused');
      return reply.status(status).send(envelope(ApiCode.badRequest, t.t('server:badRequest')));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(envelope(ApiCode.serverError, t.t('errors:server')));
  });

  const webRoot = options.webRoot === undefined ? (hasWebBuild(DEFAULT_WEB_ROOT) ? DEFAULT_WEB_ROOT : null) : options.webRoot;
  if (webRoot) await registerWebApp(app, webRoot);

  app.setNotFoundHandler((request, reply) => {
    const t = requestTranslator(request, translator);
    if (webRoot) {
      const sent = sendSpaFallback(request, reply, webRoot);
      if (sent) return sent;
    }
    return reply.status(404).send(envelope(ApiCode.notFound, t.t('errors:notFound')));
  });

  const services = await buildServices(app, options, translator);
  const routes: RouteDefinition[] = [];
  const routeContext: RouteContext = {
    translator,
    validateResponses: options.validateResponses ?? config.CHECK_RESPONSES ?? config.APP_MODE !== 'production',
    resolveSession: (request: FastifyRequest) => services.sessions.resolve(tokenFrom(request.headers.authorization)),
    resolveStaffSession: (request: FastifyRequest) => services.staff.sessions.resolve(staffTokenFrom(request.headers.authorization)),
  };
  const ctx: ModuleContext = {
    ...services,
    addRoutes(list) {
      for (const route of list) registerRoute(app, route, routeContext);
      routes.push(...list);
    },
  };
  for (const serverModule of MODULES) await serverModule.register(app, ctx);

  let openApi: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', () => {
    openApi ??= buildOpenApi(routes, { title: 'Evidence platform API', version: '0.1.0' });
    return openApi;
  });

  return app;
}
