import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoPayResponse } from '../../../contracts/index';
import type { Clock } from '../../clock';
import { startAlipayStandIn, type AlipayStandIn } from '../../test-support/alipay-standin';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { paymentRecords } from '../../test-support/payments';
import { startWechatPayStandIn, type SignedNotification, type WechatPayStandIn } from '../../test-support/wechatpay-standin';
import { signInNewStaff, staffGet, staffPost } from '../../test-support/staff';
import type { OrderDetail, OrderSearchList } from '../../../contracts/index';
import { paymentsModuleOf } from './routes';
import { RefundService } from './refunds';

const APP_ID = '2021000122671080';
const SELLER_ID = '2088102177846880';
const MCH_ID = '1900000109';
const WX_APP_ID = 'wxd678efh567hg6787';
const SERIAL = '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C';
const PUBLIC_URL = 'https://evidence.example.test';

/**
 * Both real gateways at once (PAYMENT_PROVIDER=alipay,wechatpay) against their stand-ins: a payment start never
 * waits on the other gateway, and a payment an order cannot take is refunded through the gateway's refund call
 * exactly once, by a job (the queue is run here by hand: CAPTURE_WORKERS=0).
 */
let alipay: AlipayStandIn;
let wechat: WechatPayStandIn;
let t: TestApp;
let appClock: Clock | null = null;

beforeAll(async () => {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiV3Key = randomBytes(16).toString('hex');
  const clock = { now: () => appClock?.now() ?? new Date() };
  alipay = await startAlipayStandIn({ appId: APP_ID, sellerId: SELLER_ID, appPublicKey: app.publicKey, clock });
  wechat = await startWechatPayStandIn({
    mchid: MCH_ID,
    appid: WX_APP_ID,
    merchantPublicKey: merchant.publicKey,
    merchantSerial: SERIAL,
    apiV3Key,
    clock,
  });
  t = await createTestApp({
    config: {
      PAYMENT_PROVIDER: 'alipay,wechatpay',
      PUBLIC_URL,
      CAPTURE_WORKERS: '0',
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: app.privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
      ALIPAY_PUBLIC_KEY: alipay.alipayPublicKeyPem,
      ALIPAY_SELLER_ID: SELLER_ID,
      ALIPAY_GATEWAY: alipay.gatewayUrl,
      WECHATPAY_MCH_ID: MCH_ID,
      WECHATPAY_APP_ID: WX_APP_ID,
      WECHATPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      WECHATPAY_CERT_SERIAL: SERIAL,
      WECHATPAY_API_V3_KEY: apiV3Key,
      WECHATPAY_PLATFORM_PUBLIC_KEY: wechat.platformPublicKeyPem,
      WECHATPAY_PLATFORM_PUBLIC_KEY_ID: wechat.platformPublicKeyId,
      WECHATPAY_BASE_URL: wechat.baseUrl,
    },
  });
  appClock = t.clock;
}, 120_000);
afterAll(async () => {
  await t.close();
  await alipay.close();
  await wechat.close();
});

const { points, ledger } = paymentRecords(() => t);
const jobs = () => {
  const module = paymentsModuleOf(t.app);
  if (!module) throw new Error('no payments module');
  return module.jobs;
};
/** Runs every job that is due, then moves the clock past the queue's retry delay and runs again, `rounds` times. */
async function runJobs(rounds = 1) {
  for (let i = 0; i < rounds; i++) {
    await jobs().drain();
    t.clock.advance(60_000);
  }
  await jobs().drain();
}
const refundOf = (orderNo: string) => t.db.selectFrom('payment_refunds').selectAll().where('order_no', '=', orderNo).execute();
const deliverAlipay = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/alipay/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
const deliverWechat = (notification: SignedNotification) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wxpay/notify',
    headers: { ...notification.headers, 'content-type': 'application/json' },
    payload: notification.body,
  });
const wechatCalls = (orderNo: string, path: string) => wechat.requests.filter((r) => r.url.includes(path) && r.url.includes(orderNo));

async function doPay(token: string, type: '1' | '2', form: Record<string, string>) {
  const reply = await t.post<DoPayResponse>('/api/alipay/doPay', { type, ...form }, token);
  expect(reply.body.code).toBe(200);
  return reply.body.data;
}

