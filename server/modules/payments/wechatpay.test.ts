import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoPayResponse } from '../../../contracts/index';
import type { Clock } from '../../clock';
import { ConfigError, testConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { paymentRecords } from '../../test-support/payments';
import { startWechatPayStandIn, type SignedNotification, type WechatPayStandIn } from '../../test-support/wechatpay-standin';
import { createTranslator } from '../../i18n';
import { UnavailableGateway } from '../../providers/payments';
import { WechatPayClient, WechatPayGateway } from '../../providers/wechatpay';
import { OrderService } from '../orders/service';
import { reconcilePayments } from './reconcile';
import { copyText } from '../../test-support/copy';

const MCH_ID = '1900000109';
const APP_ID = 'wxd678efh567hg6787';
const SERIAL = '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C';
const PUBLIC_URL = 'https://evidence.example.test';

/**
 * PAYMENT_PROVIDER=wechatpay, the whole API against a WeChat Pay API v3 stand-in on loopback that
 * checks our request signatures with the merchant key the test made and signs (and encrypts) as WeChat Pay does.
 */
let standIn: WechatPayStandIn;
let t: TestApp;
let settings: Record<string, string>;
let appClock: Clock | null = null;

beforeAll(async () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiV3Key = randomBytes(16).toString('hex');
  // The stand-in keeps the app's (manual) time, so signatures and expiry times agree.
  standIn = await startWechatPayStandIn({
    mchid: MCH_ID,
    appid: APP_ID,
    merchantPublicKey: merchant.publicKey,
    merchantSerial: SERIAL,
    apiV3Key,
    clock: { now: () => appClock?.now() ?? new Date() },
  });
  settings = {
    PAYMENT_PROVIDER: 'wechatpay',
    PUBLIC_URL,
    WECHATPAY_MCH_ID: MCH_ID,
    WECHATPAY_APP_ID: APP_ID,
    WECHATPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    WECHATPAY_CERT_SERIAL: SERIAL,
    WECHATPAY_API_V3_KEY: apiV3Key,
    WECHATPAY_PLATFORM_PUBLIC_KEY: standIn.platformPublicKeyPem,
    WECHATPAY_PLATFORM_PUBLIC_KEY_ID: standIn.platformPublicKeyId,
    WECHATPAY_BASE_URL: standIn.baseUrl,
  };
  t = await createTestApp({ config: settings });
  appClock = t.clock;
}, 120_000);
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const { points, ledger, events } = paymentRecords(() => t);
const deliver = (notification: SignedNotification) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wxpay/notify',
    headers: { ...notification.headers, 'content-type': 'application/json' },
    payload: notification.body,
  });

async function startRecharge(phone: string, integral: string) {
  const { token } = await register(t, phone);
  const reply = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '2', integral }, token);
  expect(reply.body.code).toBe(200);
  return { token, orderNo: reply.body.data.order_no, url: reply.body.data.url };
}

