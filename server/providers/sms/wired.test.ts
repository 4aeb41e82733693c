import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionResponse, UserInfo } from '../../../contracts/index';
import { type AliyunSmsStandIn, startAliyunSmsStandIn } from '../../test-support/aliyun-sms-standin';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { PASSWORD } from '../../test-support/flows';
import { verifyOrganisation } from '../../test-support/kyc';
import { reviewKyc } from '../../test-support/staff';
import { startTencentSmsStandIn, type TencentSmsStandIn } from '../../test-support/tencent-sms-standin';
import { SMS_KINDS, type SmsKind, TEMPLATE_VARIABLES } from './index';
import { copyText } from '../../test-support/copy';

/**
 * The real providers wired into the app (SMS_PROVIDER=aliyun / tencent, the variables parsed by loadConfig),
 * against their stand-ins: codes reach the provider and work, provider errors reach the user as clear messages and
 * leave no valid code behind, the verification result goes by SMS, and no code is ever logged.
 */

interface Sent {
  phone: string;
  kind: SmsKind;
  params: Record<string, string>;
}

interface Harness {
  provider: 'aliyun' | 'tencent';
  /** The app's SMS variables; `wrongSecret` signs with a secret the stand-in does not hold. */
  env(wrongSecret?: boolean): Record<string, string>;
  sent(): Sent[];
  refused(): Sent[];
  signatureRefusals(): string[];
  /** The provider's per-phone frequency limit, its daily limit, and an account problem (balance). */
  fail(kind: 'rateLimited' | 'dailyLimit' | 'unavailable'): void;
  clear(): void;
  close(): Promise<void>;
}

const SIGN_NAME = '存证平台';

async function aliyunHarness(): Promise<Harness> {
  const templates: Record<SmsKind, string> = {
    register: 'SMS_100001',
    login: 'SMS_100002',
    reset: 'SMS_100003',
    cancel: 'SMS_100003',
    verificationResult: 'SMS_100004',
  };
  const kindOf = (code: string) => SMS_KINDS.find((kind) => templates[kind] === code) ?? 'register';
  const keyId = 'LTAI5tWiredStandIn0000001';
  const secret = 'WiredStandInSecret0123456789ab';
  const standIn: AliyunSmsStandIn = await startAliyunSmsStandIn({
    accessKeyId: keyId,
    accessKeySecret: secret,
    signName: SIGN_NAME,
    templates: Object.fromEntries(SMS_KINDS.map((kind) => [templates[kind], TEMPLATE_VARIABLES[kind] as readonly string[]])),
  });
  const read = (list: AliyunSmsStandIn['messages']): Sent[] =>
    list.map((m) => ({ phone: m.phone, kind: kindOf(m.templateCode), params: m.params }));
  return {
    provider: 'aliyun',
    env: (wrongSecret = false) => ({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: keyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: wrongSecret ? 'NotTheSecret0123456789abcdefgh' : secret,
      ALIYUN_SMS_SIGN_NAME: SIGN_NAME,
      ALIYUN_SMS_TEMPLATE_REGISTER: templates.register,
      ALIYUN_SMS_TEMPLATE_LOGIN: templates.login,
      ALIYUN_SMS_TEMPLATE_RESET: templates.reset,
      ALIYUN_SMS_TEMPLATE_VERIFICATION_RESULT: templates.verificationResult,
      ALIYUN_SMS_ENDPOINT: standIn.endpoint,
    }),
    sent: () => read(standIn.messages),
    refused: () => read(standIn.refused),
    signatureRefusals: () => standIn.requests.flatMap((r) => (r.refusal ? [r.refusal] : [])),
    fail(kind) {
      // Aliyun's messages echo what they refused here ({params}): the log must still not hold the code.
      const code = {
        rateLimited: 'isv.BUSINESS_LIMIT_CONTROL',
        dailyLimit: 'isv.BUSINESS_LIMIT_CONTROL',
        unavailable: 'isv.AMOUNT_NOT_ENOUGH',
      }[kind];
      const day = '\u89e6\u53d1\u5929\u7ea7\u6d41\u63a7Permits:10';
      standIn.failNext(code, kind === 'dailyLimit' ? `${day} {params}` : `refused {params}`);
    },
    clear() {
      standIn.messages.length = 0;
      standIn.refused.length = 0;
      standIn.requests.length = 0;
    },
    close: () => standIn.close(),
  };
}

