import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, isMobile, locale, registerViaApi, test } from './fixtures';
import { deskConsole } from './staff-fixtures';

const orders = locale('orders');
const desks = locale('staff-desks');

/** Screenshots to look at by hand (outside test-results/, which each run empties): $TMPDIR/refund-screens. */
const shot = (page: Page, name: string, width = isMobile(page) ? 375 : 1280) =>
  page.screenshot({ path: join(tmpdir(), 'refund-screens', `${name}-${width}.png`), fullPage: true });

const STATES = ['processing', 'refunded', 'failed'] as const;

/**
 * Three cancelled recharges of a new account, made through the API. The sandbox gateways close a superseded or
 * cancelled trade at once, so no payment reaches these orders here: the refund states are written into the answers
 * on the way (for the eye); that the refunds happen, once, is proved by the API tests against the gateways' stand-ins.
 */
async function cancelledOrders(request: APIRequestContext): Promise<{ token: string; phone: string; orderNos: string[] }> {
  const { token, phone } = await registerViaApi(request);
  const headers = { authorization: `Bearer ${token}` };
  const orderNos: string[] = [];
  for (const integral of ['10', '20', '30']) {
    const started = (await (await request.post('/api/alipay/doPay', { form: { type: '2', integral }, headers })).json()) as {
      data: { order_no: string };
    };
    await request.post('/api/alipay/cancelPay', { form: { order_no: started.data.order_no }, headers });
    orderNos.push(started.data.order_no);
  }
  return { token, phone, orderNos: orderNos.reverse() };
}

const desk = deskConsole();
test.afterAll(() => desk.close());

test('the order history shows a refund processing, done, and waiting for finance', async ({ page, request }) => {
  const { token, orderNos } = await cancelledOrders(request);
  await page.addInitScript((value) => localStorage.setItem('Authorization', value), token);
  await page.route('**/api/processorder/getOrderList?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { list: { order_no: string; refund_state?: string }[] } };
    body.data.list = body.data.list.map((order) => {
      const state = STATES[orderNos.indexOf(order.order_no)];
      return state ? { ...order, refund_state: state } : order;
    });
    await route.fulfill({ response, json: body });
  });
  await page.goto('/orders');
  for (const [i, state] of STATES.entries()) {
    const row = page.getByTestId('order-row').filter({ hasText: orderNos[i] ?? '' });
    await expect(row.getByTestId('order-refund')).toHaveText(orders.refund[state]);
  }
  await shot(page, 'orders-refunds');
});

test('the finance desk shows the refund state in the list and the refund in the order detail', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'the console is driven once, at 1280 and 375 px');
  const { phone, orderNos } = await cancelledOrders(request);
  const page = await desk.page(browser, request);
  await page.route('**/api/staff/orders/list?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { list: { orderNo: string; refundState: string }[] } };
    body.data.list = body.data.list.map((order) => ({ ...order, refundState: STATES[orderNos.indexOf(order.orderNo)] ?? '' }));
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/staff/orders/detail?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { order: { orderNo: string; money: number }; refund: unknown } };
    body.data.refund = {
      provider: 'alipay',
      reason: 'closed',
      state: 'failed',
      outRefundNo: `RF${body.data.order.orderNo}A`,
      tradeNo: '2026112822001400000000000001',
      money: body.data.order.money,
      failure: 'ACQ.SELLER_BALANCE_NOT_ENOUGH',
      attempts: 1,
      createdAt: '2026-11-28 13:20:00',
      refundedAt: '',
    };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/staff/orders');
  await page.getByLabel(desks.common.phone, { exact: true }).fill(phone);
  await page.getByRole('button', { name: desks.common.search, exact: true }).click();
  const rows = page.getByTestId('order-desk-row');
  await expect(rows).toHaveCount(3);
  for (const [i, state] of STATES.entries()) {
    const row = rows.filter({ hasText: orderNos[i] ?? '' });
    await expect(row.getByTestId('order-desk-refund')).toHaveText(desks.orders.refund.states[state]);
  }
  await shot(page, 'desk-orders', 1280);
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'desk-orders', 375);
  await page.setViewportSize({ width: 1280, height: 800 });
  const failed = orderNos[2] ?? '';
  await rows.getByRole('button', { name: desks.common.openLabel.replace('{{what}}', failed) }).click();
  const detail = page.getByRole('dialog', { name: desks.orders.detail.title.replace('{{orderNo}}', failed) });
  const refund = detail.getByTestId('order-desk-refund-detail');
  await expect(refund).toContainText(desks.orders.refund.states.failed);
  await expect(refund).toContainText('ACQ.SELLER_BALANCE_NOT_ENOUGH');
  await expect(refund.getByRole('button', { name: desks.orders.refund.retry })).toBeVisible();
  await shot(page, 'desk-order-detail', 1280);
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'desk-order-detail', 375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await detail.getByRole('button', { name: desks.orders.detail.close, exact: true }).first().click();
  await page.unrouteAll();
});
