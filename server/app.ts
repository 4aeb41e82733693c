import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ApiCode } from '../src/shared/api/contracts/index';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/database';
import { registerFileDownloadRoute, SignedLinks } from './files/links';
import { UrlSigner } from './files/signed-url';
import { closeStorage, openStore } from './files/stores';
import { ApiError } from './http/errors';
import { buildOpenApi } from './http/openapi';
import { registerRoute, type RouteDefinition } from './http/route';
import { registerSecurityHeaders } from './http/security';
import { isDataException, registerHostileInputGuards } from './http/hostile-input';
import { hasWebBuild, registerWebApp, sendSpaFallback } from './http/web-app';
import { createTranslator, type Translator } from './i18n';
import { RateLimiter } from './lib/rate-limit';
import { loadLogKey } from './chain/keys';
import { TransparencyLog } from './chain/log';
import { chainRoutes } from './chain/routes';
import { accountRoutes } from './modules/account/routes';
import { preservationModule } from './modules/evidence/routes';
import { PdfRenderer } from './modules/evidence/pdf';
import { EvidenceService } from './modules/evidence/service';
import { captureModule } from './modules/capture/routes';
import { JobQueue } from './jobs/queue';
import { CaptchaService } from './modules/auth/captcha';
import { randomCaptchaText } from './modules/auth/captcha-image';
import { authRoutes } from './modules/auth/routes';
import { SessionService, tokenFrom } from './modules/auth/sessions';
import { SmsCodeService } from './modules/auth/sms';
import { contentRoutes } from './modules/content/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { registerSignatureImageRoute, signatureRoutes } from './modules/signatures/routes';
import { addressRoutes } from './modules/addresses/routes';
import { orderRoutes } from './modules/orders/routes';
import { OrderService } from './modules/orders/service';
import { registerNotifyRoutes } from './modules/payments/notify';
import { registerSandboxPaymentRoutes } from './modules/payments/sandbox';
import { SandboxGateway } from './providers/payments';
import { loadKycKey } from './modules/kyc/crypto';
import { kycModule } from './modules/kyc/routes';
import { notaryModule } from './modules/notary/routes';
import { enterpriseFromVerification, invoiceModule } from './modules/invoices/routes';
import { registerSandboxCaptchaRoute, SandboxCaptchaLog } from './modules/sandbox/captcha-log';
import { registerSandboxRoutes } from './modules/sandbox/routes';
import { SandboxSmsProvider, type SmsProvider } from './providers/sms';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../dist/web/', import.meta.url));
/** Forms and JSON of the sign-in calls are tiny; file uploads will get their own, larger limits per route. */
const BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  /** Opened and migrated by the caller (index.ts or the test helper). */
  database: Database;
  clock?: Clock;
  /** Defaults to the sandbox gateway when SMS_PROVIDER=sandbox. */
  sms?: SmsProvider;
  /** The captcha answers; tests pass a generator they can read. */
  captchaText?: () => string;
  /** The built web app; null serves the API only. Defaults to dist/web when it has been built. */
  webRoot?: string | null;
  /** Check every answer against its zod contract; on by default outside production. */
  validateResponses?: boolean;
  translator?: Translator;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
}

