import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoPayResponse, NewsListing, Order, OrderList } from '../../../contracts/index';
import { alipaySignContent, wechatSignContent } from '../../providers/payments';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { spendPoints } from '../ledger/service';
import { paymentsModuleOf } from '../payments/routes';
import { copyText } from '../../test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const get = async <T>(url: string, token?: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, body: response.json<{ code: number; msg: string; data: T }>() };
};
const form = async (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const points = async (token: string) => (await t.post<{ points: number }>('/api/user/getUserInfo', {}, token)).body.data.points;
const ledger = async (orderNo?: string) => {
  let q = t.db.selectFrom('points_ledger').selectAll();
  if (orderNo) q = q.where('order_no', '=', orderNo);
  return q.orderBy('id').execute();
};
const setBalance = (userId: number, hundredths: number) => sql`UPDATE users SET points = ${hundredths} WHERE id = ${userId}`.execute(t.db);
const userId = async (phone: string) =>
  (await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
const sandboxOrder = async (phone: string, fields: Record<string, string>) => {
  const response = await form('/sandbox/orders', { phone, ...fields });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { order_no: string } }>().data.order_no;
};

/** The hidden inputs of the gateway form doPay answers, as a browser would submit them. */
const formFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', (m[2] ?? '').replace(/&amp;/g, '&')]));

async function payWithAlipay(token: string, integral: string, action: 'pay' | 'fail' = 'pay') {
  const reply = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '1', integral }, token);
  expect(reply.body.code).toBe(200);
  const { html, order_no } = reply.body.data;
  expect(html).toContain('action="/sandbox/alipay/cashier"');
  const cashier = await form('/sandbox/alipay/cashier', formFields(html));
  expect(cashier.statusCode).toBe(200);
  expect(cashier.body).toContain(copyText('payment:cashierTitle'));
  expect(cashier.body).not.toContain('<script');
  const ref = /name="ref" value="([^"]+)"/.exec(cashier.body)?.[1] ?? '';
  const done = await form('/sandbox/alipay/cashier/pay', { ref, action });
  return { orderNo: order_no, done };
}

async function signedAlipayNotify(params: Record<string, string>, key?: Buffer) {
  const secret =
    key ??
    Buffer.from(
      (await t.db.selectFrom('signing_keys').select('secret').where('name', '=', 'sandbox-alipay').executeTakeFirstOrThrow()).secret,
      'base64',
    );
  const sign = createHmac('sha256', secret).update(alipaySignContent(params)).digest('base64');
  return { ...params, sign_type: 'HMAC-SHA256', sign };
}

