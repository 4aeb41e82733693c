import { z } from 'zod';
import { housekeepingEnv } from './config-housekeeping';
import { isAddressOrRange } from './lib/address-range';
import { PRODUCTION_MIN_LOG_N } from './modules/auth/password';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const FLAG_VALUES = ['true', 'false', '1', '0', ''] as const;
/** A switch: `true`/`1` on, `false`/`0`/empty/unset off; anything else refused at start. */
const flag = () =>
  z
    .enum(FLAG_VALUES)
    .default('false')
    .transform((v) => v === 'true' || v === '1');
/** A switch whose absence (empty or unset) means "as the mode decides": undefined. */
const optionalFlag = () =>
  z
    .enum(FLAG_VALUES)
    .default('')
    .transform((v) => (v === '' ? undefined : v === 'true' || v === '1'));

export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    APP_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
    /**
     * The scrypt cost of new password hashes, as log2 N: 17 (OWASP's, about 0.3 s) by default and at least that in
     * production; the test suites set a lower one (thousands of sign-ins).
     */
    PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(PRODUCTION_MIN_LOG_N),
    /**
     * Check every answer against its zod contract before sending it (a development aid; the browser checks what it
     * receives too). Unset: on in sandbox mode, off in production.
     */
    CHECK_RESPONSES: optionalFlag(),
    PUBLIC_URL: optionalText.pipe(z.string().url().optional()),
    /**
     * The address other API processes reach this one at (a recorded session's calls that reach
     * another process are forwarded here), an http(s) origin without path, e.g. `http://10.0.0.5:8080`.
     * Default `http://127.0.0.1:PORT` (processes on one machine only).
     */
    INTERNAL_URL: optionalText.pipe(
      z
        .string()
        .url()
        .refine((v) => {
          const url = URL.canParse(v) ? new URL(v) : null;
          return (
            (url?.protocol === 'http:' || url?.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash && !url.username
          );
        }, 'must be an http(s) origin such as http://10.0.0.5:8080 (no path, query or credentials)')
        .transform((v) => new URL(v).origin)
        .optional(),
    ),
    BANNER_TITLE: z.string().default(''),
    /**
     * The SMS gateway: `sandbox` (nothing sent; the messages are listed at /sandbox/sms), `aliyun` (Aliyun SMS with
     * the ALIYUN_SMS_* variables) or `tencent` (Tencent Cloud SMS with the TENCENT_SMS_* variables); see
     * docs/providers.md. A real one's variables are parsed and checked at start.
     */
    SMS_PROVIDER: z.enum(['sandbox', 'aliyun', 'tencent']).default('sandbox'),
    ALIYUN_SMS_ACCESS_KEY_ID: optionalText,
    ALIYUN_SMS_ACCESS_KEY_SECRET: optionalText,
    ALIYUN_SMS_SIGN_NAME: optionalText,
    ALIYUN_SMS_TEMPLATE_REGISTER: optionalText,
    ALIYUN_SMS_TEMPLATE_LOGIN: optionalText,
    ALIYUN_SMS_TEMPLATE_RESET: optionalText,
    ALIYUN_SMS_TEMPLATE_VERIFICATION_RESULT: optionalText,
    ALIYUN_SMS_ENDPOINT: optionalText,
    TENCENT_SMS_SECRET_ID: optionalText,
    TENCENT_SMS_SECRET_KEY: optionalText,
    TENCENT_SMS_SDK_APP_ID: optionalText,
    TENCENT_SMS_SIGN_NAME: optionalText,
    TENCENT_SMS_REGION: optionalText,
    TENCENT_SMS_TEMPLATE_REGISTER: optionalText,
    TENCENT_SMS_TEMPLATE_LOGIN: optionalText,
    TENCENT_SMS_TEMPLATE_RESET: optionalText,
    TENCENT_SMS_TEMPLATE_VERIFICATION_RESULT: optionalText,
    TENCENT_SMS_ENDPOINT: optionalText,
    /**
     * How invoices are e-mailed: `sandbox` (nothing sent; the mails are listed at /sandbox/mail, refused in
     * production) or `smtp` (SMTP_URL, or SMTP_HOST / SMTP_PORT / SMTP_SECURE / SMTP_USER / SMTP_PASS, and
     * SMTP_FROM); see docs/providers.md. The SMTP values are parsed and checked at start.
     */
    MAIL_PROVIDER: z.enum(['sandbox', 'smtp']).default('sandbox'),
    SMTP_URL: optionalText,
    SMTP_HOST: optionalText,
    SMTP_PORT: optionalText,
    SMTP_SECURE: optionalText,
    SMTP_USER: optionalText,
    SMTP_PASS: optionalText,
    SMTP_FROM: optionalText,
    SMTP_TIMEOUT_MS: optionalText,
    /**
     * Behind a load balancer, take the client address from X-Forwarded-For (needed by per-address limits).
     * `false` (default); a comma-separated list of the proxies' addresses or CIDR ranges (`10.0.0.0/8,127.0.0.1`):
     * only hops from those are believed; `true`: every hop is believed, refused in production because any
     * client could then choose its address and escape per-address limits.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx): boolean | string[] => {
        const text = v.trim();
        if (text === 'true' || text === '1') return true;
        if (text === 'false' || text === '0' || text === '') return false;
        const list = text
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '');
        const bad = list.filter((part) => !isAddressOrRange(part));
        if (bad.length > 0)
          ctx.addIssue({
            code: 'custom',
            message: `must be true, false or a comma-separated list of IP addresses or CIDR ranges (not ${bad.join(', ')})`,
          });
        return list;
      }),
    /** On SIGTERM, in-flight requests and jobs get this long to finish before the process gives up and exits non-zero. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Largest evidence file accepted by /api/data/upload, in bytes (spec section 9: the storage default of 5 GB). */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 50)
      .default(5 * 1024 ** 3),
    /** Lifetime of signed download links, in seconds. */
    FILE_LINK_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 24 * 3600)
      .default(300),
    ...housekeepingEnv,
    /**
     * Where stored files live: `local` (DATA_DIR/files) or `s3`, an S3-compatible bucket (AWS S3,
     * MinIO, Ceph, OSS/COS S3 endpoints). Credentials: the SDK's standard AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.
     */
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: optionalText,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    /** Empty: the provider's default endpoint (AWS); e.g. `http://minio:9000` otherwise. */
    S3_ENDPOINT: optionalText.pipe(z.string().url().optional()),
    /** `true`: `endpoint/bucket/key` addresses (MinIO, most local S3 servers) instead of `bucket.endpoint/key`. */
    S3_FORCE_PATH_STYLE: flag(),
    /**
     * `true`: a genuine download link is answered by a redirect to a short-lived presigned URL of the bucket,
     * so the bytes do not pass through the API (not for sealed identity images). The bucket must be reachable
     * by the browsers then.
     */
    S3_DIRECT_DOWNLOADS: flag(),
    /** Spec section 3: a decoded stored path on host `from` is answered on host `to` (`from>to`); empty: off. */
    STORAGE_HOST_SWAP: z
      .string()
      .default('')
      .refine((v) => v.trim() === '' || /^[^\s>/]+>[^\s>/]+$/.test(v.trim()), 'must be from-host>to-host'),
    /** Where a certificate's chain hash leads; `{chainhash}` is replaced. Default: the app's own explorer page. */
    EXPLORER_URL_TEMPLATE: z
      .string()
      .default('/explorer/{chainhash}')
      .refine(
        (v) => v.includes('{chainhash}') && (v.startsWith('/') || /^https?:\/\//.test(v)),
        'must be a /path or http(s) URL containing {chainhash}',
      ),
    /** Ed25519 private key (PKCS#8 PEM; `\n` escapes allowed) signing log checkpoints; default: `${DATA_DIR}/keys/log-ed25519.pem`, created at first start. */
    LOG_SIGNING_KEY: optionalText,
    /**
     * RFC 3161 time-stamping authority for the log's checkpoints: its http(s) address (POST of an
     * `application/timestamp-query`), or empty for the built-in sandbox authority (refused in production).
     */
    TSA_URL: optionalText.pipe(
      z
        .string()
        .url()
        .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
        .optional(),
    ),
    /** The authority's trust anchors with TSA_URL: PEM certificates (its root, and intermediates), or the path of a PEM file. */
    TSA_CERTIFICATES: optionalText,
    /**
     * The newest checkpoint is timestamped at most every this many seconds: one token covers every record since the
     * previous. 0: this process runs no timestamp job (another process on the same database does).
     */
    TSA_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /** How long one request to the authority may take. */
    TSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Unpaid orders are cancelled this many seconds after creation; paying one later is refused. */
    ORDER_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 24 * 3600)
      .default(1800),
    /**
     * Payment gateways: `sandbox` (both gateways simulated: cashier and scan pages of ours), or the real ones
     * offered, comma-separated: `alipay` (ALIPAY_* variables), `wechatpay` (WECHATPAY_* variables), or both.
     * With real gateways PUBLIC_URL must be https (the notify addresses); a method not listed is refused with
     * a clear message and not offered on /buyCredits.
     */
    PAYMENT_PROVIDER: z
      .string()
      .default('sandbox')
      .transform((v) => v.split(',').map((name) => name.trim()))
      .pipe(
        z
          .array(z.enum(['sandbox', 'alipay', 'wechatpay']))
          .min(1)
          .refine((names) => new Set(names).size === names.length, 'names a gateway twice')
          .refine((names) => !names.includes('sandbox') || names.length === 1, '`sandbox` cannot be mixed with real gateways'),
      ),
    /** With real gateways: how often pending recharges are asked about at their gateway (0: never), and from what age. */
    PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce
      .number()
      .int()
      .min(30)
      .max(24 * 3600)
      .default(300),
    /** Alipay open platform (PAYMENT_PROVIDER with alipay, FACE_PROVIDER=alipay): see docs/providers.md; parsed and checked at start. */
    ALIPAY_APP_ID: optionalText,
    ALIPAY_PRIVATE_KEY: optionalText,
    ALIPAY_PUBLIC_KEY: optionalText,
    ALIPAY_SELLER_ID: optionalText,
    ALIPAY_GATEWAY: optionalText,
    ALIPAY_TIMEOUT_MS: optionalText,
    /** WeChat Pay API v3 (PAYMENT_PROVIDER with wechatpay): see docs/providers.md; parsed and checked at start. */
    WECHATPAY_MCH_ID: optionalText,
    WECHATPAY_APP_ID: optionalText,
    WECHATPAY_PRIVATE_KEY: optionalText,
    WECHATPAY_CERT_SERIAL: optionalText,
    WECHATPAY_API_V3_KEY: optionalText,
    WECHATPAY_PLATFORM_PUBLIC_KEY: optionalText,
    WECHATPAY_PLATFORM_PUBLIC_KEY_ID: optionalText,
    WECHATPAY_PLATFORM_CERTIFICATES: optionalText,
    WECHATPAY_BASE_URL: optionalText,
    /**
     * AES-256-GCM key encrypting real-name data at rest (ID numbers, bank account, phones): 32 bytes as
     * base64 or 64 hex digits. Default: `${DATA_DIR}/keys/kyc-aes256.key`, created at first start. Several
     * API processes on one PostgreSQL must share it (set it here).
     */
    KYC_ENCRYPTION_KEY: optionalText.pipe(
      z
        .string()
        .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes as base64 or 64 hex digits')
        .optional(),
    ),
    /** A staff console session ends after this many minutes without a call. */
    STAFF_SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** Face verification: `sandbox` (our simulated face page) or `alipay` (Alipay identity verification, ALIPAY_* variables). */
    FACE_PROVIDER: z.enum(['sandbox', 'alipay']).default('sandbox'),
    /** Points one record of a notarisation order costs, whole points; fixed on the order when it is made. */
    NOTARY_POINTS_PER_RECORD: z.coerce.number().int().min(1).max(100_000).default(20),
    /**
     * The notary office's receiving account for orders paid by bank transfer (shown at step 4). Unset, the
     * sandbox office's account from the locale (notarisation:bankSandbox*) is shown.
     */
    NOTARY_BANK_ACCOUNT_NAME: z.string().trim().min(1).max(100).optional(),
    NOTARY_BANK_NAME: z.string().trim().min(1).max(100).optional(),
    NOTARY_BANK_ACCOUNT_NO: z
      .string()
      .trim()
      .regex(/^[0-9 -]{6,40}$/)
      .optional(),
    /** The Chromium that renders certificate PDFs and captures web pages and sessions (Debian's by default). */
    CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
    /** Online evidence collection: points charged per captured address, per recorded session, per app upload; 0 is free. */
    CAPTURE_WEB_POINTS: z.coerce.number().min(0).max(100_000).default(2),
    CAPTURE_PROCESS_POINTS: z.coerce.number().min(0).max(100_000).default(10),
    CAPTURE_MOBILE_POINTS: z.coerce.number().min(0).max(100_000).default(2),
    /** Let captures reach loopback, private and link-local addresses (tests serve their pages on loopback; an intranet deployment may want its own hosts). */
    CAPTURE_ALLOW_PRIVATE: flag(),
    /** How long a web capture may take to load its page, in seconds (the whole job gets 20 s more). */
    CAPTURE_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(300).default(30),
    /** Most bytes one capture may download (page, resources, everything), and the largest rendered HTML kept. */
    CAPTURE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 ** 3)
      .default(50 * 1024 ** 2),
    /** Most redirects a captured address may take before the capture fails. */
    CAPTURE_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(10),
    /** Capture jobs this process runs at once; 0 runs none (another process works the queue). */
    CAPTURE_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
    /** Longest recorded session, and how long a session lives without the page asking for its screen, in seconds. */
    CAPTURE_PROCESS_MAX_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(4 * 3600)
      .default(1800),
    CAPTURE_PROCESS_IDLE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
    /** Remote browser sessions this process holds at once (each is a Chromium page). */
    CAPTURE_PROCESS_MAX_SESSIONS: z.coerce.number().int().min(1).max(64).default(4),
    /** Largest piece of a mobile recording sent from the phone's browser, in bytes. */
    MOBILE_PIECE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(256 * 1024 ** 2)
      .default(8 * 1024 ** 2),
    /** Largest whole mobile recording (all its pieces), in bytes. */
    MOBILE_RECORDING_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(2 ** 40)
      .default(500 * 1024 ** 2),
    /** Longest a mobile recording may take from its start to its last piece, in seconds. */
    MOBILE_RECORDING_MAX_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(24 * 3600)
      .default(1800),
    /** A mobile recording with no piece for this long is ended as failed (abandoned), uncharged. */
    MOBILE_RECORDING_IDLE_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(24 * 3600)
      .default(300),
    /** How long a desktop-to-phone sign-in code (QR code) may be redeemed, in seconds. */
    AUTH_HANDOFF_TTL_SECONDS: z.coerce.number().int().min(30).max(600).default(120),
    /** The ffmpeg that encodes session recordings (Debian's by default). */
    FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  })
  .refine((c) => c.STORAGE !== 's3' || c.S3_BUCKET !== undefined, { path: ['S3_BUCKET'], message: 'is required when STORAGE=s3' })
  .transform((c) => ({ ...c, INTERNAL_URL: c.INTERNAL_URL ?? `http://127.0.0.1:${c.PORT}` }));

/** The environment as parsed by the schema, before the providers' settings are read from it. */
export type ParsedEnv = z.infer<typeof configSchema>;
