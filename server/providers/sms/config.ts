import { isIP } from 'node:net';
import { SMS_KINDS, type SmsKind } from './provider';

/** Where a provider's API is reached: `https` in production, `http` only for a stand-in on loopback. */
export interface SmsEndpoint {
  protocol: 'https' | 'http';
  /** Host name and, when not the default, port (`dysmsapi.aliyuncs.com`, `127.0.0.1:4567`). */
  host: string;
}

/** The template id registered with the provider for each kind of message. */
export type SmsTemplates = Readonly<Record<SmsKind, string>>;

/** SMS_PROVIDER=aliyun: Aliyun SMS (dysmsapi 2017-05-25, SendSms) with one AccessKey pair. */
export interface AliyunSmsConfig {
  provider: 'aliyun';
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: SmsTemplates;
  endpoint: SmsEndpoint;
}

/** SMS_PROVIDER=tencent: Tencent Cloud SMS (API 2021-01-11, SendSms) with one API key pair. */
export interface TencentSmsConfig {
  provider: 'tencent';
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  region: string;
  templates: SmsTemplates;
  endpoint: SmsEndpoint;
}

export type SmsSettings = AliyunSmsConfig | TencentSmsConfig;

/** An SMS setting that is missing or wrong; `variable` names it, the message never repeats a secret. */
export class SmsConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'SmsConfigError';
  }
}

/** The environment (or the parsed configuration): only the string values of the provider's variables are read. */
export type SmsEnv = Readonly<Record<string, unknown>>;

export const DEFAULT_ALIYUN_SMS_ENDPOINT = 'dysmsapi.aliyuncs.com';
export const DEFAULT_TENCENT_SMS_ENDPOINT = 'sms.tencentcloudapi.com';
export const DEFAULT_TENCENT_SMS_REGION = 'ap-guangzhou';

/** The variable suffix of each kind's template: ALIYUN_SMS_TEMPLATE_REGISTER… */
const TEMPLATE_SUFFIX: Record<SmsKind, string> = {
  register: 'REGISTER',
  login: 'LOGIN',
  reset: 'RESET',
  cancel: 'CANCEL',
  verificationResult: 'VERIFICATION_RESULT',
};

function text(env: SmsEnv, name: string): string | undefined {
  const raw = env[name];
  const value = typeof raw === 'string' ? raw.trim() : undefined;
  return value === undefined || value === '' ? undefined : value;
}

function required(env: SmsEnv, name: string): string {
  const value = text(env, name);
  if (value === undefined) throw new SmsConfigError(name, 'is required');
  return value;
}

function matching(env: SmsEnv, name: string, pattern: RegExp, problem: string): string {
  const value = required(env, name);
  if (!pattern.test(value)) throw new SmsConfigError(name, problem);
  return value;
}

/**
 * Both providers take the sign name without its brackets (they add 【】 themselves) and refuse anything but
 * 2-12 Chinese characters, letters or digits.
 */
function signName(env: SmsEnv, name: string): string {
  const value = required(env, name);
  if (/[[\]\u3010\u3011]/.test(value)) throw new SmsConfigError(name, 'must be the sign name without brackets (the provider adds them)');
  const length = [...value].length;
  if (length < 2 || length > 12) throw new SmsConfigError(name, `must be 2-12 characters (got ${length})`);
  if (!/^[\p{Script=Han}A-Za-z0-9]+$/u.test(value)) throw new SmsConfigError(name, 'may hold only Chinese characters, letters and digits');
  return value;
}

function templates(env: SmsEnv, prefix: string, pattern: RegExp, problem: string): SmsTemplates {
  const read = (kind: SmsKind) => matching(env, `${prefix}${TEMPLATE_SUFFIX[kind]}`, pattern, problem);
  // The cancellation code's template is optional: a code template, it defaults to the reset one.
  const optional = (kind: SmsKind) =>
    kind === 'cancel' && text(env, `${prefix}${TEMPLATE_SUFFIX[kind]}`) === undefined ? undefined : read(kind);
  const given = Object.fromEntries(SMS_KINDS.map((kind) => [kind, optional(kind)]));
  const result = { ...given, cancel: given.cancel ?? given.reset } as Record<SmsKind, string>;
  // The code templates may share one template; the result's template has another variable and cannot.
  if ([result.register, result.login, result.reset, result.cancel].includes(result.verificationResult))
    throw new SmsConfigError(
      `${prefix}${TEMPLATE_SUFFIX.verificationResult}`,
      'must be its own template (its variable is the result, not a code)',
    );
  return result;
}

