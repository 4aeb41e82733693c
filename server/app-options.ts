import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Translator } from './i18n';
import type { SmsProvider } from './providers/sms';

export interface BuildAppOptions {
  config: Config;
  /** Opened and migrated by the caller (index.ts or the test helper). */
  database: Database;
  clock?: Clock;
  /** Defaults to the gateway of SMS_PROVIDER (the sandbox outbox, Aliyun or Tencent Cloud). */
  sms?: SmsProvider;
  /** The captcha answers; tests pass a generator they can read. */
  captchaText?: () => string;
  /** The built web app; null serves the API only. Defaults to dist/web when it has been built. */
  webRoot?: string | null;
  /** Check every answer against its zod contract; CHECK_RESPONSES by default (unset: on outside production). */
  validateResponses?: boolean;
  translator?: Translator;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
}
