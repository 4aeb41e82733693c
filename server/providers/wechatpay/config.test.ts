import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerMessage, rsaSign, rsaVerify } from './protocol';
import { DEFAULT_WECHATPAY_BASE_URL, WechatPayConfigError, wechatPayConfig, type WechatPayEnv } from './index';

const pem = (key: { export(o: { type: 'pkcs8' | 'spki'; format: 'pem' }): string | Buffer }, type: 'pkcs8' | 'spki') =>
  key.export({ type, format: 'pem' }).toString();

let merchant: ReturnType<typeof generateKeyPairSync>;
let platform: ReturnType<typeof generateKeyPairSync>;
let base: Record<string, string>;

beforeAll(() => {
  merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  base = {
    WECHATPAY_MCH_ID: '1900000109',
    WECHATPAY_APP_ID: 'wxd678efh567hg6787',
    WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
    WECHATPAY_CERT_SERIAL: '1dde55ad98ed71d6edd4a4a16996de7b47773a8c',
    WECHATPAY_API_V3_KEY: randomBytes(16).toString('hex'),
    WECHATPAY_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
    WECHATPAY_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092025010600000000000001',
  };
});

function failure(env: WechatPayEnv): WechatPayConfigError {
  try {
    wechatPayConfig(env);
  } catch (error) {
    if (error instanceof WechatPayConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('wechatPayConfig', () => {
  it('reads a complete configuration in WeChat Pay public key mode', () => {
    const config = wechatPayConfig(base);
    expect(config.mchid).toBe('1900000109');
    expect(config.appid).toBe('wxd678efh567hg6787');
    expect(config.certSerial).toBe('1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C');
    expect(config.apiV3Key).toHaveLength(32);
    expect(config.baseUrl).toBe(DEFAULT_WECHATPAY_BASE_URL);
    expect([...config.platformKeys.keys()]).toEqual(['PUB_KEY_ID_0119000001092025010600000000000001']);
    // The parsed keys are the given ones: the merchant key signs what the matching public key verifies.
    const message = answerMessage('1', 'n', Buffer.from('{}'));
    const platformKey = config.platformKeys.get('PUB_KEY_ID_0119000001092025010600000000000001');
    expect(platformKey && rsaVerify(platformKey, message, rsaSign(platform.privateKey, message))).toBe(true);
    expect(rsaVerify(merchant.publicKey, message, rsaSign(config.privateKey, message))).toBe(true);
  });

  it('accepts PEM keys written on one line with \\n escapes, PKCS #1 keys, and a loopback http base URL', () => {
    const oneLine = (text: string) => text.trim().replace(/\n/g, '\\n');
    const config = wechatPayConfig({
      ...base,
      WECHATPAY_PRIVATE_KEY: oneLine(merchant.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
      WECHATPAY_PLATFORM_PUBLIC_KEY: oneLine(base.WECHATPAY_PLATFORM_PUBLIC_KEY ?? ''),
      WECHATPAY_BASE_URL: 'http://127.0.0.1:4567/',
    });
    expect(config.baseUrl).toBe('http://127.0.0.1:4567');
    expect(config.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('reads platform certificates, keyed by their serial numbers, instead of the public key', () => {
    // node:crypto makes no certificates: Debian's openssl signs one with the platform key.
    const folder = mkdtempSync(join(tmpdir(), 'wechatpay-cert-'));
    const keyFile = join(folder, 'key.pem');
    writeFileSync(keyFile, pem(platform.privateKey, 'pkcs8'), { mode: 0o600 });
    const certificate = execFileSync('openssl', [
      'req',
      '-x509',
      '-key',
      keyFile,
      '-subj',
      '/CN=Wechatpay',
      '-days',
      '30',
      '-set_serial',
      '0x5157F09EFDC096DE15EBE81A47057A72',
    ]).toString();
    rmSync(folder, { recursive: true, force: true });
    const config = wechatPayConfig({
      ...base,
      WECHATPAY_PLATFORM_PUBLIC_KEY: '',
      WECHATPAY_PLATFORM_PUBLIC_KEY_ID: '',
      WECHATPAY_PLATFORM_CERTIFICATES: certificate,
    });
    const key = config.platformKeys.get('5157F09EFDC096DE15EBE81A47057A72');
    const message = answerMessage('1', 'n', Buffer.from('{}'));
    expect(key && rsaVerify(key, message, rsaSign(platform.privateKey, message))).toBe(true);
    expect(
      failure({ ...base, WECHATPAY_PLATFORM_CERTIFICATES: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }).variable,
    ).toBe('WECHATPAY_PLATFORM_CERTIFICATES');
  });

  const ec = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const small = () => generateKeyPairSync('rsa', { modulusLength: 1024 });
  const cases: [string, () => WechatPayEnv][] = [
    ['WECHATPAY_MCH_ID', () => ({ ...base, WECHATPAY_MCH_ID: undefined })],
    ['WECHATPAY_MCH_ID', () => ({ ...base, WECHATPAY_MCH_ID: 'merchant' })],
    ['WECHATPAY_APP_ID', () => ({ ...base, WECHATPAY_APP_ID: 'wx123' })],
    ['WECHATPAY_PRIVATE_KEY', () => ({ ...base, WECHATPAY_PRIVATE_KEY: '' })],
    ['WECHATPAY_PRIVATE_KEY', () => ({ ...base, WECHATPAY_PRIVATE_KEY: 'not a key' })],
    ['WECHATPAY_PRIVATE_KEY', () => ({ ...base, WECHATPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' })],
    ['WECHATPAY_PRIVATE_KEY', () => ({ ...base, WECHATPAY_PRIVATE_KEY: pem(ec().privateKey, 'pkcs8') })],
    ['WECHATPAY_PRIVATE_KEY', () => ({ ...base, WECHATPAY_PRIVATE_KEY: pem(small().privateKey, 'pkcs8') })],
    ['WECHATPAY_PRIVATE_KEY', () => ({ ...base, WECHATPAY_PRIVATE_KEY: base.WECHATPAY_PLATFORM_PUBLIC_KEY })],
    ['WECHATPAY_CERT_SERIAL', () => ({ ...base, WECHATPAY_CERT_SERIAL: 'serial-1' })],
    ['WECHATPAY_API_V3_KEY', () => ({ ...base, WECHATPAY_API_V3_KEY: 'a'.repeat(31) })],
    ['WECHATPAY_API_V3_KEY', () => ({ ...base, WECHATPAY_API_V3_KEY: 'a'.repeat(33) })],
    ['WECHATPAY_API_V3_KEY', () => ({ ...base, WECHATPAY_API_V3_KEY: undefined })],
    ['WECHATPAY_PLATFORM_PUBLIC_KEY', () => ({ ...base, WECHATPAY_PLATFORM_PUBLIC_KEY: 'MIIBIjAN' })],
    ['WECHATPAY_PLATFORM_PUBLIC_KEY', () => ({ ...base, WECHATPAY_PLATFORM_PUBLIC_KEY: pem(small().publicKey, 'spki') })],
    ['WECHATPAY_PLATFORM_PUBLIC_KEY', () => ({ ...base, WECHATPAY_PLATFORM_PUBLIC_KEY: undefined })],
    [
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      () => ({ ...base, WECHATPAY_PLATFORM_PUBLIC_KEY: undefined, WECHATPAY_PLATFORM_PUBLIC_KEY_ID: undefined }),
    ],
    ['WECHATPAY_PLATFORM_PUBLIC_KEY_ID', () => ({ ...base, WECHATPAY_PLATFORM_PUBLIC_KEY_ID: undefined })],
    ['WECHATPAY_PLATFORM_PUBLIC_KEY_ID', () => ({ ...base, WECHATPAY_PLATFORM_PUBLIC_KEY_ID: '0119000001' })],
    ['WECHATPAY_BASE_URL', () => ({ ...base, WECHATPAY_BASE_URL: 'http://api.mch.weixin.qq.com' })],
    ['WECHATPAY_BASE_URL', () => ({ ...base, WECHATPAY_BASE_URL: 'api.mch.weixin.qq.com' })],
    ['WECHATPAY_BASE_URL', () => ({ ...base, WECHATPAY_BASE_URL: 'https://api.mch.weixin.qq.com/?x=1' })],
  ];

  it.each(cases.map(([variable, env], i) => [i, variable, env] as const))('case %i names %s', (_i, variable, env) => {
    const given = env();
    const error = failure(given);
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`${variable}: `)).toBe(true);
    // Never the secret itself in the message (it ends up in logs).
    for (const secret of [given.WECHATPAY_PRIVATE_KEY, given.WECHATPAY_API_V3_KEY, base.WECHATPAY_API_V3_KEY])
      if (secret && secret.length > 8) expect(error.message).not.toContain(secret.slice(0, 20));
  });
});