describe('recharge through the sandbox gateways', () => {
  it('Alipay: the doPay form opens the cashier, confirming credits the points once and notifies', async () => {
    const { token } = await register(t, '13500135001');
    const { orderNo, done } = await payWithAlipay(token, '100');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/orders');
    expect(await points(token)).toBe(100);
    const rows = await ledger(orderNo);
    expect(rows).toMatchObject([{ kind: 'recharge', amount: 10000, balance_after: 10000 }]);
    const list = await get<OrderList>('/api/processorder/getOrderList?type=1', token);
    expect(list.body.data.list[0]).toMatchObject({
      order_no: orderNo,
      status: 2,
      pay_status: copyText('notarisation:payPaid'),
      pay_type: 2,
      payType: copyText('orders:buy.alipay'),
      balance: 100,
      isApp: 0,
      invoiceStatus: 0,
    });
    const news = await t.post<NewsListing>('/api/News/listing', {}, token);
    expect(news.body.data.list[0]?.str).toContain(copyText('orders:pay.done'));
    expect(news.body.data.list[0]?.subject).toEqual({ kind: 'order', ref: orderNo });
    // The same cashier cannot be paid again.
    const ref = (await t.db.selectFrom('sandbox_trades').select('ref').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).ref;
    expect((await form('/sandbox/alipay/cashier/pay', { ref, action: 'pay' })).statusCode).toBe(400);
    expect(await points(token)).toBe(100);
  });

  it('Alipay: a simulated failure marks the order failed and credits nothing', async () => {
    const { token } = await register(t, '13500135002');
    const { orderNo, done } = await payWithAlipay(token, '20', 'fail');
    expect(done.statusCode).toBe(303);
    expect(await points(token)).toBe(0);
    const failed = await get<OrderList>('/api/processorder/getOrderList?type=1&isType=3', token);
    expect(failed.body.data.list.map((o) => o.order_no)).toEqual([orderNo]);
    expect(failed.body.data.list[0]?.pay_status).toBe(copyText('orders:status.3'));
  });

  it('WeChat: doPay answers a code URL to the scan page; confirming there makes wxIsPay answer paid', async () => {
    const { token } = await register(t, '13500135003');
    const reply = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '2', integral: '50' }, token);
    expect(reply.body.data).toMatchObject({ type: 2, money: 50, html: '' });
    const url = new URL(reply.body.data.url);
    expect(url.pathname).toBe('/sandbox/wechat/scan');
    const isPay = () => t.post<{ isPay: number }>('/api/alipay/wxIsPay', { order_no: reply.body.data.order_no }, token);
    expect((await isPay()).body.data.isPay).toBe(0);
    const scan = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(scan.statusCode).toBe(200);
    expect(scan.body).toContain('¥50.00');
    const confirm = await form('/sandbox/wechat/scan', { pr: url.searchParams.get('pr') ?? '' });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(copyText('orders:pay.done'));
    expect((await isPay()).body.data.isPay).toBe(1);
    expect(await points(token)).toBe(50);
  });

  it('refuses bad amounts and a missing payment type with the product wording', async () => {
    const { token } = await register(t, '13500135004');
    for (const integral of ['0', '50001', '1.5', 'abc']) {
      const reply = await t.post('/api/alipay/doPay', { type: '1', integral }, token);
      expect(reply.body, integral).toMatchObject({ code: 400, msg: copyText('validation:rechargeAmount') });
    }
    expect((await t.post('/api/alipay/doPay', { type: '3', integral: '10' }, token)).body.msg).toBe(copyText('validation:payTypeRequired'));
    // The sandbox offers both methods.
    const methods = await t.app.inject({ method: 'GET', url: '/api/alipay/payMethods', headers: { authorization: `Bearer ${token}` } });
    expect(methods.json()).toMatchObject({ code: 200, data: { types: [1, 2] } });
    expect((await t.post('/api/alipay/doPay', { type: '1', integral: '10' })).body.code).toBe(408);
    expect(await t.db.selectFrom('orders').select('id').execute()).toHaveLength(0);
  });
});

describe('notifications from the gateways', () => {
  it('Alipay: five concurrent deliveries of one notify, then a replay, credit exactly once', async () => {
    const { token } = await register(t, '13500135011');
    const reply = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '1', integral: '30' }, token);
    const params = await signedAlipayNotify({
      app_id: 'sandbox',
      out_trade_no: reply.body.data.order_no,
      trade_no: '2025010622000000000001',
      total_amount: '30.00',
      trade_status: 'TRADE_SUCCESS',
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => form('/api/alipay/notify', params)));
    expect(answers.map((a) => a.body)).toEqual(Array(5).fill('success'));
    expect((await form('/api/alipay/notify', params)).body).toBe('success');
    expect(await points(token)).toBe(30);
    expect(await ledger(reply.body.data.order_no)).toHaveLength(1);
  });

  it('WeChat: concurrent and replayed notifies credit once; stale timestamps are refused', async () => {
    const { token } = await register(t, '13500135012');
    const reply = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '2', integral: '12' }, token);
    const key = Buffer.from(
      (await t.db.selectFrom('signing_keys').select('secret').where('name', '=', 'sandbox-wechat').executeTakeFirstOrThrow()).secret,
      'base64',
    );
    const body = JSON.stringify({
      resource: { out_trade_no: reply.body.data.order_no, transaction_id: 'wx1', trade_state: 'SUCCESS', amount: { total: 1200 } },
    });
    const deliver = (timestamp = String(Math.floor(t.clock.now().getTime() / 1000))) =>
      t.app.inject({
        method: 'POST',
        url: '/api/wxpay/notify',
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': 'n1',
          'wechatpay-signature': createHmac('sha256', key)
            .update(wechatSignContent(timestamp, 'n1', body))
            .digest('base64'),
        },
        payload: body,
      });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver()));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await points(token)).toBe(12);
    expect(await ledger()).toHaveLength(1);
    expect((await deliver(String(Math.floor(t.clock.now().getTime() / 1000) - 3600))).statusCode).toBe(400);
  });

  it('a forged signature or a wrong amount is refused and nothing is credited', async () => {
    const { token } = await register(t, '13500135013');
    const reply = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '1', integral: '30' }, token);
    const base = { out_trade_no: reply.body.data.order_no, trade_no: 'x', total_amount: '30.00', trade_status: 'TRADE_SUCCESS' };
    const forged = await signedAlipayNotify(base, Buffer.from('not the gateway key'));
    const refused = await form('/api/alipay/notify', forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('failure');
    expect((await form('/api/alipay/notify', { ...base, sign: 'abc' })).body).toBe('failure');
    const tampered = { ...(await signedAlipayNotify(base)), total_amount: '3000.00' };
    expect((await form('/api/alipay/notify', tampered)).body).toBe('failure');
    const wrongAmount = await signedAlipayNotify({ ...base, total_amount: '0.30' });
    expect((await form('/api/alipay/notify', wrongAmount)).body).toBe('failure');
    const wx = await t.app.inject({
      method: 'POST',
      url: '/api/wxpay/notify',
      headers: { 'content-type': 'application/json', 'wechatpay-timestamp': '1', 'wechatpay-nonce': 'n', 'wechatpay-signature': 'forged' },
      payload: '{}',
    });
    expect(wx.statusCode).toBe(400);
    expect(await points(token)).toBe(0);
    expect(await ledger()).toHaveLength(0);
  });
});

