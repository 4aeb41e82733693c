import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { chinaDay } from '../../server/lib/time';
import { expect, isMobile, locale, registerViaApi, test } from './fixtures';
import { deskConsole, electronicInvoiceInConsole, invoiceInConsole } from './staff-fixtures';

const invoice = locale('invoice');
const orders = locale('orders');
const validation = locale('validation');

const ELECTRONIC = { head: '张三工作室', taxNum: '92440300MA5F000001' };
const PAPER = {
  head: '深圳市示例科技有限公司',
  taxNum: '91440300708461136T',
  bankName: '招商银行深圳分行',
  account: '6225880123456789',
  street: '深圳市南山区科技园1号',
  phoneNumber: '0755-12345678',
};

async function signIn(page: Page, request: APIRequestContext) {
  const account = await registerViaApi(request);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, account.token);
  return account;
}

/** A recharge paid with WeChat Pay through the sandbox scan page (the payment journey's flow, without the browser). */
async function paidRecharge(request: APIRequestContext, token: string, points: string): Promise<string> {
  const started = await request.post('/api/alipay/doPay', {
    headers: { authorization: `Bearer ${token}` },
    form: { type: '2', integral: points },
  });
  const { url, order_no } = ((await started.json()) as { data: { url: string; order_no: string } }).data;
  await request.post('/sandbox/wechat/scan', { form: { pr: new URL(url).searchParams.get('pr') ?? '' } });
  return order_no;
}

/**
 * Looks at the page as it is now: no serious or critical axe violation, and a screenshot to look at by hand
 * (outside test-results/, which each run empties): $TMPDIR/invoice-screens.
 */
async function check(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, name).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(tmpdir(), 'invoice-screens', `${name}-${isMobile(page) ? 375 : 1280}.png`), fullPage: true });
}

/** The finance desk of the staff console, signed in once for this file's journeys. */
const office = deskConsole();
test.afterAll(() => office.close());

async function addHeader(page: Page, fields: Record<string, string>, paper: boolean) {
  await page.getByRole('button', { name: invoice.headers.add }).click();
  const dialog = page.getByRole('dialog', { name: invoice.form.addTitle });
  await expect(dialog).toBeVisible();
  if (paper) await dialog.getByText(invoice.type.ENTERPRISE_SPECIAL, { exact: true }).click();
  await dialog.getByLabel(invoice.form.head, { exact: true }).fill(fields.head ?? '');
  await dialog.getByLabel(invoice.form.taxNum, { exact: true }).fill(fields.taxNum ?? '');
  if (paper) {
    // The special invoice needs its bank and registered details: the form says so before anything is sent.
    await dialog.getByRole('button', { name: invoice.form.save }).click();
    await expect(dialog.getByText(validation.required.replace('{{field}}', invoice.form.bankName))).toBeVisible();
    await dialog.getByLabel(invoice.form.bankName, { exact: true }).fill(fields.bankName ?? '');
    await dialog.getByLabel(invoice.form.account, { exact: true }).fill(fields.account ?? '');
    await dialog.getByLabel(invoice.form.street, { exact: true }).fill(fields.street ?? '');
    await dialog.getByLabel(invoice.form.phoneNumber, { exact: true }).fill(fields.phoneNumber ?? '');
    await check(page, 'invoice-header-form');
  }
  await dialog.getByRole('button', { name: invoice.form.save }).click();
  await expect(page.getByText(invoice.headers.added).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function applyFor(page: Page, orderNo: string, headerName: string) {
  await page.goto('/orders');
  const row = page.getByTestId('order-row').filter({ hasText: orderNo });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: orders.invoice.apply }).click();
  await expect(page).toHaveURL(/\/orders\/makeOutInvoice\?ids=/);
  await expect(page.getByTestId('make-out-order')).toHaveCount(1);
  await expect(page.getByTestId('make-out-order')).toContainText(orderNo);
  await page.getByRole('radio', { name: new RegExp(headerName) }).check();
}

