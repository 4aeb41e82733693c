import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';

/** The parsed WeChat Pay API v3 settings of one merchant (direct merchant, "普通商户"). */
export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** Merchant API private key: signs every request. */
  privateKey: KeyObject;
  /** Serial number of the merchant API certificate (`serial_no` of the Authorization header), upper case. */
  certSerial: string;
  /** API v3 key: decrypts notifications (AES-256-GCM). */
  apiV3Key: Buffer;
  /**
   * Keys that verify WeChat Pay's answers and notifications, by the `Wechatpay-Serial` they come with: the
   * WeChat Pay public key under its ID (`PUB_KEY_ID_…`), platform certificates under their serial numbers.
   */
  platformKeys: ReadonlyMap<string, KeyObject>;
  baseUrl: string;
}

/** A WeChat Pay setting that is missing or wrong; `variable` names it, the message never repeats a secret. */
export class WechatPayConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'WechatPayConfigError';
  }
}

export type WechatPayEnv = Readonly<Record<string, string | undefined>>;

export const DEFAULT_WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com';
const MIN_RSA_BITS = 2048;

/** Environment files often hold a PEM on one line with `\n` escapes; both forms are read. */
const pemText = (value: string) => value.trim().replace(/\\n/g, '\n');

function text(env: WechatPayEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function required(env: WechatPayEnv, name: string): string {
  const value = text(env, name);
  if (value === undefined) throw new WechatPayConfigError(name, 'is required');
  return value;
}

function rsaBits(key: KeyObject): number | undefined {
  return key.asymmetricKeyType === 'rsa' ? key.asymmetricKeyDetails?.modulusLength : undefined;
}

function checkRsa(name: string, key: KeyObject): KeyObject {
  const bits = rsaBits(key);
  if (bits === undefined) throw new WechatPayConfigError(name, `must be an RSA key (got ${key.asymmetricKeyType ?? 'unknown'})`);
  if (bits < MIN_RSA_BITS) throw new WechatPayConfigError(name, `must be an RSA key of at least ${MIN_RSA_BITS} bits (got ${bits})`);
  return key;
}

function privateKey(env: WechatPayEnv, name: string): KeyObject {
  const value = pemText(required(env, name));
  if (!value.includes('-----BEGIN') || !value.includes('PRIVATE KEY-----'))
    throw new WechatPayConfigError(name, 'must be a PEM private key (-----BEGIN PRIVATE KEY-----, apiclient_key.pem)');
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: value, format: 'pem' });
  } catch {
    throw new WechatPayConfigError(name, 'is not a readable PEM private key');
  }
  return checkRsa(name, key);
}

function publicKey(name: string, value: string): KeyObject {
  const pem = pemText(value);
  if (!pem.includes('-----BEGIN') || !pem.includes('PUBLIC KEY-----'))
    throw new WechatPayConfigError(name, 'must be a PEM public key (-----BEGIN PUBLIC KEY-----, pub_key.pem)');
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw new WechatPayConfigError(name, 'is not a readable PEM public key');
  }
  return checkRsa(name, key);
}

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** One or more PEM platform certificates (wechatpay_*.pem), concatenated; keyed by their serial numbers. */
function platformCertificates(name: string, value: string): Map<string, KeyObject> {
  const pem = pemText(value);
  const blocks = pem.match(CERTIFICATE_BLOCK) ?? [];
  if (blocks.length === 0) throw new WechatPayConfigError(name, 'must hold one or more PEM certificates (-----BEGIN CERTIFICATE-----)');
  const keys = new Map<string, KeyObject>();
  blocks.forEach((block, index) => {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(block);
    } catch {
      throw new WechatPayConfigError(name, `certificate ${index + 1} is not a readable PEM certificate`);
    }
    keys.set(certificate.serialNumber.toUpperCase(), checkRsa(name, certificate.publicKey));
  });
  return keys;
}

