import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoPayResponse } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { paymentRecords } from '../../test-support/payments';
import { paymentsModuleOf } from './routes';

/** The sandbox gateways (our own cashier and scan pages) refund too: a payer who paid both trades gets one back. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { CAPTURE_WORKERS: '0' } });
});
afterAll(() => t.close());

const { points, ledger } = paymentRecords(() => t);
const form = (payload: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(payload).toString(),
});
const fields = (html: string) =>
  Object.fromEntries([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', (m[2] ?? '').replace(/&amp;/g, '&')]));

describe('sandbox refunds', () => {
  it('the WeChat scan and the Alipay cashier both paid for one order: credited once, the second payment refunded once', async () => {
    const { token } = await register(t, '13900139301');
    const wechat = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '2', integral: '10' }, token);
    const orderNo = wechat.body.data.order_no;
    const pr = new URL(wechat.body.data.url).searchParams.get('pr') ?? '';
    const alipay = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '1', order_no: orderNo }, token);
    // Both pages open; the scan is confirmed before the close of its trade ran, then the cashier.
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/wechat/scan', ...form({ pr }) })).statusCode).toBe(200);
    const cashier = await t.app.inject({ method: 'POST', url: '/sandbox/alipay/cashier', ...form(fields(alipay.body.data.html)) });
    const ref = /name="ref" value="([^"]+)"/.exec(cashier.body)?.[1] ?? '';
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/alipay/cashier/pay', ...form({ ref, action: 'pay' }) })).statusCode).toBe(
      303,
    );
    const module = paymentsModuleOf(t.app);
    await module?.jobs.drain();
    await module?.jobs.drain();
    expect(await points(token)).toBe(10);
    expect(await ledger(orderNo)).toHaveLength(1);
    const refunds = await t.db.selectFrom('payment_refunds').selectAll().where('order_no', '=', orderNo).execute();
    expect(refunds).toMatchObject([{ provider: 'alipay', reason: 'surplus', state: 'refunded', amount: 1000 }]);
    const given = await t.db.selectFrom('sandbox_refunds').selectAll().where('order_no', '=', orderNo).execute();
    expect(given).toMatchObject([{ provider: 'alipay', amount: 1000 }]);
  });
});
