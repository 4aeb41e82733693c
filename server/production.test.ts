import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoPayResponse, SessionResponse } from '../contracts/index';
import type { Clock } from './clock';
import { loadConfig } from './config';
import { SMS_KINDS, TEMPLATE_VARIABLES } from './providers/sms';
import { startAlipayStandIn, type AlipayStandIn } from './test-support/alipay-standin';
import { startAliyunSmsStandIn, type AliyunSmsStandIn } from './test-support/aliyun-sms-standin';
import { createTestApp, type TestApp } from './test-support/create-test-app';
import { PASSWORD } from './test-support/flows';
import { PERSON_FIELDS } from './test-support/kyc';
import { startTsaStandIn, type TsaStandIn } from './test-support/tsa-standin';
import { startWechatPayStandIn, type WechatPayStandIn } from './test-support/wechatpay-standin';

/**
 * Production with real providers: with the stand-ins' addresses and test keys in configuration, APP_MODE=production
 * starts, and a user receives SMS codes (Aliyun), pays with Alipay and with WeChat Pay, and completes face
 * verification (Alipay), every step through the real providers' code paths; no sandbox page exists.
 */
const PUBLIC_URL = 'https://evidence.example.test';
const ALIPAY_APP_ID = '2021000122671080';
const SELLER_ID = '2088102177846880';
const MCH_ID = '1900000109';
const WECHAT_APP_ID = 'wxd678efh567hg6787';
const SERIAL = '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C';
const TEMPLATES = {
  register: 'SMS_200001',
  login: 'SMS_200002',
  reset: 'SMS_200003',
  cancel: 'SMS_200003',
  verificationResult: 'SMS_200004',
} as const;

let alipay: AlipayStandIn;
let wechat: WechatPayStandIn;
let sms: AliyunSmsStandIn;
let tsa: TsaStandIn;
let env: Record<string, string>;
let t: TestApp;
let appClock: Clock | null = null;

beforeAll(async () => {
  const clock = { now: () => appClock?.now() ?? new Date() };
  const alipayApp = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiV3Key = randomBytes(16).toString('hex');
  const smsKeyId = 'LTAI5tProductionStandIn01';
  const smsSecret = 'ProductionStandInSecret0123456';
  [alipay, wechat, sms, tsa] = await Promise.all([
    startAlipayStandIn({ appId: ALIPAY_APP_ID, sellerId: SELLER_ID, appPublicKey: alipayApp.publicKey, clock }),
    startWechatPayStandIn({
      mchid: MCH_ID,
      appid: WECHAT_APP_ID,
      merchantPublicKey: merchant.publicKey,
      merchantSerial: SERIAL,
      apiV3Key,
      clock,
    }),
    startAliyunSmsStandIn({
      accessKeyId: smsKeyId,
      accessKeySecret: smsSecret,
      signName: '存证平台',
      templates: Object.fromEntries(SMS_KINDS.map((kind) => [TEMPLATES[kind], TEMPLATE_VARIABLES[kind] as readonly string[]])),
    }),
    startTsaStandIn(clock),
  ]);
  env = {
    APP_MODE: 'production',
    PUBLIC_URL,
    PAYMENT_PROVIDER: 'alipay,wechatpay',
    FACE_PROVIDER: 'alipay',
    SMS_PROVIDER: 'aliyun',
    // Checked at start only: no test here sends a mail (invoice-mail.test.ts does, to an SMTP stand-in).
    MAIL_PROVIDER: 'smtp',
    SMTP_URL: 'smtp://mailer:mail-secret@127.0.0.1:2525',
    SMTP_FROM: '存证平台 <invoice@example.com>',
    // Retired desk variables: any value neither refuses production nor brings a sandbox desk back.
    KYC_REVIEW_PROVIDER: 'sandbox',
    NOTARY_PROVIDER: 'staff',
    ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: alipayApp.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ALIPAY_PUBLIC_KEY: alipay.alipayPublicKeyPem,
    ALIPAY_SELLER_ID: SELLER_ID,
    ALIPAY_GATEWAY: alipay.gatewayUrl,
    WECHATPAY_MCH_ID: MCH_ID,
    WECHATPAY_APP_ID: WECHAT_APP_ID,
    WECHATPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    WECHATPAY_CERT_SERIAL: SERIAL,
    WECHATPAY_API_V3_KEY: apiV3Key,
    WECHATPAY_PLATFORM_PUBLIC_KEY: wechat.platformPublicKeyPem,
    WECHATPAY_PLATFORM_PUBLIC_KEY_ID: wechat.platformPublicKeyId,
    WECHATPAY_BASE_URL: wechat.baseUrl,
    ALIYUN_SMS_ACCESS_KEY_ID: smsKeyId,
    ALIYUN_SMS_ACCESS_KEY_SECRET: smsSecret,
    ALIYUN_SMS_SIGN_NAME: '存证平台',
    ALIYUN_SMS_TEMPLATE_REGISTER: TEMPLATES.register,
    ALIYUN_SMS_TEMPLATE_LOGIN: TEMPLATES.login,
    ALIYUN_SMS_TEMPLATE_RESET: TEMPLATES.reset,
    ALIYUN_SMS_TEMPLATE_VERIFICATION_RESULT: TEMPLATES.verificationResult,
    ALIYUN_SMS_ENDPOINT: sms.endpoint,
    TSA_URL: tsa.url,
    TSA_CERTIFICATES: tsa.rootPem,
  };
  t = await createTestApp({ config: env });
  appClock = t.clock;
}, 120_000);
afterAll(async () => {
  await t.close();
  await Promise.all([alipay.close(), wechat.close(), sms.close(), tsa.close()]);
});

