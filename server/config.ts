import { ConfigError } from './config-error';
import { alipaySettings, mailSettings, smsSettings, tsaSettings, wechatPaySettings, type TsaSettings } from './config-providers';
import type { SmtpSettings } from './providers/mail/config';
import type { AlipayConfig } from './providers/alipay/config';
import type { SmsSettings } from './providers/sms/config';
import type { WechatPayConfig } from './providers/wechatpay/config';
import { configSchema, type ParsedEnv } from './config-schema';
import { isAddressOrRange } from './lib/address-range';
import { RETIRED_DESK_VARIABLES, retiredDeskVariables, sandboxProviders } from './config-modes';
import { PRODUCTION_MIN_LOG_N } from './modules/auth/password';

export { isAddressOrRange };
export { RETIRED_DESK_VARIABLES, retiredDeskVariables, sandboxProviders };

export { ConfigError };
export type { ParsedEnv };

export type Config = ParsedEnv & {
  /** The parsed WeChat Pay settings with PAYMENT_PROVIDER including wechatpay (keys checked at start), else null. */
  wechatPay: WechatPayConfig | null;
  /** The parsed Alipay settings when Alipay pays or verifies faces (keys checked at start), else null. */
  alipay: AlipayConfig | null;
  /** The time-stamping authority's address and trust anchors with TSA_URL, else null (the sandbox authority). */
  tsa: TsaSettings | null;
  /** The parsed Aliyun or Tencent Cloud SMS settings with SMS_PROVIDER=aliyun or tencent, else null. */
  smsSettings: SmsSettings | null;
  /** The parsed SMTP settings with MAIL_PROVIDER=smtp, else null (the sandbox outbox). */
  smtp: SmtpSettings | null;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}=${JSON.stringify(env[String(issue.path[0])] ?? '')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError('invalid', details);
  }
  // On PostgreSQL several processes (machines) share the data: a key each created in its own DATA_DIR would
  // sign checkpoints and seal real-name data differently, so the shared keys must come from the environment.
  if (parsed.data.DATABASE_URL) {
    const missing = [
      parsed.data.LOG_SIGNING_KEY ? null : 'LOG_SIGNING_KEY',
      parsed.data.KYC_ENCRYPTION_KEY ? null : 'KYC_ENCRYPTION_KEY',
    ].filter((name): name is string => name !== null);
    if (missing.length > 0) throw new ConfigError('sharedKeysMissing', missing.join(', '));
  }
  if (parsed.data.APP_MODE === 'production' && parsed.data.PASSWORD_SCRYPT_LOG_N < PRODUCTION_MIN_LOG_N) {
    throw new ConfigError(
      'invalid',
      `PASSWORD_SCRYPT_LOG_N=${parsed.data.PASSWORD_SCRYPT_LOG_N}: at least ${PRODUCTION_MIN_LOG_N} in production`,
    );
  }
  if (parsed.data.APP_MODE === 'production' && parsed.data.TRUST_PROXY === true) {
    throw new ConfigError('trustProxyAll', 'TRUST_PROXY=true');
  }
  const sandboxes = sandboxProviders(parsed.data);
  if (parsed.data.APP_MODE === 'production' && sandboxes.length > 0) {
    throw new ConfigError('productionSandbox', sandboxes.join(', '));
  }
  return {
    ...parsed.data,
    wechatPay: wechatPaySettings(parsed.data),
    alipay: alipaySettings(parsed.data),
    smsSettings: smsSettings(parsed.data),
    tsa: tsaSettings(parsed.data),
    smtp: mailSettings(parsed.data),
  };
}

/** A configuration for tests and tools: defaults plus overrides, without reading the environment. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', ...overrides });
}