/** A user with an Alipay trade the payer has paid, on an order that was cancelled first. */
async function paidAfterCancelAtAlipay(phone: string, integral: string) {
  const { token } = await register(t, phone);
  const { order_no: orderNo, html } = await doPay(token, '1', { integral });
  alipay.openCashier(html);
  // The cancel's close fails (Alipay busy), so the payer can still pay the trade.
  alipay.failNext('alipay.trade.close', { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error' }, orderNo);
  expect((await t.post('/api/alipay/cancelPay', { order_no: orderNo }, token)).body.code).toBe(200);
  alipay.pay(orderNo);
  return { token, orderNo };
}

/** A user with a WeChat Pay trade the payer has paid, on an order that expired first. */
async function paidAfterExpiryAtWechat(phone: string, integral: string) {
  const { token } = await register(t, phone);
  const { order_no: orderNo } = await doPay(token, '2', { integral });
  wechat.pay(orderNo);
  t.clock.advance(3600_000);
  return { token, orderNo };
}

describe('a payment start never waits on the other gateway', () => {
  it('starting Alipay for a new order sends nothing to a slow WeChat Pay and answers', async () => {
    const { token } = await register(t, '13500137101');
    wechat.delayMs = 3000;
    try {
      const before = wechat.requests.length;
      const started = await doPay(token, '1', { integral: '6' });
      expect(started.html).toContain(alipay.gatewayUrl);
      // The order was never sent to WeChat Pay: no close (nor anything else) went there, now or later.
      expect(wechat.requests.slice(before)).toEqual([]);
      await runJobs();
      expect(wechatCalls(started.order_no, '/close')).toEqual([]);
    } finally {
      wechat.delayMs = 0;
    }
  });

  it('a WeChat trade opened earlier is closed by a job after the Alipay start, and cancel closes only where trades are', async () => {
    const { token } = await register(t, '13500137102');
    const { order_no: orderNo } = await doPay(token, '2', { integral: '7' });
    expect(wechat.orders.get(orderNo)?.tradeState).toBe('NOTPAY');
    wechat.delayMs = 3000;
    try {
      await doPay(token, '1', { order_no: orderNo });
      // Not on the start's path: the close has not been sent yet.
      expect(wechatCalls(orderNo, '/close')).toEqual([]);
    } finally {
      wechat.delayMs = 0;
    }
    await runJobs();
    expect(wechatCalls(orderNo, '/close')).toHaveLength(1);
    expect(wechat.orders.get(orderNo)?.tradeState).toBe('CLOSED');
    // A cancel now: Alipay has no trade yet (the cashier was never opened) and WeChat's is closed already.
    const closesBefore = wechat.requests.filter((r) => r.url.endsWith('/close')).length;
    expect((await t.post('/api/alipay/cancelPay', { order_no: orderNo }, token)).body.code).toBe(200);
    expect(wechat.requests.filter((r) => r.url.endsWith('/close')).length).toBe(closesBefore);
  });

  it('the payer who paid both trades is credited once and the second payment is refunded', async () => {
    const { token } = await register(t, '13500137103');
    const { order_no: orderNo } = await doPay(token, '2', { integral: '9' });
    const { html } = await doPay(token, '1', { order_no: orderNo });
    // The WeChat code was paid before its close ran; then Alipay too.
    wechat.pay(orderNo);
    alipay.openCashier(html);
    alipay.pay(orderNo);
    expect((await deliverWechat(wechat.notification(orderNo))).statusCode).toBe(200);
    expect((await deliverAlipay(alipay.notification(orderNo))).body).toBe('success');
    expect((await deliverAlipay(alipay.notification(orderNo))).body).toBe('success');
    await runJobs();
    expect(await points(token)).toBe(9);
    expect(await ledger(orderNo)).toHaveLength(1);
    expect(await refundOf(orderNo)).toMatchObject([{ provider: 'alipay', reason: 'surplus', state: 'refunded', amount: 900 }]);
    expect([...alipay.refunds.values()].filter((r) => r.orderNo === orderNo)).toHaveLength(1);
  });
});

describe('a payment that reaches a cancelled or expired order is refunded through its gateway', () => {
  it('Alipay: repeated notifies make one alipay.trade.refund, signed, with our out_request_no; the order shows it refunded', async () => {
    const { token, orderNo } = await paidAfterCancelAtAlipay('13500137201', '12');
    const body = alipay.notification(orderNo);
    const answers = await Promise.all([deliverAlipay(body), deliverAlipay(body), deliverAlipay(body)]);
    expect(answers.map((a) => a.body)).toEqual(['success', 'success', 'success']);
    expect(await refundOf(orderNo)).toMatchObject([{ state: 'processing', reason: 'closed' }]);
    await Promise.all([jobs().drain(), jobs().drain()]);
    const calls = alipay.calls.filter((c) => c.method === 'alipay.trade.refund' && c.params.biz_content?.includes(orderNo));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signatureValid).toBe(true);
    expect(JSON.parse(calls[0]?.params.biz_content ?? '{}')).toMatchObject({
      out_trade_no: orderNo,
      refund_amount: '12.00',
      out_request_no: RefundService.outRefundNo(orderNo, 'alipay'),
    });
    expect(await refundOf(orderNo)).toMatchObject([{ state: 'refunded', attempts: 1 }]);
    expect(await points(token)).toBe(0);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/processorder/getOrderList?type=1&page=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json<{ data: { list: { order_no: string; refund_state?: string }[] } }>().data.list[0]).toMatchObject({
      order_no: orderNo,
      refund_state: 'refunded',
    });
  });

  it('Alipay: a refused refund ends failed for finance, who retries it with the same number', async () => {
    const { orderNo } = await paidAfterCancelAtAlipay('13500137202', '5');
    alipay.failNext(
      'alipay.trade.refund',
      { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', sub_msg: '卖家余额不足' },
      orderNo,
    );
    expect((await deliverAlipay(alipay.notification(orderNo))).body).toBe('success');
    await runJobs(2);
    expect(await refundOf(orderNo)).toMatchObject([{ state: 'failed', failure: 'ACQ.SELLER_BALANCE_NOT_ENOUGH' }]);
    expect([...alipay.refunds.values()].filter((r) => r.orderNo === orderNo)).toHaveLength(0);
    await paymentsModuleOf(t.app)?.refunds.retry(orderNo);
    await runJobs();
    expect(await refundOf(orderNo)).toMatchObject([{ state: 'refunded', failure: null }]);
    const numbers = alipay.calls
      .filter((c) => c.method === 'alipay.trade.refund' && c.params.biz_content?.includes(orderNo))
      .map((c) => (JSON.parse(c.params.biz_content ?? '{}') as { out_request_no: string }).out_request_no);
    expect(numbers).toEqual([RefundService.outRefundNo(orderNo, 'alipay'), RefundService.outRefundNo(orderNo, 'alipay')]);
  });

  it('Alipay: an answer lost on the way back is retried with the same number and refunds once', async () => {
    const { orderNo } = await paidAfterCancelAtAlipay('13500137203', '8');
    alipay.failNext('alipay.trade.refund', 'drop', orderNo);
    expect((await deliverAlipay(alipay.notification(orderNo))).body).toBe('success');
    // The first answer is lost; the request is sent again with the same out_request_no (by the SDK's own retry
    // of a cut connection, or by the job's next attempt) and Alipay answers that refund without a second one.
    await runJobs(2);
    expect(await refundOf(orderNo)).toMatchObject([{ state: 'refunded' }]);
    const calls = alipay.calls.filter((c) => c.method === 'alipay.trade.refund' && c.params.biz_content?.includes(orderNo));
    expect(calls.length).toBeGreaterThanOrEqual(2);
    const numbers = new Set(calls.map((c) => (JSON.parse(c.params.biz_content ?? '{}') as { out_request_no: string }).out_request_no));
    expect([...numbers]).toEqual([RefundService.outRefundNo(orderNo, 'alipay')]);
    expect([...alipay.refunds.values()].filter((r) => r.orderNo === orderNo)).toHaveLength(1);
  });

  it('WeChat Pay: repeated notifies to an expired order make one signed refund; PROCESSING is queried until SUCCESS', async () => {
    const { token, orderNo } = await paidAfterExpiryAtWechat('13500137301', '15');
    wechat.refundStatus = 'PROCESSING';
    try {
      const notification = wechat.notification(orderNo);
      const answers = await Promise.all([deliverWechat(notification), deliverWechat(notification), deliverWechat(notification)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      await Promise.all([jobs().drain(), jobs().drain()]);
      expect(await refundOf(orderNo)).toMatchObject([{ state: 'processing' }]);
    } finally {
      wechat.refundStatus = 'SUCCESS';
    }
    const outRefundNo = RefundService.outRefundNo(orderNo, 'wechat');
    const refund = wechat.refunds.get(outRefundNo);
    if (!refund) throw new Error('no refund at the stand-in');
    refund.status = 'SUCCESS';
    await runJobs();
    expect(await refundOf(orderNo)).toMatchObject([{ state: 'refunded' }]);
    const creates = wechat.requests.filter((r) => r.url === '/v3/refund/domestic/refunds');
    expect(creates.filter((r) => r.body.includes(orderNo))).toHaveLength(1);
    expect(creates.every((r) => r.signatureValid)).toBe(true);
    expect(JSON.parse(creates.find((r) => r.body.includes(orderNo))?.body ?? '{}')).toMatchObject({
      out_trade_no: orderNo,
      out_refund_no: outRefundNo,
      amount: { refund: 1500, total: 1500, currency: 'CNY' },
    });
    expect(wechat.requests.some((r) => r.method === 'GET' && r.url === `/v3/refund/domestic/refunds/${outRefundNo}`)).toBe(true);
    expect(await points(token)).toBe(0);
  });

  it('WeChat Pay: a refused refund (NOT_ENOUGH) ends failed for finance', async () => {
    const { orderNo } = await paidAfterExpiryAtWechat('13500137302', '4');
    wechat.refuseNextRefund(403, 'NOT_ENOUGH', '基本账户余额不足');
    expect((await deliverWechat(wechat.notification(orderNo))).statusCode).toBe(200);
    await runJobs();
    expect(await refundOf(orderNo)).toMatchObject([{ state: 'failed', failure: 'NOT_ENOUGH' }]);
    expect(wechat.refunds.has(RefundService.outRefundNo(orderNo, 'wechat'))).toBe(false);
  });

  it('WeChat Pay: an answer lost on the way back is queried by its number on retry, never made twice', async () => {
    const { orderNo } = await paidAfterExpiryAtWechat('13500137303', '6');
    expect((await deliverWechat(wechat.notification(orderNo))).statusCode).toBe(200);
    wechat.faultNextAnswer('drop');
    await jobs().drain();
    expect(await refundOf(orderNo)).toMatchObject([{ state: 'processing', attempts: 1 }]);
    // The refund was made although its answer was lost.
    expect(wechat.refunds.has(RefundService.outRefundNo(orderNo, 'wechat'))).toBe(true);
    await runJobs(2);
    expect(await refundOf(orderNo)).toMatchObject([{ state: 'refunded', attempts: 2 }]);
    const creates = wechat.requests.filter((r) => r.url === '/v3/refund/domestic/refunds' && r.body.includes(orderNo));
    expect(creates).toHaveLength(1);
  });
});

describe('the finance desk sees refunds and retries a failed one', () => {
  it('lists the state, shows the refund in the detail, retries with the same number (audited); other roles are refused', async () => {
    const { orderNo } = await paidAfterExpiryAtWechat('13500137401', '3');
    wechat.refuseNextRefund(403, 'NOT_ENOUGH', '基本账户余额不足');
    expect((await deliverWechat(wechat.notification(orderNo))).statusCode).toBe(200);
    await runJobs();
    const finance = await signInNewStaff(t, 'finance');
    const list = await staffGet<OrderSearchList>(t, `/api/staff/orders/list?orderNo=${orderNo}`, finance.token);
    expect(list.body.data.list[0]).toMatchObject({ orderNo, refundState: 'failed' });
    const detail = await staffGet<OrderDetail>(t, `/api/staff/orders/detail?orderNo=${orderNo}`, finance.token);
    expect(detail.body.data.refund).toMatchObject({
      provider: 'wechat',
      reason: 'closed',
      state: 'failed',
      failure: 'NOT_ENOUGH',
      outRefundNo: RefundService.outRefundNo(orderNo, 'wechat'),
      money: 3,
    });
    expect(detail.body.data.events.filter((e) => e.kind === 'refund').map((e) => e.verdict)).toEqual(['refused: NOT_ENOUGH']);

    const reviewer = await signInNewStaff(t, 'reviewer');
    expect((await staffPost(t, '/api/staff/orders/retryRefund', { orderNo }, reviewer.token)).body.code).toBe(403);
    const retried = await staffPost(t, '/api/staff/orders/retryRefund', { orderNo }, finance.token);
    expect(retried.body.code).toBe(200);
    // Only a failed refund can be retried; one on its way cannot be asked for twice.
    expect((await staffPost(t, '/api/staff/orders/retryRefund', { orderNo }, finance.token)).body.code).toBe(400);
    expect((await staffPost(t, '/api/staff/orders/retryRefund', { orderNo: 'R1' }, finance.token)).body.code).toBe(404);
    await runJobs();
    expect(await refundOf(orderNo)).toMatchObject([{ state: 'refunded' }]);
    expect(wechat.refunds.get(RefundService.outRefundNo(orderNo, 'wechat'))?.refundFen).toBe(300);
    const audit = await t.db.selectFrom('staff_audit').selectAll().where('action', '=', 'refundRetried').execute();
    expect(audit).toMatchObject([{ staff_id: finance.id, record_type: 'paymentRefund' }]);
    // Two staff sign-ins (password hashing) take long on a loaded machine.
  }, 120_000);
});