/** RFC 6761: `localhost` and its subdomains are loopback; so are 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** A bare host (`dysmsapi.aliyuncs.com`) or an origin (`https://…`, `http://127.0.0.1:4567` for a stand-in). */
function endpoint(env: SmsEnv, name: string, fallback: string): SmsEndpoint {
  const value = text(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    throw new SmsConfigError(name, 'must be a host name or an https origin');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    throw new SmsConfigError(name, 'must be https (plain http only for a stand-in on loopback)');
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    throw new SmsConfigError(name, 'must be a host or origin without path, query or credentials');
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host };
}

/** Reads and checks every ALIYUN_SMS_* variable; throws an `SmsConfigError` naming the first wrong one. */
export function aliyunSmsConfig(env: SmsEnv): AliyunSmsConfig {
  return {
    provider: 'aliyun',
    accessKeyId: matching(
      env,
      'ALIYUN_SMS_ACCESS_KEY_ID',
      /^LTAI[0-9A-Za-z]{12,30}$/,
      'must be a RAM user AccessKey ID (LTAI and 12-30 letters or digits)',
    ),
    accessKeySecret: matching(
      env,
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      /^[0-9A-Za-z]{20,64}$/,
      'must be an AccessKey secret (letters and digits)',
    ),
    signName: signName(env, 'ALIYUN_SMS_SIGN_NAME'),
    templates: templates(env, 'ALIYUN_SMS_TEMPLATE_', /^SMS_\d{5,15}$/, 'must be a template code such as SMS_123456789'),
    endpoint: endpoint(env, 'ALIYUN_SMS_ENDPOINT', DEFAULT_ALIYUN_SMS_ENDPOINT),
  };
}

/** Reads and checks every TENCENT_SMS_* variable; throws an `SmsConfigError` naming the first wrong one. */
export function tencentSmsConfig(env: SmsEnv): TencentSmsConfig {
  const secretId = matching(
    env,
    'TENCENT_SMS_SECRET_ID',
    /^AKID[0-9A-Za-z]{20,60}$/,
    'must be an API key SecretId (AKID and letters or digits)',
  );
  const secretKey = matching(env, 'TENCENT_SMS_SECRET_KEY', /^[0-9A-Za-z]{20,64}$/, 'must be an API key SecretKey (letters and digits)');
  const sdkAppId = matching(
    env,
    'TENCENT_SMS_SDK_APP_ID',
    /^\d{10}$/,
    'must be the SMS application SdkAppId (10 digits, such as 1400006666)',
  );
  const name = signName(env, 'TENCENT_SMS_SIGN_NAME');
  const region = text(env, 'TENCENT_SMS_REGION') ?? DEFAULT_TENCENT_SMS_REGION;
  if (!/^[a-z]{2}-[a-z]+$/.test(region)) throw new SmsConfigError('TENCENT_SMS_REGION', 'must be a region such as ap-guangzhou');
  const templateIds = templates(env, 'TENCENT_SMS_TEMPLATE_', /^\d{1,12}$/, 'must be a template ID (digits)');
  const where = endpoint(env, 'TENCENT_SMS_ENDPOINT', DEFAULT_TENCENT_SMS_ENDPOINT);
  // The SDK signs (TC3) with the host's first label as the service name, which Tencent Cloud checks is `sms`.
  if (!where.host.toLowerCase().startsWith('sms.'))
    throw new SmsConfigError(
      'TENCENT_SMS_ENDPOINT',
      'must be a host starting with sms. (a stand-in on loopback: http://sms.localhost:PORT)',
    );
  return { provider: 'tencent', secretId, secretKey, sdkAppId, signName: name, region, templates: templateIds, endpoint: where };
}