describe('spending points', () => {
  it('ten concurrent payments of 30 from a balance of 100: exactly three pass, 10 left', async () => {
    const phone = '13500135021';
    const { token } = await register(t, phone);
    const id = await userId(phone);
    await setBalance(id, 10_000);
    const orderNos = [];
    for (let i = 0; i < 10; i += 1)
      orderNos.push(await sandboxOrder(phone, { type: '2', points: '30', desc: copyText('capture:order_web', { title: `page ${i}` }) }));
    const answers = await Promise.all(orderNos.map((order_no) => t.post<{ points: number }>('/api/Evidences/pay', { order_no }, token)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === 400).map((a) => a.body.msg)).toEqual(
      Array(7).fill(copyText('payment:insufficientPoints')),
    );
    expect(await points(token)).toBe(10);
    const rows = await ledger();
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.balance_after).sort((a, b) => b - a)).toEqual([7000, 4000, 1000]);
    // Paying an already paid order again is refused and changes nothing.
    const paid = orderNos[answers.findIndex((a) => a.body.code === 200)] ?? '';
    expect((await t.post('/api/Evidences/pay', { order_no: paid }, token)).body).toMatchObject({
      code: 400,
      msg: copyText('payment:orderPaid'),
    });
    expect(await points(token)).toBe(10);
  });

  it('paying an order with points leaves a notification whose subject is that order', async () => {
    const phone = '13500135023';
    const { token } = await register(t, phone);
    await setBalance(await userId(phone), 10_000);
    const orderNo = await sandboxOrder(phone, { type: '2', points: '30', desc: copyText('capture:order_web', { title: 'example.com' }) });
    expect((await t.post('/api/Evidences/pay', { order_no: orderNo }, token)).body.code).toBe(200);
    const news = (await t.post<NewsListing>('/api/News/listing', {}, token)).body.data.list;
    expect(news[0]).toMatchObject({ str: expect.stringContaining(orderNo), subject: { kind: 'order', ref: orderNo } });
    // The welcome message names nothing.
    expect(news.at(-1)?.subject).toBeNull();
  });

  it('spendPoints (for later domains): concurrent charges in their own transactions never overdraw', async () => {
    const phone = '13500135022';
    const { token } = await register(t, phone);
    const id = await userId(phone);
    await setBalance(id, 10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        t.db.transaction().execute((trx) => spendPoints(trx, { clock: t.clock }, id, { amount: 3000, description: `取证${i}` })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await points(token)).toBe(10);
    // A refused charge leaves no order behind: the caller's transaction rolled back.
    expect(await t.db.selectFrom('orders').select('id').execute()).toHaveLength(3);
    const list = await get<OrderList>('/api/processorder/getOrderList?type=2', token);
    expect(list.body.data.list[0]).toMatchObject({ status: 2, pay_type: 1, payType: copyText('capture:queue.points'), balance: 30 });
  });
});