test('invoices: both kinds of header, two applications, the desk issues one and refuses the other, re-apply', async ({
  page,
  request,
  browser,
}) => {
  // Three applications through both sides, an upload and a mail job: longer than the default minute.
  test.setTimeout(300_000);
  const { token, phone } = await signIn(page, request);
  const large = await paidRecharge(request, token, '250');
  const small = await paidRecharge(request, token, '80');
  const address = await request.post('/api/User/addAddress', {
    headers: { authorization: `Bearer ${token}` },
    form: {
      name: '李四',
      province: '440000',
      city: '440300',
      area: '440305',
      address: '科技园1号',
      phoneNumber: '13800138000',
      email: 'li@example.com',
    },
  });
  expect(((await address.json()) as { code: number }).code).toBe(200);

  // Headers: the second tab, also by ?activeName=2.
  await page.goto('/invoice?activeName=2');
  await expect(page.getByRole('tab', { name: invoice.tabs['2'] })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('invoice-headers-empty')).toBeVisible();
  await addHeader(page, ELECTRONIC, false);
  await addHeader(page, PAPER, true);
  const headers = page.getByTestId('invoice-header');
  await expect(headers).toHaveCount(2);
  await expect(headers.filter({ hasText: PAPER.head })).toContainText(invoice.type.ENTERPRISE_SPECIAL);
  await expect(headers.filter({ hasText: ELECTRONIC.head })).toContainText(invoice.type.ENTERPRISE);
  await check(page, 'invoice-headers');

  // First application: the 250 order on the paper invoice (shipping free from 200).
  await applyFor(page, large, PAPER.head);
  await expect(page.getByTestId('make-out-content')).toHaveText(invoice.apply.contentValue);
  await expect(page.getByTestId('make-out-shipping')).toHaveText(invoice.apply.shipping['1']);
  await check(page, 'make-out-invoice');
  await page.getByLabel(invoice.apply.remark).fill('请尽快开具');
  await page.getByRole('button', { name: invoice.apply.submit }).click();
  await expect(page.getByText(invoice.apply.submitted).last()).toBeVisible();
  await expect(page).toHaveURL(/\/invoice$/);

  // Second application: the 80 order on the electronic invoice, first forgetting the header.
  await page.goto('/orders');
  const row = page.getByTestId('order-row').filter({ hasText: small });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: orders.invoice.apply }).click();
  await expect(page.getByTestId('make-out-order')).toContainText(small);
  await page.getByRole('button', { name: invoice.apply.submit }).click();
  await expect(page.getByText(validation.invoiceHeaderRequired)).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(ELECTRONIC.head) }).check();
  await expect(page.getByTestId('make-out-shipping')).toHaveText(invoice.apply.shipping['0']);
  await page.getByRole('button', { name: invoice.apply.submit }).click();
  await expect(page.getByText(invoice.apply.submitted).last()).toBeVisible();

  const applications = page.getByTestId('invoice-application');
  await expect(applications).toHaveCount(2);
  await expect(applications.filter({ hasText: invoice.listStatus['1'] })).toHaveCount(2);
  await check(page, 'invoice-applications');

  // The finance desk in the staff console: submit and issue the paper one, refuse the electronic one.
  const desk = await office.page(browser, request);
  await invoiceInConsole(desk, phone, PAPER.head, 'issue', 'SF1234567890');
  await invoiceInConsole(desk, phone, ELECTRONIC.head, 'refuse', '抬头与付款方不一致');

  await page.reload();
  await expect(applications.filter({ hasText: invoice.listStatus['3'] })).toHaveCount(1);
  await expect(applications.filter({ hasText: invoice.listStatus['4'] })).toHaveCount(1);
  await page.getByLabel(invoice.applications.filters.status).selectOption('3');
  await expect(applications).toHaveCount(1);
  await applications.getByRole('link', { name: invoice.applications.view }).click();
  await expect(page).toHaveURL(/\/invoice\/details\?id=\d+$/);
  await expect(page.getByTestId('invoice-status')).toHaveText(invoice.detailStatus['3']);
  await expect(page.getByTestId('invoice-result')).toContainText('SF1234567890');
  await expect(page.getByTestId('invoice-result')).toContainText('顺丰速运');
  await expect(page.getByTestId('invoice-shipping')).toHaveText(invoice.apply.shipping['1']);

  // The refused one: the reason comes as the confirmation's text; closing it leaves the reason and the link.
  await page.goto('/invoice');
  await page.getByLabel(invoice.applications.filters.status).selectOption('4');
  await expect(applications).toHaveCount(1);
  await applications.getByRole('link', { name: invoice.applications.view }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('抬头与付款方不一致');
  await confirm.getByRole('button', { name: invoice.details.confirmCancel }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('invoice-status')).toHaveText(invoice.detailStatus['4']);
  await expect(page.getByTestId('invoice-refusal')).toContainText('抬头与付款方不一致');
  await expect(page.getByTestId('invoice-order')).toContainText(small);
  await check(page, 'invoice-details-refused');

  // Re-apply for the same order (invoiceStatus 3 again allows it).
  await page.getByRole('link', { name: invoice.details.reapply }).click();
  await expect(page).toHaveURL(/\/orders\/makeOutInvoice\?ids=/);
  await expect(page.getByTestId('make-out-order')).toContainText(small);
  await page.getByRole('radio', { name: new RegExp(ELECTRONIC.head) }).check();
  await page.getByRole('button', { name: invoice.apply.submit }).click();
  await expect(page.getByText(invoice.apply.submitted).last()).toBeVisible();
  await expect(applications).toHaveCount(3);
  await expect(applications.first()).toContainText(invoice.listStatus['1']);

  // The desk issues it with the invoice PDF attached in the browser; the owner downloads the same bytes on
  // /invoice/details, and the mail with the PDF is in the sandbox outbox.
  const pdf = Buffer.from(`%PDF-1.4\n% invoice for ${phone}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`, 'latin1');
  const date = chinaDay(new Date());
  const number = phone.slice(-8);
  await electronicInvoiceInConsole(desk, phone, ELECTRONIC.head, { number, code: '044031900111', date, pdf }, async (dialog) => {
    const shots = join(tmpdir(), 'invoice-screens');
    await dialog.screenshot({ path: join(shots, 'desk-issue-form-1280.png') });
    await desk.setViewportSize({ width: 375, height: 812 });
    await desk.waitForTimeout(200);
    await desk.screenshot({ path: join(shots, 'desk-issue-form-375.png'), fullPage: true });
    await desk.setViewportSize({ width: 1280, height: 800 });
  });
  await page.goto('/invoice');
  await applications.first().getByRole('link', { name: invoice.applications.view }).click();
  // The list's rows carry status tags of the same test id: read the status once the details have opened.
  await expect(page).toHaveURL(/\/invoice\/details\?id=\d+$/);
  await expect(page.getByTestId('invoice-status')).toHaveText(invoice.detailStatus['3']);
  const result = page.getByTestId('invoice-result');
  await expect(result).toContainText(number);
  await expect(result).toContainText('044031900111');
  await expect(result).toContainText(date);
  const link = page.getByRole('link', { name: invoice.details.download.replace('{{kind}}', invoice.details.fileKinds.pdf) });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(readFileSync(await download.path()).equals(pdf)).toBe(true);
  await check(page, 'invoice-details-issued');

  const mailPage = await page.context().newPage();
  await mailPage.goto('/sandbox/mail');
  const mail = mailPage.getByRole('row').filter({ hasText: number });
  await expect(mail).toContainText('li@example.com');
  const attachment = mail.getByRole('link', { name: invoice.fileName.replace('{{number}}', number).replace('{{ext}}', 'pdf') });
  const href = (await attachment.getAttribute('href')) ?? '';
  expect((await (await request.get(href)).body()).equals(pdf)).toBe(true);
  await mailPage.screenshot({ path: join(tmpdir(), 'invoice-screens', `sandbox-mail-${isMobile(page) ? 375 : 1280}.png`), fullPage: true });
  await mailPage.close();
});
