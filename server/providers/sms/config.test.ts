import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, sandboxProviders } from '../../config';
import {
  aliyunSmsConfig,
  DEFAULT_ALIYUN_SMS_ENDPOINT,
  DEFAULT_TENCENT_SMS_ENDPOINT,
  isLoopbackHost,
  SmsConfigError,
  type SmsEnv,
  tencentSmsConfig,
} from './index';

const ALIYUN: Record<string, string> = {
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tAbCdEfGhIjKlMnOpQr',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'AbCdEfGhIjKlMnOpQrStUvWxYz0123',
  ALIYUN_SMS_SIGN_NAME: '存证平台',
  ALIYUN_SMS_TEMPLATE_REGISTER: 'SMS_154950909',
  ALIYUN_SMS_TEMPLATE_LOGIN: 'SMS_154950909',
  ALIYUN_SMS_TEMPLATE_RESET: 'SMS_154950910',
  ALIYUN_SMS_TEMPLATE_VERIFICATION_RESULT: 'SMS_154950911',
};

const TENCENT: Record<string, string> = {
  TENCENT_SMS_SECRET_ID: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
  TENCENT_SMS_SECRET_KEY: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  TENCENT_SMS_SDK_APP_ID: '1400006666',
  TENCENT_SMS_SIGN_NAME: 'Evidence存证',
  TENCENT_SMS_TEMPLATE_REGISTER: '449739',
  TENCENT_SMS_TEMPLATE_LOGIN: '449740',
  TENCENT_SMS_TEMPLATE_RESET: '449741',
  TENCENT_SMS_TEMPLATE_VERIFICATION_RESULT: '449742',
};

