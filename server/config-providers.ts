// The outside parties' settings (Alipay, WeChat Pay, SMS), read from the parsed environment at start: a wrong key or
// address stops the server with the variable named, instead of failing at the first payment or message.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ParsedEnv } from './config-schema';
import { ConfigError } from './config-error';
import { alipayConfig, AlipayConfigError, type AlipayConfig } from './providers/alipay/config';
import { MailConfigError, smtpConfig, type SmtpSettings } from './providers/mail/config';
import { aliyunSmsConfig, SmsConfigError, type SmsSettings, tencentSmsConfig } from './providers/sms/config';
import { wechatPayConfig, WechatPayConfigError, type WechatPayConfig } from './providers/wechatpay/config';

/** With SMS_PROVIDER=aliyun or tencent: that provider's variables parsed and checked (the first wrong one named). */
export function smsSettings(config: ParsedEnv): SmsSettings | null {
  try {
    if (config.SMS_PROVIDER === 'aliyun') return aliyunSmsConfig(config);
    if (config.SMS_PROVIDER === 'tencent') return tencentSmsConfig(config);
    return null;
  } catch (error) {
    if (error instanceof SmsConfigError) throw new ConfigError('invalid', error.message);
    throw error;
  }
}

/** With MAIL_PROVIDER=smtp: the SMTP server, login and sender parsed and checked (the first wrong variable named). */
export function mailSettings(config: ParsedEnv): SmtpSettings | null {
  if (config.MAIL_PROVIDER !== 'smtp') return null;
  try {
    const { SMTP_URL, SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASS, SMTP_FROM, SMTP_TIMEOUT_MS } = config;
    return smtpConfig({ SMTP_URL, SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASS, SMTP_FROM, SMTP_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof MailConfigError) throw new ConfigError('invalid', error.message);
    throw error;
  }
}

/** Real gateways and Alipay's face verification call back (notify) and return to the site: PUBLIC_URL must be https. */
function requireHttpsPublicUrl(config: ParsedEnv, why: string): void {
  if (!config.PUBLIC_URL?.startsWith('https://'))
    throw new ConfigError('invalid', `PUBLIC_URL: must be the https address of the site with ${why} (notify and return addresses)`);
}

/** With Alipay paying (PAYMENT_PROVIDER) or verifying faces (FACE_PROVIDER): every ALIPAY_* value parsed. */
export function alipaySettings(config: ParsedEnv): AlipayConfig | null {
  const paying = config.PAYMENT_PROVIDER.includes('alipay');
  if (!paying && config.FACE_PROVIDER !== 'alipay') return null;
  requireHttpsPublicUrl(config, paying ? 'PAYMENT_PROVIDER=alipay' : 'FACE_PROVIDER=alipay');
  try {
    const { ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY, ALIPAY_SELLER_ID, ALIPAY_GATEWAY, ALIPAY_TIMEOUT_MS } = config;
    return alipayConfig({ ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY, ALIPAY_SELLER_ID, ALIPAY_GATEWAY, ALIPAY_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof AlipayConfigError) throw new ConfigError('invalid', error.message);
    throw error;
  }
}

/** Alipay's settings when it takes payments (PAYMENT_PROVIDER includes alipay), not when it only verifies faces. */
export function alipayPayments(config: {
  alipay: AlipayConfig | null;
  PAYMENT_PROVIDER: ParsedEnv['PAYMENT_PROVIDER'];
}): AlipayConfig | null {
  return config.PAYMENT_PROVIDER.includes('alipay') ? config.alipay : null;
}

/** With PAYMENT_PROVIDER including wechatpay: every WECHATPAY_* value parsed, and an https PUBLIC_URL for the notify address. */
export function wechatPaySettings(config: ParsedEnv): WechatPayConfig | null {
  if (!config.PAYMENT_PROVIDER.includes('wechatpay')) return null;
  requireHttpsPublicUrl(config, 'PAYMENT_PROVIDER=wechatpay');
  try {
    const { WECHATPAY_MCH_ID, WECHATPAY_APP_ID, WECHATPAY_PRIVATE_KEY, WECHATPAY_CERT_SERIAL, WECHATPAY_API_V3_KEY } = config;
    const { WECHATPAY_PLATFORM_PUBLIC_KEY, WECHATPAY_PLATFORM_PUBLIC_KEY_ID, WECHATPAY_PLATFORM_CERTIFICATES, WECHATPAY_BASE_URL } = config;
    return wechatPayConfig({
      WECHATPAY_MCH_ID,
      WECHATPAY_APP_ID,
      WECHATPAY_PRIVATE_KEY,
      WECHATPAY_CERT_SERIAL,
      WECHATPAY_API_V3_KEY,
      WECHATPAY_PLATFORM_PUBLIC_KEY,
      WECHATPAY_PLATFORM_PUBLIC_KEY_ID,
      WECHATPAY_PLATFORM_CERTIFICATES,
      WECHATPAY_BASE_URL,
    });
  } catch (error) {
    if (error instanceof WechatPayConfigError) throw new ConfigError('invalid', error.message);
    throw error;
  }
}

export interface TsaSettings {
  url: string;
  /** DER certificates a token's signer must chain to. */
  trustAnchors: Uint8Array[];
  timeoutMs: number;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+?)-----END CERTIFICATE-----/g;

/** With TSA_URL: the trust anchors read from TSA_CERTIFICATES (PEM text, `\n` escapes allowed, or a PEM file's path). */
export function tsaSettings(config: ParsedEnv): TsaSettings | null {
  if (!config.TSA_URL) return null;
  const given = config.TSA_CERTIFICATES;
  if (!given) throw new ConfigError('invalid', "TSA_CERTIFICATES: the authority's root certificate (PEM) is required with TSA_URL");
  let pem = given.replaceAll('\\n', '\n');
  if (!pem.includes('-----BEGIN')) {
    try {
      pem = readFileSync(given, 'utf8');
    } catch {
      throw new ConfigError('invalid', `TSA_CERTIFICATES: neither PEM certificates nor a readable file (${given})`);
    }
  }
  const trustAnchors = [...pem.matchAll(PEM_CERTIFICATE)].map(
    (match) => new Uint8Array(Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64')),
  );
  if (trustAnchors.length === 0) throw new ConfigError('invalid', 'TSA_CERTIFICATES: no PEM certificate found');
  trustAnchors.forEach((der, i) => {
    try {
      new X509Certificate(der);
    } catch {
      throw new ConfigError('invalid', `TSA_CERTIFICATES: certificate ${i + 1} is not a valid X.509 certificate`);
    }
  });
  return { url: config.TSA_URL, trustAnchors, timeoutMs: config.TSA_TIMEOUT_MS };
}
