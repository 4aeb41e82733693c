import type { PasswordHasher } from './modules/auth/password';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock';
import type { Config } from './config';
import type { SignedLinks } from './files/links';
import type { FileStore } from './files/store';
import type { DB } from './db/schema';
import type { Translator } from './i18n';
import type { RateLimiter } from './lib/rate-limit';
import type { CaptchaService } from './modules/auth/captcha';
import type { SessionService } from './modules/auth/sessions';
import type { SmsCodeService } from './modules/auth/sms';
import type { SandboxSmsProvider, SmsProvider } from './providers/sms';

/** What every module's services need, built once per app instance by buildServices (server/services.ts). */
export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  translator: Translator;
  /** Password hashing at the configured cost (PASSWORD_SCRYPT_LOG_N). */
  passwords: PasswordHasher;
  limiter: RateLimiter;
  /** The app's logger, for services outside a request (a failed notice SMS); never given codes, keys or secrets. */
  log: FastifyBaseLogger;
  sms: SmsProvider;
  /** Present when the SMS gateway is the sandbox (SMS_PROVIDER=sandbox): its outbox is served at /sandbox/sms. */
  sandboxSms: SandboxSmsProvider | null;
  captchas: CaptchaService;
  smsCodes: SmsCodeService;
  sessions: SessionService;
  /** Content-addressed uploads in `${DATA_DIR}/files` (server/files/store.ts). */
  files: FileStore;
  /** Short-lived signed links; `fileLink()` in server/files/links.ts makes download links of stored files. */
  links: SignedLinks;
}