describe('PAYMENT_PROVIDER=wechatpay against a WeChat Pay API v3 stand-in', () => {
  it('a recharge shows the Native code URL; a signed, encrypted notify credits once, a replay changes nothing', async () => {
    const { token, orderNo, url } = await startRecharge('13500135101', '12');
    expect(url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    // The stand-in verified our Authorization signature and saw the order as WeChat Pay would.
    const prepay = standIn.requests.find((r) => r.url === '/v3/pay/transactions/native' && r.body.includes(orderNo));
    expect(prepay?.signatureValid).toBe(true);
    expect(standIn.orders.get(orderNo)).toMatchObject({ totalFen: 1200, notifyUrl: `${PUBLIC_URL}/api/wxpay/notify` });

    standIn.pay(orderNo);
    const notification = standIn.notification(orderNo);
    const answers = await Promise.all([deliver(notification), deliver(notification), deliver(notification)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]?.json()).toEqual({ code: 'SUCCESS' });
    expect(await points(token)).toBe(12);
    expect(await ledger(orderNo)).toHaveLength(1);
    const paid = await t.post<{ isPay: number }>('/api/alipay/wxIsPay', { order_no: orderNo }, token);
    expect(paid.body.data.isPay).toBe(1);
    // Every delivery is kept for audit with the raw body and what was made of it.
    const kept = await events(orderNo);
    expect(kept).toHaveLength(3);
    expect(kept.map((e) => e.verdict).sort()).toEqual(['paid: credited', 'paid: duplicate', 'paid: duplicate']);
    expect(kept.every((e) => e.provider === 'wechat' && e.kind === 'notify' && e.body === notification.body)).toBe(true);
  });

  it('refuses a notify signed with another key, encrypted with another API v3 key, stale, or for another amount; nothing is credited', async () => {
    const { token, orderNo } = await startRecharge('13500135102', '30');
    standIn.pay(orderNo);
    const forged = await deliver(standIn.notification(orderNo, { foreignSigner: true }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'FAIL' });
    expect((await deliver(standIn.notification(orderNo, { apiV3Key: randomBytes(16).toString('hex') }))).statusCode).toBe(400);
    const stale = new Date(t.clock.now().getTime() - 3600_000);
    expect((await deliver(standIn.notification(orderNo, { timestamp: stale }))).statusCode).toBe(400);
    expect((await deliver(standIn.notification(orderNo, { mchid: '1900000999' }))).statusCode).toBe(400);
    // A body changed after signing.
    const good = standIn.notification(orderNo);
    expect((await deliver({ headers: good.headers, body: good.body.replace('"id":"', '"id":"x') })).statusCode).toBe(400);
    expect(await points(token)).toBe(0);
    expect(await ledger(orderNo)).toHaveLength(0);

    // Another amount than the order's: verified, but refused, and kept as such.
    const other = await startRecharge('13500135103', '30');
    const order = standIn.orders.get(other.orderNo);
    if (!order) throw new Error('no stand-in order');
    order.totalFen = 1;
    standIn.pay(other.orderNo);
    expect((await deliver(standIn.notification(other.orderNo))).statusCode).toBe(400);
    expect(await points(other.token)).toBe(0);
    expect((await events(other.orderNo)).map((e) => e.verdict)).toEqual(['paid: mismatch']);
  });

  it('cancel closes the trade at WeChat Pay; Alipay, not offered, is refused with a clear message', async () => {
    const { token, orderNo } = await startRecharge('13500135104', '5');
    const cancelled = await t.post('/api/alipay/cancelPay', { order_no: orderNo }, token);
    expect(cancelled.body.code).toBe(200);
    expect(standIn.orders.get(orderNo)?.tradeState).toBe('CLOSED');
    const methods = await t.app.inject({ method: 'GET', url: '/api/alipay/payMethods', headers: { authorization: `Bearer ${token}` } });
    expect(methods.json()).toMatchObject({ code: 200, data: { types: [2] } });
    const alipay = await t.post('/api/alipay/doPay', { type: '1', integral: '5' }, token);
    expect(alipay.body).toMatchObject({ code: 400, msg: copyText('payment:methodUnavailable') });
    // The sandbox pages do not exist with a real gateway.
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/wechat/scan?pr=x' })).statusCode).toBe(404);
  });

  it('a lost notify: reconciliation asks WeChat Pay about the late order and credits it once, as the notify would', async () => {
    const { token, orderNo } = await startRecharge('13500135106', '20');
    standIn.pay(orderNo);
    // The pieces a process reconciles with, on the app's database and clock.
    const wechatPay = testConfig(settings).wechatPay;
    if (!wechatPay) throw new Error('no WeChat Pay settings');
    const deps = {
      db: t.db,
      clock: t.clock,
      orders: new OrderService(t.db, t.clock, createTranslator(), 1800),
      alipay: new UnavailableGateway('alipay'),
      wechat: new WechatPayGateway(new WechatPayClient(wechatPay, { clock: t.clock }), `${PUBLIC_URL}/api/wxpay/notify`),
      log: t.app.log,
    };
    // Too young: not asked yet.
    expect(await reconcilePayments(deps, 300_000)).toEqual({ checked: 0, credited: 0 });
    t.clock.advance(301_000);
    const first = await reconcilePayments(deps, 300_000);
    expect(first.credited).toBeGreaterThanOrEqual(1);
    expect(await points(token)).toBe(20);
    // Asked again (another process, or the notify arriving late): nothing more.
    await reconcilePayments(deps, 300_000);
    expect((await deliver(standIn.notification(orderNo))).statusCode).toBe(200);
    expect(await points(token)).toBe(20);
    expect(await ledger(orderNo)).toHaveLength(1);
    const queries = (await events(orderNo)).filter((e) => e.kind === 'query');
    expect(queries.map((e) => e.verdict)).toEqual(['paid: credited']);
    expect(JSON.parse(queries[0]?.body ?? '{}')).toMatchObject({ state: 'paid', amount: 2000 });
  });

  it('a gateway that refuses the prepay answers a clear message, not a 500', async () => {
    const { token } = await register(t, '13500135105');
    standIn.faultNextAnswer('unsigned');
    const reply = await t.post('/api/alipay/doPay', { type: '2', integral: '5' }, token);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 400, msg: copyText('payment:gatewayFailed') });
  });
});

describe('WeChat Pay configuration', () => {
  it('names the wrong variable and wants an https PUBLIC_URL', () => {
    const attempt = (overrides: Record<string, string>) => {
      try {
        testConfig({ ...settings, ...overrides });
        return '';
      } catch (error) {
        if (error instanceof ConfigError) return error.details;
        throw error;
      }
    };
    expect(attempt({})).toBe('');
    expect(attempt({ WECHATPAY_API_V3_KEY: 'short' })).toMatch(/^WECHATPAY_API_V3_KEY/);
    expect(attempt({ WECHATPAY_PRIVATE_KEY: 'not a key' })).toMatch(/^WECHATPAY_PRIVATE_KEY/);
    expect(attempt({ WECHATPAY_MCH_ID: '' })).toMatch(/^WECHATPAY_MCH_ID/);
    expect(attempt({ PUBLIC_URL: 'http://evidence.example.test' })).toMatch(/^PUBLIC_URL/);
  });
});
