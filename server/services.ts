import { PasswordHasher } from './modules/auth/password';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { BuildAppOptions } from './app-options';
import { loadLogKey } from './chain/keys';
import { TransparencyLog } from './chain/log';
import { CheckpointTimestamper } from './chain/timestamps';
import { openTimestampAuthority, type TimestampAuthority } from './providers/tsa';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { alipayPayments } from './config-providers';
import type { AppContext } from './context';
import type { DB } from './db/schema';
import { SignedLinks } from './files/links';
import { UrlSigner } from './files/signed-url';
import { closeStorage, openStore } from './files/stores';
import type { FileStore } from './files/store';
import type { Translator } from './i18n';
import { JobQueue } from './jobs/queue';
import { RefundService } from './modules/payments/refunds';
import { RateLimiter } from './lib/rate-limit';
import { CaptchaService } from './modules/auth/captcha';
import { randomCaptchaText } from './modules/auth/captcha-image';
import { SessionService } from './modules/auth/sessions';
import { SmsCodeService } from './modules/auth/sms';
import { PdfRenderer } from './modules/evidence/pdf';
import { FieldCipher, imageSealKey, loadKycKey } from './modules/kyc/crypto';
import { KycReview } from './modules/kyc/review';
import type { KycParts } from './modules/kyc/parts';
import { KycService } from './modules/kyc/service';
import { FaceService } from './modules/kyc/face-service';
import { KycRecords } from './modules/kyc/records';
import { NotaryService } from './modules/notary/service';
import { OrderService } from './modules/orders/service';
import { SandboxCaptchaLog } from './modules/sandbox/captcha-log';
import { StaffAccounts } from './modules/staff/accounts';
import { StaffSessionService } from './modules/staff/sessions';
import { StaffSignIn } from './modules/staff/sign-in';
import { AlipayClient, AlipayGateway } from './providers/alipay';
import { AlipayFaceProvider, type FaceProvider, SandboxFaceProvider } from './providers/face';
import { type Gateways, SandboxGateway, UnavailableGateway } from './providers/payments';
import { WechatPayClient, WechatPayGateway } from './providers/wechatpay';
import { realSmsProvider, SandboxSmsProvider } from './providers/sms';
import { SandboxMailProvider, SmtpMailProvider, type MailProvider } from './providers/mail';

/**
 * The per-app services modules share, made once by buildApp before any module registers: the AppContext,
 * plus what more than one module calls (the transparency log, the PDF renderer, the job queue, the payment
 * gateways, orders, the real-name verification).
 */
export interface Services extends AppContext {
  /** The append-only log every preserved record is entered on (chain, evidence, capture). */
  transparencyLog: TransparencyLog;
  /** The checkpoints' RFC 3161 tokens (chain calls, offline proof packages); the authority is opened on first use. */
  timestamps: CheckpointTimestamper;
  /** One headless Chromium for every PDF (certificates, notary documents), launched on first use, closed with the app. */
  pdf: PdfRenderer;
  /** The in-process queue of capture jobs; the capture module starts its workers. */
  jobs: JobQueue;
  /** Payment gateways: the sandbox ones (PAYMENT_PROVIDER=sandbox, refused in production) or real WeChat Pay. */
  gateways: Gateways;
  /** Orders: recharges, and the points payments of notarisations (type 3). */
  orders: OrderService;
  /** Refunds of payments an order could not take, and the background closes of superseded trades (jobs). */
  refunds: RefundService;
  /** Real-name verification: notarisation reads the applicant from it, invoices the verified enterprise. */
  kyc: KycParts;
  /** Notarisation, made once (it takes part in points payments): the user's calls, the sandbox office, the staff desk. */
  notary: NotaryParts;
  /** Sandbox mode only: the answers of recent captchas, readable by browser tests; production never keeps them. */
  sandboxCaptchas: SandboxCaptchaLog | null;
  /** The staff console's accounts, sign-in and sessions; app.ts resolves staff sessions with it. */
  staff: StaffParts;
  /** Invoices' files and the e-mail that sends them (MAIL_PROVIDER). */
  invoiceMail: InvoiceMailParts;
}