const envelope = (code: number, msg: string) => ({ code, msg, data: null });

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const translator = options.translator ?? createTranslator();
  const db = database.db;

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
      void (reply as FastifyReply).status(400).send(envelope(ApiCode.badRequest, translator.t('server:badUrl')));
    },
  });

  const sandboxSms = config.SMS_PROVIDER === 'sandbox' ? new SandboxSmsProvider(db, clock) : null;
  const sms = options.sms ?? sandboxSms;
  if (!sms) throw new Error(`no SMS provider for SMS_PROVIDER=${config.SMS_PROVIDER}`);
  // In sandbox mode the answers of recent captchas can be read by browser tests; production never keeps them.
  const sandboxCaptchas = config.APP_MODE === 'sandbox' ? new SandboxCaptchaLog() : null;
  const limiter = new RateLimiter(db, clock);
  const sessions = new SessionService(db, clock);
  const ctx: AppContext = {
    config,
    db,
    clock,
    translator,
    limiter,
    sms,
    sandboxSms,
    sessions,
    captchas: new CaptchaService(db, clock, options.captchaText ?? randomCaptchaText, sandboxCaptchas?.remember),
    smsCodes: new SmsCodeService(db, clock, limiter, sms, translator),
    files: openStore(config, 'main'),
    links: new SignedLinks(new UrlSigner(db, clock), config.FILE_LINK_TTL_SECONDS),
  };

  await registerSecurityHeaders(app);
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

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.httpStatus).send(envelope(error.code, error.text ?? translator.t(error.messageKey, error.vars)));
    }
    if (isDataException(error)) {
      // A value the database refused (out of range, malformed, NUL): bad input a contract let through. Logged
      // loudly so the contract gets its bound, answered as the client's mistake it is.
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send(envelope(ApiCode.badRequest, translator.t('server:badRequest')));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported content type.
      request.log.info({ err: error }, 'request refused');
      return reply.status(status).send(envelope(ApiCode.badRequest, translator.t('server:badRequest')));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(envelope(ApiCode.serverError, translator.t('errors:server')));
  });

  const webRoot = options.webRoot === undefined ? (hasWebBuild(DEFAULT_WEB_ROOT) ? DEFAULT_WEB_ROOT : null) : options.webRoot;
  if (webRoot) await registerWebApp(app, webRoot);

  app.setNotFoundHandler((request, reply) => {
    if (webRoot) {
      const sent = sendSpaFallback(request, reply);
      if (sent) return sent;
    }
    return reply.status(404).send(envelope(ApiCode.notFound, translator.t('errors:notFound')));
  });

  // The log's Ed25519 key is read (or created) now, so a bad LOG_SIGNING_KEY stops the start.
  const log = new TransparencyLog(db, clock, await loadLogKey(config));
  // One headless Chromium for every PDF (certificates, notary documents), launched on first use, closed with the app.
  const pdf = new PdfRenderer(config.CHROMIUM_PATH);
  app.addHook('onClose', async () => {
    await pdf.close();
    closeStorage(config);
  });
  const preservation = preservationModule(ctx, log, pdf);
  // Online evidence collection (issue 9): captures become jobs of the in-process queue and are preserved on the same log.
  const capture = captureModule(ctx, new EvidenceService(ctx, log), new JobQueue(db, clock, app.log), app.log);
  // Payment gateways: only the sandbox ones exist (PAYMENT_PROVIDER=sandbox, refused in production).
  const gateways = {
    alipay: new SandboxGateway('alipay', db, clock, config.PUBLIC_URL, translator.t('payment:cashierGo')),
    wechat: new SandboxGateway('wechat', db, clock, config.PUBLIC_URL),
  };
  const orders = new OrderService(db, clock, translator, config.ORDER_TTL_SECONDS);
  // The real-name data key is read (or created) now, so a bad KYC_ENCRYPTION_KEY stops the start.
  const kyc = kycModule(ctx, await loadKycKey(config));
  // Notarisation takes part in points payments of its orders (type 3) and reads the applicant from the verification.
  const notary = notaryModule(ctx, { orders, kyc: kyc.service, pdf });
  // Orders of an organisation go only to its verified enterprise's header (spec section 6).
  const invoices = invoiceModule(ctx, enterpriseFromVerification((userId) => kyc.service.authInfo(userId)));
  const routes: RouteDefinition[] = [
    ...chainRoutes(log),
    ...preservation.routes,
    ...authRoutes(ctx),
    ...accountRoutes(ctx),
    ...contentRoutes(ctx),
    ...notificationRoutes(ctx),
    ...signatureRoutes(ctx),
    ...addressRoutes(ctx),
    ...orderRoutes(ctx, orders, gateways),
    ...kyc.routes,
    ...notary.routes,
    ...invoices.routes,
    ...capture.routes,
  ];
  const routeContext = {
    translator,
    validateResponses: options.validateResponses ?? config.APP_MODE !== 'production',
    resolveSession: (request: FastifyRequest) => sessions.resolve(tokenFrom(request.headers.authorization)),
  };
  for (const route of routes) registerRoute(app, route, routeContext);
  registerSignatureImageRoute(app, ctx);
  registerFileDownloadRoute(app, { links: ctx.links, files: ctx.files, translator });
  preservation.register(app);
  registerNotifyRoutes(app, { orders, ...gateways, clock });
  kyc.register(app);
  notary.register(app);
  invoices.register(app);
  capture.register(app);

  let openApi: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', async () => {
    openApi ??= buildOpenApi(routes, { title: 'Evidence platform API', version: '0.1.0' });
    return openApi;
  });

  if (sandboxSms) registerSandboxRoutes(app, sandboxSms, translator);
  if (sandboxCaptchas) registerSandboxCaptchaRoute(app, sandboxCaptchas);
  if (config.PAYMENT_PROVIDER === 'sandbox' && config.APP_MODE === 'sandbox') {
    registerSandboxPaymentRoutes(app, { db, clock, translator, orders, ...gateways });
  }

  return app;
}