function refusal(read: (env: SmsEnv) => unknown, env: SmsEnv): SmsConfigError {
  try {
    read(env);
  } catch (error) {
    if (error instanceof SmsConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('Aliyun SMS settings', () => {
  it('reads a complete configuration, https to dysmsapi.aliyuncs.com by default', () => {
    expect(aliyunSmsConfig(ALIYUN)).toEqual({
      provider: 'aliyun',
      accessKeyId: 'LTAI5tAbCdEfGhIjKlMnOpQr',
      accessKeySecret: 'AbCdEfGhIjKlMnOpQrStUvWxYz0123',
      signName: '存证平台',
      templates: {
        register: 'SMS_154950909',
        login: 'SMS_154950909',
        reset: 'SMS_154950910',
        cancel: 'SMS_154950910',
        verificationResult: 'SMS_154950911',
      },
      endpoint: { protocol: 'https', host: DEFAULT_ALIYUN_SMS_ENDPOINT },
    });
    expect(aliyunSmsConfig({ ...ALIYUN, ALIYUN_SMS_ENDPOINT: 'https://dysmsapi.ap-southeast-1.aliyuncs.com' }).endpoint).toEqual({
      protocol: 'https',
      host: 'dysmsapi.ap-southeast-1.aliyuncs.com',
    });
    expect(aliyunSmsConfig({ ...ALIYUN, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:4567/' }).endpoint).toEqual({
      protocol: 'http',
      host: '127.0.0.1:4567',
    });
  });

  it('names each missing or wrong variable, never repeating a secret', () => {
    const cases: [string, string | undefined, RegExp][] = [
      ['ALIYUN_SMS_ACCESS_KEY_ID', undefined, /is required/],
      ['ALIYUN_SMS_ACCESS_KEY_ID', 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3', /AccessKey ID/],
      ['ALIYUN_SMS_ACCESS_KEY_SECRET', '   ', /is required/],
      ['ALIYUN_SMS_ACCESS_KEY_SECRET', 'short-secret!', /AccessKey secret/],
      ['ALIYUN_SMS_SIGN_NAME', '【存证平台】', /without brackets/],
      ['ALIYUN_SMS_SIGN_NAME', '存', /2-12 characters/],
      ['ALIYUN_SMS_SIGN_NAME', '电子数据存证平台官方短信通知服务', /2-12 characters/],
      ['ALIYUN_SMS_SIGN_NAME', '存证 平台', /Chinese characters, letters and digits/],
      ['ALIYUN_SMS_TEMPLATE_REGISTER', undefined, /is required/],
      ['ALIYUN_SMS_TEMPLATE_LOGIN', '154950909', /SMS_123456789/],
      ['ALIYUN_SMS_TEMPLATE_RESET', 'SMS_abc', /SMS_123456789/],
      ['ALIYUN_SMS_TEMPLATE_VERIFICATION_RESULT', 'SMS_154950910', /its own template/],
      ['ALIYUN_SMS_ENDPOINT', 'http://dysmsapi.aliyuncs.com', /https/],
      ['ALIYUN_SMS_ENDPOINT', 'https://dysmsapi.aliyuncs.com/api', /without path/],
      ['ALIYUN_SMS_ENDPOINT', 'https://', /host name/],
    ];
    for (const [variable, value, problem] of cases) {
      const error = refusal(aliyunSmsConfig, { ...ALIYUN, [variable]: value });
      expect(error.variable, `${variable}=${value}`).toBe(variable);
      expect(error.message, `${variable}=${value}`).toMatch(problem);
      expect(error.message.startsWith(`${variable}: `)).toBe(true);
    }
    const secret = 'not a secret but long enough';
    expect(refusal(aliyunSmsConfig, { ...ALIYUN, ALIYUN_SMS_ACCESS_KEY_SECRET: secret }).message).not.toContain(secret);
  });
});

describe('Tencent Cloud SMS settings', () => {
  it('reads a complete configuration: region ap-guangzhou and sms.tencentcloudapi.com by default', () => {
    expect(tencentSmsConfig(TENCENT)).toEqual({
      provider: 'tencent',
      secretId: TENCENT.TENCENT_SMS_SECRET_ID,
      secretKey: TENCENT.TENCENT_SMS_SECRET_KEY,
      sdkAppId: '1400006666',
      signName: 'Evidence存证',
      region: 'ap-guangzhou',
      templates: { register: '449739', login: '449740', reset: '449741', cancel: '449741', verificationResult: '449742' },
      endpoint: { protocol: 'https', host: DEFAULT_TENCENT_SMS_ENDPOINT },
    });
    expect(
      tencentSmsConfig({ ...TENCENT, TENCENT_SMS_REGION: 'ap-nanjing', TENCENT_SMS_ENDPOINT: 'http://sms.localhost:9000' }),
    ).toMatchObject({
      region: 'ap-nanjing',
      endpoint: { protocol: 'http', host: 'sms.localhost:9000' },
    });
  });

  it('names each missing or wrong variable', () => {
    const cases: [string, string | undefined, RegExp][] = [
      ['TENCENT_SMS_SECRET_ID', undefined, /is required/],
      ['TENCENT_SMS_SECRET_ID', 'LTAI5tAbCdEfGhIjKlMnOpQr', /SecretId/],
      ['TENCENT_SMS_SECRET_KEY', 'abc', /SecretKey/],
      ['TENCENT_SMS_SDK_APP_ID', '', /is required/],
      ['TENCENT_SMS_SDK_APP_ID', '14000066', /SdkAppId/],
      ['TENCENT_SMS_SDK_APP_ID', 'app1400006666', /SdkAppId/],
      ['TENCENT_SMS_SIGN_NAME', '[存证]', /without brackets/],
      ['TENCENT_SMS_REGION', 'guangzhou', /ap-guangzhou/],
      ['TENCENT_SMS_TEMPLATE_LOGIN', 'SMS_449740', /digits/],
      ['TENCENT_SMS_TEMPLATE_VERIFICATION_RESULT', '449739', /its own template/],
      ['TENCENT_SMS_ENDPOINT', 'http://sms.tencentcloudapi.com', /https/],
      ['TENCENT_SMS_ENDPOINT', 'http://127.0.0.1:9000', /sms\./],
    ];
    for (const [variable, value, problem] of cases) {
      const error = refusal(tencentSmsConfig, { ...TENCENT, [variable]: value });
      expect(error.variable, `${variable}=${value}`).toBe(variable);
      expect(error.message, `${variable}=${value}`).toMatch(problem);
    }
  });

  it('takes only loopback names for plain http', () => {
    for (const host of ['127.0.0.1', '127.8.9.1', '[::1]', 'localhost', 'sms.localhost']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['10.0.0.1', 'localhost.example.com', 'sms.tencentcloudapi.com', '::2'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('SMS_PROVIDER in the configuration', () => {
  it('parses the chosen provider at start; the sandbox needs nothing', () => {
    expect(loadConfig({}).smsSettings).toBeNull();
    expect(loadConfig({ SMS_PROVIDER: 'aliyun', ...ALIYUN }).smsSettings).toMatchObject({ provider: 'aliyun', signName: '存证平台' });
    expect(loadConfig({ SMS_PROVIDER: 'tencent', ...TENCENT }).smsSettings).toMatchObject({ provider: 'tencent', sdkAppId: '1400006666' });
    // The other provider's variables are not read.
    expect(loadConfig({ SMS_PROVIDER: 'tencent', ...TENCENT, ALIYUN_SMS_TEMPLATE_LOGIN: 'bad' }).smsSettings?.provider).toBe('tencent');
  });

  it('stops the start naming the wrong variable', () => {
    const kind = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return null;
      } catch (error) {
        return error instanceof ConfigError ? { kind: error.kind, details: error.details } : error;
      }
    };
    expect(kind({ SMS_PROVIDER: 'aliyun' })).toEqual({ kind: 'invalid', details: 'ALIYUN_SMS_ACCESS_KEY_ID: is required' });
    expect(kind({ SMS_PROVIDER: 'tencent', ...TENCENT, TENCENT_SMS_TEMPLATE_RESET: 'x' })).toMatchObject({
      kind: 'invalid',
      details: expect.stringMatching(/^TENCENT_SMS_TEMPLATE_RESET: /) as unknown,
    });
    expect(kind({ SMS_PROVIDER: 'twilio' })).toMatchObject({
      kind: 'invalid',
      details: expect.stringContaining('SMS_PROVIDER') as unknown,
    });
  });

  it('a real provider is no longer a sandbox: production lists SMS only with SMS_PROVIDER=sandbox', () => {
    expect(sandboxProviders(loadConfig({}))).toContain('SMS_PROVIDER=sandbox');
    for (const env of [
      { SMS_PROVIDER: 'aliyun', ...ALIYUN },
      { SMS_PROVIDER: 'tencent', ...TENCENT },
    ]) {
      const names = sandboxProviders(loadConfig(env));
      expect(names).not.toContain('SMS_PROVIDER=sandbox');
      expect(names).toContain('PAYMENT_PROVIDER=sandbox');
      try {
        loadConfig({ ...env, APP_MODE: 'production' });
        expect.unreachable();
      } catch (error) {
        expect((error as ConfigError).kind).toBe('productionSandbox');
        expect((error as ConfigError).details).not.toContain('SMS_PROVIDER');
      }
    }
  });
});