describe('cancel, expiry and app-created orders', () => {
  it('cancels a pending order (final); paying or cancelling it again is refused; its cashier is closed', async () => {
    const { token } = await register(t, '13500135031');
    const reply = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '1', integral: '10' }, token);
    const order_no = reply.body.data.order_no;
    const cancelled = await t.post<{ msg: string }>('/api/alipay/cancelPay', { order_no }, token);
    expect(cancelled.body).toMatchObject({
      code: 200,
      msg: copyText('payment:cancelled'),
      data: { order_no, msg: copyText('payment:cancelled') },
    });
    expect((await t.post('/api/alipay/cancelPay', { order_no }, token)).body).toMatchObject({
      code: 400,
      msg: copyText('payment:orderNotCancellable'),
    });
    expect((await t.post('/api/alipay/doPay', { type: '2', order_no }, token)).body).toMatchObject({
      code: 400,
      msg: copyText('payment:orderCancelled'),
    });
    const cashier = await form('/sandbox/alipay/cashier', formFields(reply.body.data.html));
    expect(cashier.statusCode).toBe(400);
    expect(cashier.body).toContain(copyText('payment:cashierClosed'));
    const list = await get<OrderList>('/api/processorder/getOrderList?type=1&isType=4', token);
    expect(list.body.data.list[0]).toMatchObject({ order_no, status: 4, pay_status: copyText('evidence:upload.state.cancelled') });
  });

  it('an unpaid order expires after ORDER_TTL_SECONDS: shown cancelled, not payable, not cancellable', async () => {
    const { token } = await register(t, '13500135032');
    const reply = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '2', integral: '10' }, token);
    const order_no = reply.body.data.order_no;
    t.clock.advance(1800 * 1000 + 1000);
    expect((await t.post('/api/alipay/doPay', { type: '1', order_no }, token)).body).toMatchObject({
      code: 400,
      msg: copyText('payment:orderExpired'),
    });
    expect((await t.post('/api/alipay/cancelPay', { order_no }, token)).body).toMatchObject({
      code: 400,
      msg: copyText('payment:orderExpired'),
    });
    expect((await t.post<{ status: number }>('/api/alipay/wxIsPay', { order_no }, token)).body.data).toMatchObject({ isPay: 0, status: 4 });
    const url = new URL(reply.body.data.url);
    expect((await form('/sandbox/wechat/scan', { pr: url.searchParams.get('pr') ?? '' })).statusCode).toBe(400);
    expect(await points(token)).toBe(0);
  });

  it('a pending order paid again with the other gateway; an expired consumption is not payable', async () => {
    const phone = '13500135033';
    const { token } = await register(t, phone);
    const first = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '1', integral: '8' }, token);
    const again = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '2', order_no: first.body.data.order_no }, token);
    expect(again.body.data).toMatchObject({ order_no: first.body.data.order_no, type: 2, money: 8 });
    // The first (Alipay) trade is closed by a job (run here or by the app's own worker); then that cashier refuses.
    await vi.waitFor(async () => {
      await paymentsModuleOf(t.app)?.jobs.drain();
      const open = await t.db
        .selectFrom('payment_trades')
        .select('provider')
        .where('order_no', '=', first.body.data.order_no)
        .where('provider', '=', 'alipay')
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      expect(open).toBeUndefined();
    });
    expect((await form('/sandbox/alipay/cashier', formFields(first.body.data.html))).statusCode).toBe(400);
    const consumption = await sandboxOrder(phone, { type: '2', points: '1' });
    await setBalance(await userId(phone), 500);
    t.clock.advance(3600 * 1000);
    expect((await t.post('/api/Evidences/pay', { order_no: consumption }, token)).body.msg).toBe(copyText('payment:orderExpired'));
    expect(await points(token)).toBe(5);
  });

  it('orders created in the app answer 该订单在APP端创建，请到APP端继续支付 on the web', async () => {
    const phone = '13500135034';
    const { token } = await register(t, phone);
    await setBalance(await userId(phone), 100_000);
    const recharge = await sandboxOrder(phone, { type: '1', points: '10', isApp: '1' });
    const consumption = await sandboxOrder(phone, { type: '2', points: '10', isApp: '1' });
    const expected = { code: 400, msg: copyText('orders:appOrder') };
    expect((await t.post('/api/alipay/doPay', { type: '1', order_no: recharge }, token)).body).toMatchObject(expected);
    expect((await t.post('/api/Evidences/pay', { order_no: consumption }, token)).body).toMatchObject(expected);
    const list = await get<OrderList>('/api/processorder/getOrderList?type=1', token);
    expect(list.body.data.list[0]?.isApp).toBe(1);
  });

  it("another user's order answers exactly as a missing one", async () => {
    const owner = await register(t, '13500135035');
    const other = await register(t, '13500135036');
    const reply = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '1', integral: '10' }, owner.token);
    const order_no = reply.body.data.order_no;
    for (const [url, fields] of [
      ['/api/alipay/wxIsPay', { order_no }],
      ['/api/alipay/cancelPay', { order_no }],
      ['/api/Evidences/pay', { order_no }],
      ['/api/alipay/doPay', { type: '1', order_no }],
    ] as const) {
      const theirs = await t.post(url, fields, other.token);
      const missing = await t.post(url, { ...fields, order_no: 'R20250101000000999999' }, other.token);
      expect(theirs.body, url).toEqual({ code: 404, msg: copyText('invoice:orderMissing'), data: null });
      expect(missing.body, url).toEqual(theirs.body);
    }
    expect((await get<OrderList>('/api/processorder/getOrderList?type=1', other.token)).body.data.count).toBe(0);
  });
});