function baseUrl(env: WechatPayEnv): string {
  const name = 'WECHATPAY_BASE_URL';
  const value = text(env, name) ?? DEFAULT_WECHATPAY_BASE_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WechatPayConfigError(name, 'must be an absolute URL');
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new WechatPayConfigError(name, 'must be https (plain http only for a stand-in on loopback)');
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    throw new WechatPayConfigError(name, 'must be a plain origin without query, fragment or credentials');
  return url.toString().replace(/\/+$/, '');
}

/**
 * Reads and checks every WECHATPAY_* variable (keys are parsed, lengths checked); throws a
 * `WechatPayConfigError` naming the first wrong variable. Verification keys: the WeChat Pay public key
 * (WECHATPAY_PLATFORM_PUBLIC_KEY with WECHATPAY_PLATFORM_PUBLIC_KEY_ID, for merchants since 2024) and/or
 * platform certificates (WECHATPAY_PLATFORM_CERTIFICATES); at least one.
 */
export function wechatPayConfig(env: WechatPayEnv): WechatPayConfig {
  const mchid = required(env, 'WECHATPAY_MCH_ID');
  if (!/^\d{6,32}$/.test(mchid)) throw new WechatPayConfigError('WECHATPAY_MCH_ID', 'must be the merchant number (digits)');
  const appid = required(env, 'WECHATPAY_APP_ID');
  if (!/^wx[0-9A-Za-z]{16}$/.test(appid))
    throw new WechatPayConfigError('WECHATPAY_APP_ID', 'must be an AppID (wx and 16 letters or digits)');
  const key = privateKey(env, 'WECHATPAY_PRIVATE_KEY');
  const certSerial = required(env, 'WECHATPAY_CERT_SERIAL');
  if (!/^[0-9A-Fa-f]{8,40}$/.test(certSerial))
    throw new WechatPayConfigError(
      'WECHATPAY_CERT_SERIAL',
      'must be the merchant certificate serial number (hexadecimal, up to 40 digits)',
    );
  const apiV3Text = required(env, 'WECHATPAY_API_V3_KEY');
  const apiV3Key = Buffer.from(apiV3Text, 'utf8');
  if (apiV3Key.length !== 32) throw new WechatPayConfigError('WECHATPAY_API_V3_KEY', `must be 32 bytes (got ${apiV3Key.length})`);

  const platformKeys = new Map<string, KeyObject>();
  const publicKeyText = text(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY');
  const publicKeyId = text(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY_ID');
  if (publicKeyText !== undefined || publicKeyId !== undefined) {
    if (publicKeyText === undefined)
      throw new WechatPayConfigError('WECHATPAY_PLATFORM_PUBLIC_KEY', 'is required with WECHATPAY_PLATFORM_PUBLIC_KEY_ID');
    if (publicKeyId === undefined)
      throw new WechatPayConfigError('WECHATPAY_PLATFORM_PUBLIC_KEY_ID', 'is required with WECHATPAY_PLATFORM_PUBLIC_KEY');
    const publicKeyObject = publicKey('WECHATPAY_PLATFORM_PUBLIC_KEY', publicKeyText);
    if (!/^PUB_KEY_ID_[0-9A-Za-z]{1,64}$/.test(publicKeyId))
      throw new WechatPayConfigError('WECHATPAY_PLATFORM_PUBLIC_KEY_ID', 'must be the WeChat Pay public key ID (PUB_KEY_ID_ and digits)');
    platformKeys.set(publicKeyId, publicKeyObject);
  }
  const certificates = text(env, 'WECHATPAY_PLATFORM_CERTIFICATES');
  if (certificates !== undefined)
    for (const [serial, k] of platformCertificates('WECHATPAY_PLATFORM_CERTIFICATES', certificates)) platformKeys.set(serial, k);
  if (platformKeys.size === 0)
    throw new WechatPayConfigError(
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'is required (with WECHATPAY_PLATFORM_PUBLIC_KEY_ID), unless WECHATPAY_PLATFORM_CERTIFICATES is set',
    );

  return { mchid, appid, privateKey: key, certSerial: certSerial.toUpperCase(), apiV3Key, platformKeys, baseUrl: baseUrl(env) };
}