async function tencentHarness(): Promise<Harness> {
  const templates: Record<SmsKind, string> = {
    register: '100001',
    login: '100002',
    reset: '100003',
    cancel: '100003',
    verificationResult: '100004',
  };
  const kindOf = (id: string) => SMS_KINDS.find((kind) => templates[kind] === id) ?? 'register';
  const secretId = 'AKIDwiredStandIn00000000000000000001';
  const secretKey = 'wiredStandInSecretKey0123456789a';
  const standIn: TencentSmsStandIn = await startTencentSmsStandIn({
    secretId,
    secretKey,
    sdkAppId: '1400009999',
    signName: SIGN_NAME,
    templates: Object.fromEntries(SMS_KINDS.map((kind) => [templates[kind], TEMPLATE_VARIABLES[kind].length])),
  });
  const read = (list: TencentSmsStandIn['messages']): Sent[] =>
    list.map((m) => {
      const kind = kindOf(m.templateId);
      const names = TEMPLATE_VARIABLES[kind] as readonly string[];
      return { phone: m.phone.replace(/^\+86/, ''), kind, params: Object.fromEntries(names.map((name, i) => [name, m.params[i] ?? ''])) };
    });
  return {
    provider: 'tencent',
    env: (wrongSecret = false) => ({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: secretId,
      TENCENT_SMS_SECRET_KEY: wrongSecret ? 'notTheSecretKey0123456789abcdefg' : secretKey,
      TENCENT_SMS_SDK_APP_ID: '1400009999',
      TENCENT_SMS_SIGN_NAME: SIGN_NAME,
      TENCENT_SMS_TEMPLATE_REGISTER: templates.register,
      TENCENT_SMS_TEMPLATE_LOGIN: templates.login,
      TENCENT_SMS_TEMPLATE_RESET: templates.reset,
      TENCENT_SMS_TEMPLATE_VERIFICATION_RESULT: templates.verificationResult,
      TENCENT_SMS_ENDPOINT: standIn.endpoint,
    }),
    sent: () => read(standIn.messages),
    refused: () => read(standIn.refused),
    signatureRefusals: () => standIn.requests.flatMap((r) => (r.refusal ? [r.refusal] : [])),
    fail(kind) {
      const code = {
        rateLimited: 'LimitExceeded.PhoneNumberOneHourLimit',
        dailyLimit: 'LimitExceeded.PhoneNumberDailyLimit',
        unavailable: 'FailedOperation.InsufficientBalanceInSmsPackage',
      }[kind];
      standIn.failNext(code);
    },
    clear() {
      standIn.messages.length = 0;
      standIn.refused.length = 0;
      standIn.requests.length = 0;
    },
    close: () => standIn.close(),
  };
}