describe('order lists (spec sections 4, 7, 9)', () => {
  it('pages by 10, filters by type, status and date range (end inclusive); notarisation orders in their own list', async () => {
    const phone = '13500135041';
    const { token } = await register(t, phone);
    for (let i = 0; i < 12; i += 1) await t.post('/api/alipay/doPay', { type: '1', integral: String(i + 1) }, token);
    t.clock.advance(2 * 3_600_000);
    const later = await sandboxOrder(phone, { type: '1', points: '99' });
    await sandboxOrder(phone, { type: '2', points: '5' });
    const notaryDesc = copyText('notarisation:payOrderDesc', { orderNo: 'N1', count: 2 });
    await sandboxOrder(phone, { type: '3', points: '300', desc: notaryDesc });
    const list = (query: string) => get<OrderList>(`/api/processorder/getOrderList?${query}`, token).then((r) => r.body.data);

    const first = await list('type=1');
    expect(first.count).toBe(13);
    expect(first.list).toHaveLength(10);
    expect(first.list[0]?.order_no).toBe(later);
    expect((await list('type=1&page=2')).list).toHaveLength(3);
    // The 12 first orders expired meanwhile (30 minutes): cancelled; only the newest is pending.
    expect((await list('type=1&isType=1')).list.map((o: Order) => o.order_no)).toEqual([later]);
    expect((await list('type=1&isType=4')).count).toBe(12);
    expect((await list('type=1&isType=2')).count).toBe(0);
    const start = Math.floor(new Date('2025-01-06T01:00:00Z').getTime() / 1000);
    expect((await list(`type=1&startTime=${start}&endTime=${start + 3600}`)).count).toBe(12);
    // The end second itself is inside the range.
    const newest = Math.floor(t.clock.now().getTime() / 1000);
    expect((await list(`type=1&startTime=${newest}&endTime=${newest}`)).count).toBe(1);
    expect((await list('type=2')).list.map((o: Order) => o.type)).toEqual([2]);
    const notary = await get<OrderList>('/api/evidences/orderList?payType=1', token);
    expect(notary.body.data.list).toMatchObject([{ type: 3, desc: notaryDesc, balance: 300, status: 1 }]);
    expect((await get<OrderList>('/api/evidences/orderList?payType=2', token)).body.data.count).toBe(0);
    expect((await get('/api/evidences/orderList')).body.code).toBe(408);
    expect((await get('/api/processorder/getOrderList?type=9', token)).body.code).toBe(400);
  });
});
