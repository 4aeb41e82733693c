import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { chinaDay } from '../../server/lib/time';
import { expect, isMobile, locale, pickDateRange, registerViaApi, test, text } from './fixtures';

const orders = locale('orders');
const payment = locale('payment');
/** A web capture's consumption order, described as the capture service describes it. */
const webOrder = text('capture:order_web', { title: 'example.com' });

async function signIn(page: Page, request: APIRequestContext) {
  const account = await registerViaApi(request);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, account.token);
  return account;
}

async function expectPoints(page: Page, points: string) {
  if (isMobile(page)) {
    await page.getByRole('button', { name: locale('common').header.openMenu }).click();
    await expect(page.locator('.site-header__sheet-account')).toContainText(points);
    await page.keyboard.press('Escape');
  } else {
    await expect(page.getByTestId('header-points')).toContainText(points);
  }
}

/** Screenshots to look at by hand (outside test-results/, which each run empties): $TMPDIR/payment-screens. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(tmpdir(), 'payment-screens', `${name}-${isMobile(page) ? 375 : 1280}.png`), fullPage: true });

test('recharge with WeChat Pay: QR page, confirm on the sandbox scan page, the header balance follows', async ({
  page,
  request,
  context,
}) => {
  await signIn(page, request);
  await page.goto('/buyCredits');
  await expect(page.getByRole('heading', { name: orders.buy.title })).toBeVisible();
  await page.getByLabel(orders.buy.custom).fill('88');
  await page.getByText(orders.buy.wechat, { exact: true }).click();
  await expect(page.getByTestId('buy-credits-due')).toHaveText('¥88.00');
  await shot(page, 'buy-credits');
  await page.getByRole('button', { name: orders.buy.submit }).click();
  await expect(page).toHaveURL(/\/weChat\/R\d+\?url=/);
  await expect(page.getByTestId('wechat-money')).toHaveText('¥88.00');
  await expect(page.getByRole('img', { name: orders.wechat.qrLabel })).toBeVisible();
  await shot(page, 'wechat-pay');
  // The tester "scans": the code URL opens the sandbox scan page in another tab.
  const url = new URL(page.url()).searchParams.get('url') ?? '';
  const phone = await context.newPage();
  await phone.goto(url);
  await expect(phone.getByRole('heading', { name: payment.scanTitle })).toBeVisible();
  await expect(phone.getByText('¥88.00')).toBeVisible();
  await phone.getByRole('button', { name: payment.scanConfirm }).click();
  await expect(phone.getByTestId('sandbox-paid')).toHaveText(payment.scanDone);
  await phone.close();
  // Within one poll (3 s) the QR page sees it, refreshes the header and moves on to the order history.
  await expect(page).toHaveURL(/\/orders$/, { timeout: 15_000 });
  await expectPoints(page, '88.00');
  await expect(page.getByTestId('order-row').first()).toContainText(payment.statusPaid);
  await expect(page.getByTestId('order-row').first()).toContainText(payment.payTypeWechat);
});

test('recharge with Alipay: the form opens the sandbox cashier, confirming returns to the orders with the points', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/buyCredits');
  await page.getByRole('button', { name: orders.buy.presetPoints.replace('{{points}}', '200') }).click();
  await page.getByRole('button', { name: orders.buy.submit }).click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/cashier$/);
  await expect(page.getByRole('heading', { name: payment.cashierTitle })).toBeVisible();
  await expect(page.getByText('¥200.00')).toBeVisible();
  await shot(page, 'alipay-cashier');
  await page.getByRole('button', { name: payment.cashierConfirm }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expectPoints(page, '200.00');
  const row = page.getByTestId('order-row').first();
  await expect(row).toContainText(payment.statusPaid);
  await expect(row).toContainText(payment.payTypeAlipay);
  // The paid order may be invoiced: choose it and apply (the invoice page has its own spec, invoice.spec.ts).
  await page.getByRole('button', { name: orders.invoice.apply }).click();
  await expect(page.getByText(orders.invoice.chooseFirst)).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: orders.invoice.apply }).click();
  await expect(page).toHaveURL(/\/orders\/makeOutInvoice\?ids=%5B\d+%5D&money=200$/);
});

test('cancel a pending order; an app-created order answers that it is paid in the app; spend points', async ({ page, request }) => {
  const { phone, token } = await signIn(page, request);
  await request.post('/sandbox/orders', { form: { phone, type: '1', points: '15', isApp: '1' } });
  await request.post('/api/alipay/doPay', { headers: { authorization: `Bearer ${token}` }, form: { type: '1', integral: '25' } });
  await page.goto('/orders');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  await shot(page, 'orders');
  const pending = rows.filter({ hasText: '25.00' });
  await pending.getByRole('button', { name: orders.list.cancel }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(orders.cancel.confirmTitle);
  await dialog.getByRole('button', { name: orders.cancel.confirmOk }).click();
  await expect(page.getByText(`${orders.cancel.prefix}${payment.cancelled}`)).toBeVisible();
  await expect(pending).toContainText(payment.statusCancelled);
  await expect(pending.getByRole('button', { name: orders.list.cancel })).toHaveCount(0);

  const app = rows.filter({ hasText: '15.00' });
  await app.getByRole('button', { name: orders.list.pay }).click();
  await expect(page.getByText(orders.appOrder)).toBeVisible();

  // A capture left a pending consumption (made here through the sandbox): pay it with points.
  await request.post('/sandbox/orders', { form: { phone, type: '2', points: '5', desc: webOrder } });
  const wx = await request.post('/api/alipay/doPay', {
    headers: { authorization: `Bearer ${token}` },
    form: { type: '2', integral: '10' },
  });
  const { url } = ((await wx.json()) as { data: { url: string } }).data;
  const scan = new URL(url);
  await request.post('/sandbox/wechat/scan', { form: { pr: scan.searchParams.get('pr') ?? '' } });
  await page.getByRole('tab', { name: orders.tabs['2'] }).click();
  await expect(page).toHaveURL(/tab=2/);
  const consumption = page.getByTestId('order-row').filter({ hasText: webOrder });
  await consumption.getByRole('button', { name: orders.list.payPoints }).click();
  await page.getByRole('dialog').getByRole('button', { name: orders.pay.confirmOk }).click();
  await expect(page.getByText(orders.pay.done, { exact: true })).toBeVisible();
  await expect(consumption).toContainText(payment.statusPaid);
  await expectPoints(page, '5.00');
});

test('order history filters: status, date range, tabs, empty state', async ({ page, request }) => {
  const { phone, token } = await signIn(page, request);
  for (const points of ['11', '12', '13']) await request.post('/sandbox/orders', { form: { phone, type: '1', points } });
  const first = await request.post('/api/alipay/doPay', {
    headers: { authorization: `Bearer ${token}` },
    form: { type: '1', integral: '14' },
  });
  const { order_no } = ((await first.json()) as { data: { order_no: string } }).data;
  await request.post('/api/alipay/cancelPay', { headers: { authorization: `Bearer ${token}` }, form: { order_no } });
  await page.goto('/orders');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(4);
  await page.getByLabel(orders.filters.status).selectOption('4');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(order_no);
  await page.getByLabel(orders.filters.status).selectOption('2');
  await expect(page.getByTestId('orders-empty')).toHaveText(orders.list.emptyFiltered);
  await page.getByRole('button', { name: orders.filters.reset }).click();
  await expect(rows).toHaveCount(4);
  // Today (China time) as both ends: the whole day, so every order; a day in the past: none.
  const today = chinaDay(new Date());
  const dates = { start: orders.filters.startDate, end: orders.filters.endDate };
  await pickDateRange(page, dates, today, today);
  await expect(rows).toHaveCount(4);
  await pickDateRange(page, dates, '2020-01-01', '2020-01-02');
  await expect(page.getByTestId('orders-empty')).toBeVisible();
  await page.getByRole('tab', { name: orders.tabs['3'] }).click();
  await expect(page.getByTestId('orders-empty')).toHaveText(orders.list.empty);
  await shot(page, 'orders-empty');
});
