import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoPayResponse } from '../../../contracts/index';
import type { Clock } from '../../clock';
import { ConfigError, testConfig } from '../../config';
import { createTranslator } from '../../i18n';
import { AlipayClient, alipayFormTargets, AlipayGateway } from '../../providers/alipay';
import { UnavailableGateway } from '../../providers/payments';
import { startAlipayStandIn, type AlipayStandIn } from '../../test-support/alipay-standin';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { paymentRecords } from '../../test-support/payments';
import { OrderService } from '../orders/service';
import { reconcilePayments } from './reconcile';
import { copyText } from '../../test-support/copy';

const APP_ID = '2021000122671080';
const SELLER_ID = '2088102177846880';
const PUBLIC_URL = 'https://evidence.example.test';
const PHONE_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/**
 * PAYMENT_PROVIDER=alipay, the whole API against an Alipay open-platform stand-in on loopback that
 * checks our RSA2 request signatures with the application key the test made and signs answers and
 * notifications as Alipay does.
 */
let standIn: AlipayStandIn;
let t: TestApp;
let settings: Record<string, string>;
let appClock: Clock | null = null;

beforeAll(async () => {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  standIn = await startAlipayStandIn({
    appId: APP_ID,
    sellerId: SELLER_ID,
    appPublicKey: app.publicKey,
    clock: { now: () => appClock?.now() ?? new Date() },
  });
  settings = {
    PAYMENT_PROVIDER: 'alipay',
    PUBLIC_URL,
    ALIPAY_APP_ID: APP_ID,
    // As Alipay's key tool gives it: the bare base64 of a PKCS #1 key.
    ALIPAY_PRIVATE_KEY: app.privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
    ALIPAY_PUBLIC_KEY: standIn.alipayPublicKeyPem,
    ALIPAY_SELLER_ID: SELLER_ID,
    ALIPAY_GATEWAY: standIn.gatewayUrl,
  };
  t = await createTestApp({ config: settings });
  appClock = t.clock;
}, 120_000);
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const { points, ledger, events } = paymentRecords(() => t);
const deliver = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/alipay/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

async function startRecharge(phone: string, integral: string, userAgent?: string) {
  const { token } = await register(t, phone);
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/alipay/doPay',
    headers: { authorization: `Bearer ${token}`, ...(userAgent ? { 'user-agent': userAgent } : {}) },
    payload: { type: '1', integral },
  });
  const body = reply.json<{ code: number; data: DoPayResponse }>();
  expect(body.code).toBe(200);
  return { token, orderNo: body.data.order_no, html: body.data.html };
}