export interface InvoiceMailParts {
  /** Issued invoices' files (PDF, OFD, XML): a store of their own. */
  store: FileStore;
  mail: MailProvider;
  /** MAIL_PROVIDER=sandbox: the outbox served at /sandbox/mail. */
  sandbox: SandboxMailProvider | null;
}

export interface NotaryParts {
  service: NotaryService;
  /** Signs the transfer screenshots' links (and the seal images'). */
  signer: UrlSigner;
  /** Bank transfer screenshots: a private folder of their own. */
  transferStore: FileStore;
}

export interface StaffParts {
  sessions: StaffSessionService;
  signIn: StaffSignIn;
  accounts: StaffAccounts;
}

export async function buildServices(app: FastifyInstance, options: BuildAppOptions, translator: Translator): Promise<Services> {
  const { config } = options;
  const db = options.database.db;
  const clock = options.clock ?? systemClock;
  const sandboxSms = config.SMS_PROVIDER === 'sandbox' ? new SandboxSmsProvider(db, clock) : null;
  // SMS_PROVIDER=aliyun or tencent: the real gateway, its settings parsed and checked by loadConfig.
  const sms = options.sms ?? sandboxSms ?? (config.smsSettings ? realSmsProvider(config.smsSettings) : null);
  if (!sms) throw new Error(`no SMS provider for SMS_PROVIDER=${config.SMS_PROVIDER}`);
  const sandboxCaptchas = config.APP_MODE === 'sandbox' ? new SandboxCaptchaLog() : null;
  const limiter = new RateLimiter(db, clock);
  const passwords = new PasswordHasher(config.PASSWORD_SCRYPT_LOG_N);
  const ctx: AppContext = {
    config,
    db,
    clock,
    translator,
    passwords,
    limiter,
    log: app.log,
    sms,
    sandboxSms,
    sessions: new SessionService(db, clock),
    captchas: new CaptchaService(db, clock, options.captchaText ?? randomCaptchaText, sandboxCaptchas?.remember),
    smsCodes: new SmsCodeService(db, clock, limiter, sms, app.log),
    files: openStore(config, 'main'),
    links: new SignedLinks(new UrlSigner(db, clock), config.FILE_LINK_TTL_SECONDS),
  };

  // The log's Ed25519 key and the real-name data key are read (or created) now, both at once, so a bad
  // LOG_SIGNING_KEY or KYC_ENCRYPTION_KEY stops the start.
  const [logKey, kycKey] = await Promise.all([loadLogKey(config), loadKycKey(config)]);
  const transparencyLog = new TransparencyLog(db, clock, logKey);
  // Published before any checkpoint it signs can be read, and kept after a rotation (old checkpoints stay verifiable).
  await transparencyLog.publishKey();
  // The authority is opened on first use (the sandbox's keys are made or read then), not at start.
  let opened: Promise<TimestampAuthority> | null = null;
  const authority = () =>
    (opened ??= openTimestampAuthority(config.tsa, db, clock).catch((error: unknown) => {
      opened = null; // tried again at the next use
      throw error;
    }));
  const timestamps = new CheckpointTimestamper(db, transparencyLog, authority, clock, !config.tsa);
  const pdf = new PdfRenderer(config.CHROMIUM_PATH);
  app.addHook('onClose', async () => {
    await pdf.close();
    closeStorage(config);
  });
  // Own folder, encrypted at rest: identity images are never served by the evidence download route, and a
  // copy of the disk shows neither them nor their hashes.
  const kycStore = openStore(config, 'kycSealed', { sealKey: imageSealKey(kycKey) });
  const kycSigner = new UrlSigner(db, clock);
  // One cipher of the KYC key: real-name fields, and the staff's TOTP secrets (each with its own associated data).
  const cipher = new FieldCipher(kycKey);
  const staffSessions = new StaffSessionService(db, clock, config.STAFF_SESSION_IDLE_MINUTES);
  const orders = new OrderService(db, clock, translator, config.ORDER_TTL_SECONDS);
  const kycRecords = new KycRecords(ctx, cipher);
  const kyc: KycParts = {
    service: new KycService(ctx, kycRecords, kycSigner),
    face: new FaceService(ctx, kycRecords, faceProvider(config, clock), app.log),
    review: new KycReview(db, cipher, kycSigner, config.FILE_LINK_TTL_SECONDS),
    store: kycStore,
    signer: kycSigner,
  };
  const notarySigner = new UrlSigner(db, clock);
  const transferStore = openStore(config, 'notaryTransfers');
  const notary = new NotaryService(ctx, {
    orders,
    kyc: kyc.service,
    sealStore: openStore(config, 'signatures'),
    signer: notarySigner,
    transferStore,
  });

  const invoiceStore = openStore(config, 'invoices');
  const sandboxMail = config.MAIL_PROVIDER === 'sandbox' ? new SandboxMailProvider(db, clock) : null;
  // MAIL_PROVIDER=smtp: nodemailer to the server parsed and checked by loadConfig; it connects at the first mail.
  const smtp = config.smtp ? new SmtpMailProvider(config.smtp, invoiceStore) : null;
  if (smtp) app.addHook('onClose', () => smtp.close());
  const mail = sandboxMail ?? smtp;
  if (!mail) throw new Error(`no mail provider for MAIL_PROVIDER=${config.MAIL_PROVIDER}`);

  // With PostgreSQL the queue also listens for wake-ups from other processes (LISTEN/NOTIFY).
  const jobs = new JobQueue(db, clock, app.log, options.database);
  const gateways = paymentGateways(config, db, clock, translator);
  return {
    ...ctx,
    transparencyLog,
    timestamps,
    pdf,
    jobs,
    gateways,
    orders,
    refunds: new RefundService({ db, clock, jobs, translator, gateways, log: app.log }),
    kyc,
    notary: { service: notary, signer: notarySigner, transferStore },
    sandboxCaptchas,
    staff: {
      sessions: staffSessions,
      signIn: new StaffSignIn({ db, clock, limiter, cipher, sessions: staffSessions, translator, passwords }),
      accounts: new StaffAccounts(db, clock, staffSessions, passwords),
    },
    invoiceMail: { store: invoiceStore, mail, sandbox: sandboxMail },
  };
}