const withToken = (token: string) => ({ authorization: `Bearer ${token}` });
const points = async (token: string) => (await t.post<{ points: number }>('/api/user/getUserInfo', {}, token)).body.data.points;

describe('APP_MODE=production with every outside party real (stand-ins)', () => {
  it('the configuration is accepted: no sandbox provider is left', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'silent', ...env })).not.toThrow();
  });

  it('a user registers with an Aliyun SMS code, pays with Alipay and WeChat Pay, and passes Alipay face verification', async () => {
    const phone = '13500138101';
    // The code reaches the phone through Aliyun's SendSms with the register template.
    const sent = await t.post('/api/Register/sendSMS', { phone, ...(await t.captcha()) });
    expect(sent.body.code).toBe(200);
    const message = sms.messages.find((m) => m.phone === phone && m.templateCode === TEMPLATES.register);
    const smsCode = message?.params.code ?? '';
    expect(smsCode).toMatch(/^\d{6}$/);
    const registered = await t.post<SessionResponse>('/api/Register', { phone, smsCode, password: PASSWORD, confirmPassword: PASSWORD });
    expect(registered.body.code).toBe(200);
    const { token } = registered.body.data;

    // Both gateways are offered.
    const methods = await t.app.inject({ method: 'GET', url: '/api/alipay/payMethods', headers: withToken(token) });
    expect(methods.json()).toMatchObject({ data: { types: [1, 2] } });

    // Alipay: the signed form, the cashier, the signed notify.
    const byAlipay = (await t.post<DoPayResponse>('/api/alipay/doPay', { type: '1', integral: '15' }, token)).body.data;
    alipay.openCashier(byAlipay.html);
    alipay.pay(byAlipay.order_no);
    const alipayNotify = await t.app.inject({
      method: 'POST',
      url: '/api/alipay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: alipay.notification(byAlipay.order_no),
    });
    expect(alipayNotify.body).toBe('success');
    expect(await points(token)).toBe(15);

    // WeChat Pay: the Native code URL, the signed and encrypted notify.
    const byWechat = (await t.post<DoPayResponse>('/api/alipay/doPay', { type: '2', integral: '5' }, token)).body.data;
    expect(byWechat.url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    wechat.pay(byWechat.order_no);
    const notification = wechat.notification(byWechat.order_no);
    const wechatNotify = await t.app.inject({
      method: 'POST',
      url: '/api/wxpay/notify',
      headers: { ...notification.headers, 'content-type': 'application/json' },
      payload: notification.body,
    });
    expect(wechatNotify.statusCode).toBe(200);
    expect(await points(token)).toBe(20);

    // Face verification through Alipay; the result also goes by SMS.
    const face = await t.post<{ url: string; certify_id: string }>(
      '/api/peruser/aliIdentification',
      { username: '赵六', idCard: PERSON_FIELDS.contactIdcard, type: '1', agree: '1' },
      token,
    );
    const { url, certify_id } = face.body.data;
    expect(alipay.openCertify(url)).toBe(certify_id);
    const certification = alipay.certifications.get(certify_id);
    if (!certification) throw new Error('no certification');
    certification.passed = true;
    expect((await t.post('/api/peruser/aliQuery', { certify_id }, token)).body.code).toBe(200);
    const info = (await t.post<{ userStatus: number; authType: number }>('/api/user/getUserInfo', {}, token)).body.data;
    expect(info).toMatchObject({ userStatus: 3, authType: 3 });
    expect(sms.messages.some((m) => m.phone === phone && m.templateCode === TEMPLATES.verificationResult)).toBe(true);
  });

  it('no sandbox page or call exists in production', async () => {
    for (const url of [
      '/sandbox/sms',
      '/sandbox/sms.json',
      '/sandbox/face?certify_id=x',
      '/sandbox/kyc',
      '/sandbox/notary',
      '/sandbox/invoices',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/alipay/cashier' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/sandbox/tsa',
          headers: { 'content-type': 'application/timestamp-query' },
          payload: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it("publishes the configured time-stamping authority's root, not the sandbox's", async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/chain/timestampAuthority' });
    const data = reply.json<{ data: { sandbox: boolean; certificates: string[] } }>().data;
    expect(data.sandbox).toBe(false);
    expect(data.certificates).toEqual(tsa.authority.trustAnchors.map((der) => Buffer.from(der).toString('base64')));
  });
});