describe('PAYMENT_PROVIDER=alipay against an Alipay open-platform stand-in', () => {
  it('doPay answers the signed computer-website pay form; a signed notify credits once, replays change nothing', async () => {
    const { token, orderNo, html } = await startRecharge('13500136101', '12');
    expect(html).toContain(`action="${standIn.gatewayUrl}?`);
    // The cashier accepts the form only when its RSA2 signature verifies with the application key.
    const trade = standIn.openCashier(html);
    expect(trade).toMatchObject({
      orderNo,
      totalAmount: '12.00',
      productCode: 'FAST_INSTANT_TRADE_PAY',
      notifyUrl: `${PUBLIC_URL}/api/alipay/notify`,
      returnUrl: `${PUBLIC_URL}/orders`,
    });
    expect(trade.timeExpire).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    standIn.pay(orderNo);
    const body = standIn.notification(orderNo);
    const answers = await Promise.all([deliver(body), deliver(body), deliver(body)]);
    expect(answers.map((a) => a.body)).toEqual(['success', 'success', 'success']);
    expect(await points(token)).toBe(12);
    expect(await ledger(orderNo)).toHaveLength(1);
    const kept = await events(orderNo);
    expect(kept.map((e) => e.verdict).sort()).toEqual(['paid: credited', 'paid: duplicate', 'paid: duplicate']);
    expect(kept.every((e) => e.provider === 'alipay' && e.kind === 'notify' && e.body === body)).toBe(true);
  });

  it('lets the browser post the pay form to the gateway and follow it to the cashier (CSP form-action)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/home' });
    const formAction = /form-action ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(formAction).toBe(`'self' ${new URL(standIn.gatewayUrl).origin}`);
    expect(alipayFormTargets('https://openapi.alipay.com/gateway.do')).toEqual(['https://openapi.alipay.com', 'https://*.alipay.com']);
    expect(alipayFormTargets('https://openapi-sandbox.dl.alipaydev.com/gateway.do')).toEqual([
      'https://openapi-sandbox.dl.alipaydev.com',
      'https://*.alipaydev.com',
    ]);
  });

  it('a payer on a phone gets the phone-website pay form', async () => {
    const { html } = await startRecharge('13500136102', '3', PHONE_AGENT);
    const trade = standIn.openCashier(html);
    expect(trade.productCode).toBe('QUICK_WAP_WAY');
    expect(standIn.calls.at(-1)?.method).toBe('alipay.trade.wap.pay');
  });

  it('refuses a notify with a bad signature, another amount, another app or another seller; nothing is credited', async () => {
    const { token, orderNo, html } = await startRecharge('13500136103', '30');
    standIn.openCashier(html);
    standIn.pay(orderNo);
    const refused = [
      standIn.notification(orderNo, { foreignSigner: true }),
      standIn.notification(orderNo, { appId: '2021000000000001' }),
      standIn.notification(orderNo, { sellerId: '2088000000000001' }),
      // A body changed after signing.
      standIn.notification(orderNo).replace('total_amount=30.00', 'total_amount=0.01'),
    ];
    for (const body of refused) {
      const answer = await deliver(body);
      expect(answer.body).toBe('failure');
    }
    // Another amount, signed by Alipay: believed as Alipay's word, refused against the order.
    expect((await deliver(standIn.notification(orderNo, { totalAmount: '0.01' }))).body).toBe('failure');
    expect(await points(token)).toBe(0);
    expect(await ledger(orderNo)).toHaveLength(0);
    expect((await events(orderNo)).map((e) => e.verdict)).toEqual(['paid: mismatch']);
    const refusals = await t.db
      .selectFrom('gateway_events')
      .select('verdict')
      .where('provider', '=', 'alipay')
      .where('order_no', 'is', null)
      .execute();
    expect(refusals.map((r) => r.verdict)).toEqual(
      expect.arrayContaining(['refused: badSignature', 'refused: otherApp', 'refused: otherSeller']),
    );
    // The real order is still payable, and the good notify credits it.
    expect((await deliver(standIn.notification(orderNo))).body).toBe('success');
    expect(await points(token)).toBe(30);
  });

  it('cancel closes the trade at Alipay; a closed trade does not fail the order; WeChat Pay, not offered, is refused', async () => {
    const { token, orderNo, html } = await startRecharge('13500136104', '5');
    standIn.openCashier(html);
    // A TRADE_CLOSED notify (timed out at the cashier) leaves the order payable.
    expect((await deliver(standIn.notification(orderNo, { tradeStatus: 'TRADE_CLOSED' }))).body).toBe('success');
    const order = await t.db.selectFrom('orders').select('status').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    expect(order.status).toBe(1);

    expect((await t.post('/api/alipay/cancelPay', { order_no: orderNo }, token)).body.code).toBe(200);
    expect(standIn.trades.get(orderNo)?.status).toBe('TRADE_CLOSED');
    const close = standIn.calls.filter((c) => c.method === 'alipay.trade.close').at(-1);
    expect(close?.signatureValid).toBe(true);
    const methods = await t.app.inject({ method: 'GET', url: '/api/alipay/payMethods', headers: { authorization: `Bearer ${token}` } });
    expect(methods.json()).toMatchObject({ code: 200, data: { types: [1] } });
    const wechat = await t.post('/api/alipay/doPay', { type: '2', integral: '5' }, token);
    expect(wechat.body).toMatchObject({ code: 400, msg: copyText('payment:methodUnavailable') });
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/alipay/cashier' })).statusCode).toBe(404);
  });

  it('a lost notify: reconciliation asks alipay.trade.query about the late order and credits it once', async () => {
    const { token, orderNo, html } = await startRecharge('13500136105', '20');
    standIn.openCashier(html);
    standIn.pay(orderNo);
    const alipay = testConfig(settings).alipay;
    if (!alipay) throw new Error('no Alipay settings');
    const deps = {
      db: t.db,
      clock: t.clock,
      orders: new OrderService(t.db, t.clock, createTranslator(), 1800),
      alipay: new AlipayGateway(new AlipayClient(alipay, t.clock), PUBLIC_URL),
      wechat: new UnavailableGateway('wechat'),
      log: t.app.log,
    };
    t.clock.advance(301_000);
    // A gateway outage first: logged, kept, asked again next time.
    standIn.failNext('alipay.trade.query', 'httpError', orderNo);
    const failed = await reconcilePayments(deps, 300_000);
    expect(failed.credited).toBe(0);
    // An answer not signed by Alipay is not believed either.
    standIn.failNext('alipay.trade.query', 'badSignature', orderNo);
    expect((await reconcilePayments(deps, 300_000)).credited).toBe(0);
    expect(await points(token)).toBe(0);

    const first = await reconcilePayments(deps, 300_000);
    expect(first.credited).toBeGreaterThanOrEqual(1);
    expect(await points(token)).toBe(20);
    await reconcilePayments(deps, 300_000);
    expect((await deliver(standIn.notification(orderNo))).body).toBe('success');
    expect(await points(token)).toBe(20);
    expect(await ledger(orderNo)).toHaveLength(1);
    const queries = (await events(orderNo)).filter((e) => e.kind === 'query').map((e) => e.verdict);
    expect(queries[0]).toMatch(/^error: alipay\.trade\.query: transport/);
    expect(queries[1]).toMatch(/^error: alipay\.trade\.query: unverified/);
    expect(queries.slice(2)).toEqual(['paid: credited']);
    const query = standIn.calls.filter((c) => c.method === 'alipay.trade.query' && c.params.biz_content?.includes(orderNo)).at(-1);
    expect(query?.signatureValid).toBe(true);
    expect(JSON.parse(query?.params.biz_content ?? '{}')).toEqual({ out_trade_no: orderNo });
  });

  it('an Alipay business error on close does not undo the cancel', async () => {
    const { token, orderNo, html } = await startRecharge('13500136106', '8');
    standIn.openCashier(html);
    standIn.failNext('alipay.trade.close', {
      code: '20000',
      msg: 'Service Currently Unavailable',
      sub_code: 'isp.unknow-error',
      sub_msg: '系统繁忙',
    });
    expect((await t.post('/api/alipay/cancelPay', { order_no: orderNo }, token)).body.code).toBe(200);
    expect(standIn.trades.get(orderNo)?.status).toBe('WAIT_BUYER_PAY');
  });
});