describe.each([
  ['aliyun', aliyunHarness],
  ['tencent', tencentHarness],
] as const)('SMS_PROVIDER=%s through the API', (_name, makeHarness) => {
  let harness: Harness;
  let t: TestApp;
  const logLines: string[] = [];
  const logText = () => logLines.join('');

  beforeAll(async () => {
    harness = await makeHarness();
    t = await createTestApp({
      // Everything Fastify and our code log, at every level, is read back by the tests.
      config: { ...harness.env(), LOG_LEVEL: 'trace' },
      logStream: { write: (line: string) => void logLines.push(line) },
    });
  });
  afterAll(async () => {
    await t.close();
    await harness.close();
  });
  beforeEach(async () => {
    await t.reset();
    harness.clear();
    logLines.length = 0;
  });

  const askCode = async (url: string, phone: string) => t.post(url, { phone, ...(await t.captcha()) });
  const lastSent = (phone: string, kind: SmsKind) =>
    harness
      .sent()
      .filter((m) => m.phone === phone && m.kind === kind)
      .at(-1);
  const codeRows = (phone: string) =>
    t.db.selectFrom('sms_codes').select(['id', 'purpose', 'used_at']).where('phone', '=', phone).orderBy('id').execute();

  it('sends the code with the kind template; the user registers and logs in with it; no outbox; the code is never logged', async () => {
    const phone = '13900000001';
    expect((await askCode('/api/Register/sendSMS', phone)).body).toMatchObject({ code: 200 });
    const registerSms = lastSent(phone, 'register');
    expect(registerSms?.params.code).toMatch(/^\d{6}$/);
    expect(harness.sent()).toHaveLength(1);
    expect(harness.signatureRefusals()).toEqual([]);
    const code = registerSms?.params.code ?? '';
    const registered = await t.post<SessionResponse>('/api/Register', {
      phone,
      smsCode: code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(registered.body).toMatchObject({ code: 200 });

    expect((await askCode('/api/Register/sendLoginSMS', phone)).body).toMatchObject({ code: 200 });
    const loginCode = lastSent(phone, 'login')?.params.code ?? '';
    expect(loginCode).toMatch(/^\d{6}$/);
    expect((await t.post('/api/Login/smsLogin', { phone, smsCode: loginCode })).body).toMatchObject({ code: 200 });

    // The sandbox outbox is not there with a real provider.
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/sms.json' })).statusCode).toBe(404);
    expect(logLines.length).toBeGreaterThan(5);
    expect(logText()).not.toContain(code);
    expect(logText()).not.toContain(loginCode);
  });

  it('a provider error tells the user clearly, leaves no valid code and no wait, keeps the older code, and logs no code', async () => {
    const phone = '13900000002';
    expect((await askCode('/api/Register/sendSMS', phone)).body.code).toBe(200);
    const first = await codeRows(phone);
    t.clock.advance(61_000);

    const cases = [
      ['rateLimited', 429, copyText('server:smsProviderRateLimited')],
      ['dailyLimit', 429, copyText('server:smsDailyLimit')],
      ['unavailable', 503, copyText('server:smsSendFailed')],
    ] as const;
    for (const [failure, status, msg] of cases) {
      harness.fail(failure);
      const reply = await askCode('/api/Register/sendSMS', phone);
      expect({ failure, status: reply.status, body: reply.body }).toEqual({
        failure,
        status,
        body: { code: status === 503 ? 500 : 429, msg, data: null },
      });
      // The refused code is gone; the older one is untouched (still the valid one).
      expect(await codeRows(phone)).toEqual(first);
    }
    const refusedCodes = harness.refused().map((m) => m.params.code ?? '');
    expect(refusedCodes).toHaveLength(3);
    for (const code of refusedCodes) {
      expect(code).toMatch(/^\d{6}$/);
      expect(logText()).not.toContain(code);
    }
    expect(logText()).toContain(
      harness.provider === 'aliyun' ? 'isv.AMOUNT_NOT_ENOUGH' : 'FailedOperation.InsufficientBalanceInSmsPackage',
    );
    expect(logText()).toContain('139****0002');

    // No resend wait from the failures: a new code comes at once and replaces the older one.
    expect((await askCode('/api/Register/sendSMS', phone)).body).toMatchObject({ code: 200 });
    const olderCode = harness.sent()[0]?.params.code ?? '';
    const newCode = lastSent(phone, 'register')?.params.code ?? '';
    expect(harness.sent()).toHaveLength(2);
    const form = { phone, password: PASSWORD, confirmPassword: PASSWORD };
    if (olderCode !== newCode) expect((await t.post('/api/Register', { ...form, smsCode: olderCode })).body.code).toBe(400);
    expect((await t.post('/api/Register', { ...form, smsCode: newCode })).body).toMatchObject({ code: 200 });
    expect(logText()).not.toContain(newCode);
  });

  it('a provider that refuses our signature (wrong secret) answers the failure message and stores no code', async () => {
    const wrong = await createTestApp({ config: harness.env(true) });
    try {
      const reply = await wrong.post('/api/Register/sendSMS', { phone: '13900000003', ...(await wrong.captcha()) });
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 503,
        body: { code: 500, msg: copyText('server:smsSendFailed'), data: null },
      });
      expect(harness.signatureRefusals()).toEqual([
        harness.provider === 'aliyun' ? 'SignatureDoesNotMatch' : 'AuthFailure.SignatureFailure',
      ]);
      expect(harness.sent()).toEqual([]);
      expect(await wrong.db.selectFrom('sms_codes').selectAll().execute()).toEqual([]);
    } finally {
      await wrong.close();
    }
  });

  it('sends the verification result with its template; a failing gateway does not undo the decision', async () => {
    const register = async (phone: string) => {
      expect((await askCode('/api/Register/sendSMS', phone)).body.code).toBe(200);
      const smsCode = lastSent(phone, 'register')?.params.code ?? '';
      const reply = await t.post<SessionResponse>('/api/Register', { phone, smsCode, password: PASSWORD, confirmPassword: PASSWORD });
      return reply.body.data.token;
    };
    const approved = '13900000004';
    await verifyOrganisation(t, await register(approved), approved);
    expect(lastSent(approved, 'verificationResult')).toEqual({ phone: approved, kind: 'verificationResult', params: { result: '已通过' } });

    const rejected = '13900000005';
    const token = await register(rejected);
    await verifyOrganisation(t, token, rejected, false);
    harness.fail('unavailable');
    // The reviewer refuses in the staff console; the call succeeds whatever the SMS gateway does.
    await reviewKyc(t, rejected, false, '营业执照不清晰');
    // The decision stands (and the in-app notification tells the user); the SMS failure is logged.
    expect((await t.post<UserInfo>('/api/user/getUserInfo', {}, token)).body.data).toMatchObject({ userStatus: 4 });
    expect(harness.refused().at(-1)).toEqual({ phone: rejected, kind: 'verificationResult', params: { result: '未通过' } });
    expect(logText()).toContain('verification result SMS not sent');
  });
});