/** FACE_PROVIDER: the sandbox face page, or Alipay identity verification (returning the person to the site). */
function faceProvider(config: Config, clock: Clock): FaceProvider {
  if (config.FACE_PROVIDER === 'alipay' && config.alipay) {
    return new AlipayFaceProvider(new AlipayClient(config.alipay, clock), `${(config.PUBLIC_URL ?? '').replace(/\/$/, '')}/`);
  }
  return new SandboxFaceProvider(config.PUBLIC_URL);
}

/**
 * The gateways of PAYMENT_PROVIDER: both sandboxes, or the real ones listed (Alipay through its SDK, WeChat Pay
 * API v3), each beside a gateway that refuses to start a payment when it is not listed.
 */
function paymentGateways(config: Config, db: Kysely<DB>, clock: Clock, translator: Translator): Gateways {
  if (config.PAYMENT_PROVIDER.includes('sandbox')) {
    const sandbox = {
      alipay: new SandboxGateway('alipay', db, clock, config.PUBLIC_URL, translator.t('payment:cashierGo')),
      wechat: new SandboxGateway('wechat', db, clock, config.PUBLIC_URL),
    };
    return { ...sandbox, sandbox };
  }
  const publicUrl = (config.PUBLIC_URL ?? '').replace(/\/$/, '');
  const alipay = alipayPayments(config);
  return {
    alipay: alipay ? new AlipayGateway(new AlipayClient(alipay, clock), publicUrl) : new UnavailableGateway('alipay'),
    wechat: config.wechatPay
      ? new WechatPayGateway(new WechatPayClient(config.wechatPay, { clock }), `${publicUrl}/api/wxpay/notify`)
      : new UnavailableGateway('wechat'),
    sandbox: null,
  };
}