describe('Alipay configuration', () => {
  it('names the wrong variable, wants Alipay’s key (not our own) and an https PUBLIC_URL', () => {
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
    expect(attempt({ ALIPAY_APP_ID: '12345' })).toMatch(/^ALIPAY_APP_ID/);
    expect(attempt({ ALIPAY_PRIVATE_KEY: 'bm90IGEga2V5' })).toMatch(/^ALIPAY_PRIVATE_KEY/);
    expect(attempt({ ALIPAY_PUBLIC_KEY: '' })).toMatch(/^ALIPAY_PUBLIC_KEY: is required/);
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(attempt({ ALIPAY_PUBLIC_KEY: small.publicKey.export({ type: 'spki', format: 'pem' }).toString() })).toMatch(
      /^ALIPAY_PUBLIC_KEY: .*2048/,
    );
    expect(attempt({ ALIPAY_SELLER_ID: '1234' })).toMatch(/^ALIPAY_SELLER_ID/);
    expect(attempt({ ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do' })).toMatch(/^ALIPAY_GATEWAY/);
    expect(attempt({ PUBLIC_URL: 'http://evidence.example.test' })).toMatch(/^PUBLIC_URL/);
    expect(attempt({ PAYMENT_PROVIDER: 'alipay,sandbox' })).toMatch(/PAYMENT_PROVIDER/);
  });
});
