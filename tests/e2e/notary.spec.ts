import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, isMobile, locale, registerViaApi, test, text } from './fixtures';
import { approveKyc, certificatePdf, deskConsole, notaryInConsole, notaryState, openNotaryOrder, staffCopy } from './staff-fixtures';

const notary = locale('notary');
const server = locale('notarisation');
const errors = locale('errors');
const orders = locale('orders');
const common = locale('common');

/** Screenshots to look at by hand (outside test-results/, which each run empties): $TMPDIR/notary-shots. */
const SHOTS = join(tmpdir(), 'notary-shots');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SHOTS, `${name}-${isMobile(page) ? 375 : 1280}.png`), fullPage: true });

/** A red ring on white, 120 px: a seal that looks like one in the wizard and on the documents. */
function sealPng(): Buffer {
  const size = 120;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - size / 2, y - size / 2);
      const ink = (d > 44 && d < 54) || (Math.abs(x - size / 2) < 14 && Math.abs(y - size / 2) < 14);
      row.set(ink ? [200, 30, 30, 255] : [255, 255, 255, 0], 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const SEAL = sealPng();

type Api = { request: APIRequestContext; token: string; phone: string };

async function call<T = Record<string, unknown>>(
  api: Api,
  url: string,
  form: Record<string, string> = {},
  method: 'GET' | 'POST' = 'POST',
): Promise<T> {
  const headers = { authorization: `Bearer ${api.token}` };
  const reply =
    method === 'GET'
      ? await api.request.get(`${url}?${new URLSearchParams(form).toString()}`, { headers })
      : await api.request.post(url, { headers, form });
  const body = (await reply.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A person verified by documents (API + the staff console's review desk), with a default seal, signed in in the page. */
async function verifiedPerson(page: Page, request: APIRequestContext, options: { seal?: boolean } = {}): Promise<Api> {
  const { phone, token } = await registerViaApi(request);
  const headers = { authorization: `Bearer ${token}` };
  const image = (name: string) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: SEAL });
  const submitted = await request.post('/api/peruser/perAuthorize', {
    headers,
    multipart: {
      userName: '赵六',
      contactIdcard: '11010119900307803X',
      authorSex: '2',
      address: '上海市浦东新区1号',
      agree: '1',
      authorFront: image('front'),
      authorBack: image('back'),
      authorHand: image('hand'),
    },
  });
  expect(((await submitted.json()) as { code: number }).code).toBe(200);
  // The review is setup here (the verification journeys are tests/e2e/kyc.spec.ts): approved through the staff API.
  await approveKyc(request, phone);
  if (options.seal !== false) {
    await request.post('/api/signature/upload', {
      headers,
      multipart: { name: '赵六印', isDefault: '1', file: { name: 'seal.png', mimeType: 'image/png', buffer: SEAL } },
    });
  }
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);
  return { request, token, phone };
}

async function preserve(api: Api, name: string): Promise<{ id: number; baoquan: string }> {
  const reply = await api.request.post('/api/data/upload', {
    headers: { authorization: `Bearer ${api.token}` },
    multipart: {
      label: '合同',
      file: { name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name} ${Date.now()} ${Math.random()}\n`) },
    },
  });
  return ((await reply.json()) as { data: { id: number; baoquan: string } }).data;
}

/** Points through the sandbox WeChat Pay, as a recharge would bring them. */
async function recharge(api: Api, points: number) {
  const { url } = await call<{ url: string }>(api, '/api/alipay/doPay', { type: '2', integral: String(points) });
  await api.request.post('/sandbox/wechat/scan', { form: { pr: new URL(url).searchParams.get('pr') ?? '' } });
}

/** An order of the records made through the API and brought to `step` (5: paid). */
async function orderViaApi(api: Api, ids: number[], step: 1 | 2 | 3 | 4 | 5) {
  const order = await call<{ id: number; orderNo: string }>(api, '/api/notary/create', { type: '1', ids: ids.join(',') });
  const orderId = String(order.id);
  if (step > 1) await call(api, '/api/notary/applicationForm', { orderId, purpose: '2', copies: '1', delivery: '1' });
  if (step > 2) await call(api, '/api/notary/sign', { orderId });
  if (step > 3) await call(api, '/api/notary/decode', { orderId, agree: '1' });
  if (step > 4) {
    const { proOrderNo } = await call<{ proOrderNo: string }>(api, '/api/notary/payment', { orderId });
    await call(api, '/api/Evidences/pay', { order_no: proOrderNo });
  }
  return order;
}

/** The notary office of the staff console, signed in once for this file's journeys. */
const office = deskConsole();
test.afterAll(() => office.close());

/** The notary office works an order in the console (accept, complete, fail with a reason). */
async function atDesk(
  browser: Browser,
  request: APIRequestContext,
  orderNo: string,
  action: 'accept' | 'complete' | 'fail',
  reason = '',
  certificate?: Buffer,
) {
  await notaryInConsole(await office.page(browser, request), orderNo, action, reason, certificate);
}

const row = (page: Page, orderNo: string) => page.getByTestId('notary-row').filter({ hasText: orderNo });

test('a verified person notarises preserved evidence: selection, four steps, payment; the office completes it; documents download', async ({
  page,
  request,
  browser,
}) => {
  // The whole journey, the office's certificate upload among it, on a shared machine.
  test.slow();
  const api = await verifiedPerson(page, request);
  const records = [await preserve(api, '租赁合同.pdf'), await preserve(api, '补充协议.pdf')];
  await recharge(api, 100);

  await page.goto('/notary');
  await expect(page.getByRole('heading', { name: notary.list.title })).toBeVisible();
  await expect(page.getByTestId('notary-empty')).toHaveText(notary.list.empty);
  await page.getByRole('button', { name: notary.list.new }).click();
  await expect(page).toHaveURL(/\/notary\/selectList$/);
  await expect(page.getByRole('tab', { name: notary.evidenceType['1'], exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('notary-data-row')).toHaveCount(2);
  await shot(page, 'select');
  for (const record of records)
    await page.getByRole('checkbox', { name: notary.select.selectRow.replace('{{number}}', record.baoquan) }).check();
  await expect(page.getByTestId('notary-selected-count')).toHaveText(notary.select.chosen.replace('{{count}}', '2'));
  await page.getByRole('button', { name: notary.select.apply }).click();

  // Step 1: read, then fill.
  await expect(page).toHaveURL(/\/attestation-all\/data\/readingMaterial\/applicationForm\/\d+\/1\?addOrder=0$/);
  const orderId = /applicationForm\/(\d+)\//.exec(page.url())?.[1] ?? '';
  await expect(page.getByTestId('notary-applicant')).toContainText('赵六');
  await expect(page.getByTestId('notary-applicant')).toContainText('110***********803X');
  const submit = page.getByRole('button', { name: notary.wizard.form.submit });
  await expect(submit).toBeDisabled();
  await expect(page.getByRole('button', { name: notary.step['2'] })).toBeDisabled();
  // The wizard belongs to 'my notarisation' in the header, although its address is under /attestation-all.
  if (!isMobile(page))
    await expect(
      page.getByRole('navigation', { name: common.header.menuLabel }).getByRole('link', { name: common.header.menu.notary }),
    ).toHaveClass(/active/);
  await shot(page, 'wizard-1');
  await page.getByLabel(notary.wizard.materials.read).check();
  await page.getByLabel(notary.wizard.form.purpose).selectOption({ label: notary.purpose['1'] });
  await page.getByLabel(notary.wizard.form.copies.replace('{{max}}', '10')).fill('2');
  await page.getByRole('radio', { name: notary.delivery['1'] }).check();
  await submit.click();

  // Step 2: the default seal.
  await expect(page).toHaveURL(new RegExp(`/readingMaterial/signature/${orderId}/1`));
  await expect(page.getByText(notary.wizard.done['2'])).toBeVisible();
  await expect(page.getByRole('img', { name: notary.wizard.sign.sealAlt.replace('{{name}}', '赵六印') })).toBeVisible();
  await shot(page, 'wizard-2');
  await page.getByRole('button', { name: notary.wizard.sign.submit }).click();

  // Step 3: consent to decryption.
  await expect(page).toHaveURL(new RegExp(`/readingMaterial/deCode/${orderId}/1`));
  await expect(page.getByTestId('notary-data-row')).toHaveCount(2);
  await shot(page, 'wizard-3');
  await page.getByLabel(notary.wizard.decode.agree).check();
  await page.getByRole('button', { name: notary.wizard.decode.submit }).click();

  // Step 4: 2 records × 20 points, paid from 100.
  await expect(page).toHaveURL(new RegExp(`/readingMaterial/pay/${orderId}/1`));
  await expect(page.getByTestId('notary-pay-money')).toHaveText('40.00');
  await expect(page.getByTestId('notary-pay-balance')).toHaveText('100.00');
  await shot(page, 'wizard-4');
  await page.getByRole('button', { name: text('notary:wizard.pay.submit', { points: 40 }) }).click();
  await expect(page.getByText(notary.wizard.pay.done)).toBeVisible();

  // The detail: the application form is issued, the others are being generated.
  await expect(page).toHaveURL(new RegExp(`/notary/detail\\?orderId=${orderId}&type=1$`));
  const orderNo = (await page.getByTestId('notary-detail-order-no').textContent()) ?? '';
  expect(orderNo).toMatch(/^N\d{20}$/);
  await expect(page.getByTestId('notary-doc-1')).not.toContainText(notary.detail.notIssued);
  await expect(page.getByTestId('notary-doc-2')).toContainText(notary.detail.notIssued);
  await page.getByTestId('notary-doc-2').getByRole('button').click();
  await expect(page.getByText(errors.certificateGenerating)).toBeVisible();

  // The office accepts, attaches the notarial certificate and completes; the user is told; every document, the
  // certificate among them, downloads as a PDF through a hidden frame, the certificate with the bytes attached.
  const issuedCertificate = certificatePdf('issued to the user');
  await atDesk(browser, request, orderNo, 'accept');
  await atDesk(browser, request, orderNo, 'complete', '', issuedCertificate);
  await page.reload();
  const link = page.waitForResponse((response) => response.url().includes('/api/notary/download') && response.url().includes('type=5'));
  for (const type of ['1', '2', '3', '4', '5']) {
    const pdf = page.waitForResponse(
      (response) => response.url().includes('/api/files/download') && response.request().frame() !== page.mainFrame(),
    );
    await page.getByTestId(`notary-doc-${type}`).getByRole('button').click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(response.headers()['content-disposition'] ?? '')).toContain(`${notary.document[type]}-${orderNo}.pdf`);
  }
  const { data } = (await (await link).json()) as { data: { downUrl: string } };
  const served = await page.request.get(data.downUrl);
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body()).equals(issuedCertificate)).toBe(true);
  await expect(page.locator('iframe[data-testid="notary-download-frame"]')).toHaveCount(5);
  await expect(page.locator('iframe[data-testid="notary-download-frame"]').first()).toBeHidden();

  // 'View details' of a data record opens its certificate in a new tab.
  const details = page
    .getByTestId('notary-data-row')
    .filter({ hasText: records[0]!.baoquan })
    .getByRole('link', { name: notary.detail.viewDetails });
  await expect(details).toHaveAttribute('target', '_blank');
  await expect(details).toHaveAttribute('href', new RegExp(`^/attestation/${records[0]!.baoquan}\\?fileUrl=.+&fileType=.+&isDownload=1$`));
  const [certificate] = await Promise.all([page.context().waitForEvent('page'), details.click()]);
  await expect(certificate).toHaveURL(new RegExp(`/attestation/${records[0]!.baoquan}`));
  await certificate.close();
  await shot(page, 'detail');

  await page.getByRole('link', { name: notary.detail.back }).click();
  await expect(page).toHaveURL(/\/notary$/);
  const done = row(page, orderNo);
  await expect(done).toContainText(server.notarialSucceeded);
  await expect(done).toContainText('40.00');
  await expect(done.getByRole('link', { name: new RegExp(notary.list.viewDetails) })).toBeVisible();
  await expect(done.getByRole('button', { name: new RegExp(notary.list.continue) })).toHaveCount(0);
});

test('Continue resumes an order at its step; End operation voids another; the list shows each state', async ({
  page,
  request,
  browser,
}) => {
  const api = await verifiedPerson(page, request);
  await recharge(api, 200);
  const ids = [(await preserve(api, '聊天记录.pdf')).id, (await preserve(api, '转账凭证.pdf')).id];
  const failed = await orderViaApi(api, ids, 5);
  const inProgress = await orderViaApi(api, ids, 5);
  const atSignature = await orderViaApi(api, ids, 2);
  const toEnd = await orderViaApi(api, ids, 1);
  await atDesk(browser, request, failed.orderNo, 'fail', '数据无法解密');

  await page.goto('/notary');
  await expect(page.getByTestId('notary-row')).toHaveCount(4);
  await expect(page.getByTestId('notary-total')).toHaveText(notary.list.total.replace('{{count}}', '4'));
  await expect(row(page, failed.orderNo)).toContainText(server.notarialFailed);
  await expect(row(page, failed.orderNo)).toContainText(server.payRefunded);
  await expect(row(page, inProgress.orderNo)).toContainText(server.notarialInProgress);
  await expect(row(page, atSignature.orderNo)).toContainText(notary.step['2']);

  // End operation: the spec's question with 'Yes', the server's message, the row voided with only a dash.
  await row(page, toEnd.orderNo)
    .getByRole('button', { name: new RegExp(notary.list.end) })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(notary.list.endConfirm);
  await dialog.getByRole('button', { name: notary.list.endYes }).click();
  await expect(page.getByText(server.stopped)).toBeVisible();
  const ended = row(page, toEnd.orderNo);
  await expect(ended).toContainText(server.notarialVoided);
  // No operation is left (the order number's copy button stays).
  const operations = new RegExp(`${notary.list.continue}|${notary.list.end}`);
  await expect(ended.getByRole('button', { name: operations })).toHaveCount(0);
  await expect(ended.getByRole('link')).toHaveCount(0);
  await shot(page, 'list');

  // Filters: notarisation status, then payment status.
  await page.getByLabel(notary.list.filters.notarialType).selectOption({ label: notary.list.notarialFilter['3'] });
  await expect(page.getByTestId('notary-row')).toHaveCount(1);
  await expect(page.getByTestId('notary-row')).toContainText(toEnd.orderNo);
  await page.getByRole('button', { name: notary.list.filters.reset }).click();
  await page.getByLabel(notary.list.filters.payType).selectOption({ label: notary.list.payFilter['1'] });
  await expect(page.getByTestId('notary-row')).toHaveCount(1);
  await page.getByRole('button', { name: notary.list.filters.reset }).click();

  // Continue: the wizard opens at the signature, the form done and read only, later steps closed.
  await row(page, atSignature.orderNo)
    .getByRole('button', { name: new RegExp(notary.list.continue) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/readingMaterial/signature/${atSignature.id}/1\\?addOrder=0$`));
  await expect(page.getByRole('button', { name: notary.step['3'] })).toBeDisabled();
  await expect(page.getByRole('button', { name: notary.step['4'] })).toBeDisabled();
  await page.getByRole('button', { name: notary.step['1'] }).click();
  await expect(page).toHaveURL(/\/readingMaterial\/applicationForm\//);
  await expect(page.getByLabel(notary.wizard.form.purpose)).toBeDisabled();
  // A closed step asked for by its address goes to the order's step.
  await page.goto(`/attestation-all/data/readingMaterial/pay/${atSignature.id}/1?addOrder=0`);
  await expect(page).toHaveURL(new RegExp(`/readingMaterial/signature/${atSignature.id}/1`));
  // The bare path goes to the application form.
  await page.goto(`/attestation-all/data/readingMaterial/${atSignature.id}/1`);
  await expect(page).toHaveURL(new RegExp(`/readingMaterial/applicationForm/${atSignature.id}/1`));

  // Continue from each of the other steps opens that step (the first one with everything cleared).
  const segments = { 1: 'applicationForm', 3: 'deCode', 4: 'pay' } as const;
  for (const step of [1, 3, 4] as const) {
    const order = await orderViaApi(api, ids, step);
    await page.goto('/notary');
    await row(page, order.orderNo)
      .getByRole('button', { name: new RegExp(notary.list.continue) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/readingMaterial/${segments[step]}/${order.id}/1\\?addOrder=0$`));
    if (step === 1) await expect(page.getByLabel(notary.wizard.materials.read)).not.toBeChecked();
    if (step === 4) await expect(page.getByTestId('notary-pay-money')).toHaveText('40.00');
  }

  // /orders tab 3 pushes the wizard's pay step for a pending notarisation payment, and the detail for a paid one.
  const toPay = await orderViaApi(api, ids, 4);
  const { proOrderNo } = await call<{ proOrderNo: string }>(api, '/api/notary/payment', { orderId: String(toPay.id) });
  await page.goto('/orders?tab=3');
  await page
    .getByTestId('order-row')
    .filter({ hasText: proOrderNo })
    .getByRole('link', { name: new RegExp(orders.list.notaryPay) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/readingMaterial/pay/${toPay.id}/1\\?addOrder=1&orderNo=${proOrderNo}$`));
  await expect(page.getByTestId('notary-pay-facts')).toContainText(proOrderNo);
  await page.getByRole('button', { name: text('notary:wizard.pay.submit', { points: 40 }) }).click();
  await expect(page).toHaveURL(new RegExp(`/notary/detail\\?orderId=${toPay.id}&type=1$`));
  await page.goto('/orders?tab=3');
  await page
    .getByTestId('order-row')
    .filter({ hasText: proOrderNo })
    .getByRole('link', { name: new RegExp(orders.list.notaryDetail) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/notary/detail\\?orderId=${toPay.id}&type=1&goBackUrl=%2Forders$`));
  await page.getByRole('link', { name: notary.detail.back }).click();
  await expect(page).toHaveURL(/\/orders$/);
});

test('step 4 by bank transfer: the screenshot is sent, the office confirms, the detail shows the method and opens the screenshot', async ({
  page,
  request,
  browser,
}) => {
  const api = await verifiedPerson(page, request);
  const ids = [(await preserve(api, '租赁合同.pdf')).id, (await preserve(api, '补充协议.pdf')).id];
  const order = await orderViaApi(api, ids, 4);
  await page.goto(`/attestation-all/data/readingMaterial/pay/${order.id}/1?addOrder=0`);
  // Points are the default (and this account has none); the transfer needs no points.
  await expect(page.getByTestId('notary-pay-money')).toHaveText('40.00');
  await page.getByText(notary.wizard.pay.methodTransfer, { exact: true }).click();
  const transfer = page.getByTestId('notary-transfer');
  await expect(page.getByTestId('notary-transfer-amount')).toHaveText(text('notary:wizard.transfer.yuan', { amount: 40 }));
  await expect(transfer).toContainText(server.bankSandboxAccountNo);
  await shot(page, 'wizard-4-transfer');
  expect(await seriousViolations(page)).toEqual([]);

  // A file of another type is refused on the page; the screenshot is sent.
  const input = page.getByLabel(notary.wizard.transfer.upload);
  await input.setInputFiles({ name: 'receipt.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(transfer.getByText(notary.wizard.transfer.problem.type)).toBeVisible();
  await input.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: SEAL });
  await expect(page.getByText(notary.wizard.transfer.sent).first()).toBeVisible();
  await expect(transfer.getByRole('status').getByRole('img', { name: notary.wizard.transfer.imageAlt })).toBeVisible();
  await shot(page, 'wizard-4-waiting');
  await page.goto('/notary');
  await expect(row(page, order.orderNo)).toContainText(server.payConfirming);

  // The notary office sees the screenshot in the console and confirms the money arrived: the order waits to be accepted.
  const desk = await office.page(browser, request);
  await openNotaryOrder(desk, order.orderNo);
  await notaryState(desk, 'transfer');
  const screenshot = desk.getByRole('img', { name: staffCopy.desks.notary.detail.transferImageAlt.replace('{{orderNo}}', order.orderNo) });
  await expect(screenshot).toBeVisible();
  await expect.poll(() => screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await desk.screenshot({ path: join(SHOTS, `desk-transfer-${isMobile(page) ? 375 : 1280}.png`), fullPage: true });
  await notaryInConsole(desk, order.orderNo, 'transferConfirm');

  // The detail: paid by bank transfer, the screenshot opens large in the preview dialog.
  await page.goto(`/notary/detail?orderId=${order.id}&type=1`);
  await expect(page.getByText(server.payTypeTransfer)).toBeVisible();
  await expect(page.getByText(text('notary:wizard.transfer.yuan', { amount: 40 }))).toBeVisible();
  await expect(page.getByTestId('notary-doc-1')).not.toContainText(notary.detail.notIssued);
  await page.getByTestId('notary-transfer-thumb').click();
  const dialog = page.getByRole('dialog', { name: notary.detail.previewImage });
  await expect(dialog).toBeVisible();
  const full = dialog.getByRole('img', { name: notary.detail.tranImg });
  await expect(full).toBeVisible();
  expect(await full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await shot(page, 'detail-transfer');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: notary.detail.close }).click();
  await expect(dialog).toBeHidden();
  expect(
    (
      (await (
        await request.get('/api/notary/detail', {
          headers: { authorization: `Bearer ${api.token}` },
          params: { orderId: String(order.id) },
        })
      ).json()) as { data: { info: { payCode: number } } }
    ).data.info.payCode,
  ).toBe(2);
});

test('an unverified user is told notarisation needs real-name verification', async ({ page, request }) => {
  const { token } = await registerViaApi(request);
  await page.addInitScript((value) => localStorage.setItem('Authorization', value), token);
  await page.goto('/notary');
  await page.getByRole('button', { name: notary.list.new }).click();
  await expect(page.getByText(notary.access.notVerified)).toBeVisible();
  await expect(page).toHaveURL(/\/notary$/);
});

/** axe-core, as tests/e2e/a11y.spec.ts runs it: no serious or critical violation. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the notarisation pages have no serious accessibility violation', async ({ page, request }) => {
  const api = await verifiedPerson(page, request);
  await recharge(api, 100);
  const ids = [(await preserve(api, '租赁合同.pdf')).id, (await preserve(api, '补充协议.pdf')).id];
  const paid = await orderViaApi(api, ids, 5);
  await orderViaApi(api, ids, 1);
  const atPay = await orderViaApi(api, ids, 4);

  const pages: [string, () => Promise<void>][] = [
    ['/notary', () => expect(page.getByTestId('notary-row')).toHaveCount(3)],
    ['/notary/selectList', () => expect(page.getByTestId('notary-data-row')).toHaveCount(2)],
    [
      `/attestation-all/data/readingMaterial/applicationForm/${atPay.id}/1?addOrder=1`,
      () => expect(page.getByTestId('notary-applicant')).toBeVisible(),
    ],
    [
      `/attestation-all/data/readingMaterial/signature/${atPay.id}/1?addOrder=1`,
      () => expect(page.getByRole('img', { name: notary.wizard.sign.sealAlt.replace('{{name}}', '赵六印') })).toBeVisible(),
    ],
    [
      `/attestation-all/data/readingMaterial/deCode/${atPay.id}/1?addOrder=1`,
      () => expect(page.getByTestId('notary-data-row')).toHaveCount(2),
    ],
    [
      `/attestation-all/data/readingMaterial/pay/${atPay.id}/1?addOrder=1`,
      () => expect(page.getByTestId('notary-pay-money')).toHaveText('40.00'),
    ],
    [`/notary/detail?orderId=${paid.id}&type=1`, () => expect(page.getByTestId('notary-data-row')).toHaveCount(2)],
  ];
  for (const [path, loaded] of pages) {
    await page.goto(path);
    await loaded();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('without a seal: the selection page says so and shows the price; step 2 takes a seal upload and signs with it', async ({
  page,
  request,
}) => {
  const api = await verifiedPerson(page, request, { seal: false });
  const records = [await preserve(api, '借条.pdf'), await preserve(api, '聊天记录.pdf')];
  await page.goto('/notary/selectList');
  // One sentence with its link inside (`<seal>…</seal>` in the copy): the text reads whole, the tag is a link.
  const sealNotice = page.getByTestId('notary-select-seal-notice');
  await expect(sealNotice).toHaveText(notary.select.sealNeeded.replace(/<\/?seal>/g, ''));
  const sealLink = /<seal>(.*)<\/seal>/.exec(notary.select.sealNeeded)![1]!;
  await expect(sealNotice.getByRole('link', { name: sealLink })).toHaveAttribute('href', '/signature');
  for (const record of records)
    await page.getByRole('checkbox', { name: notary.select.selectRow.replace('{{number}}', record.baoquan) }).check();
  // 20 points a record by default (NOTARY_POINTS_PER_RECORD): two records cost 40.
  await expect(page.getByTestId('notary-select-price')).toHaveText(text('notary:select.price', { price: 20, total: 40 }));
  await shot(page, 'select-price');
  // The count, the price and the apply button fit the page at 375 px (no sideways scrolling).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: notary.select.apply }).click();

  await expect(page).toHaveURL(/applicationForm\/\d+\/1/);
  const orderId = /applicationForm\/(\d+)\//.exec(page.url())?.[1] ?? '';
  await page.getByLabel(notary.wizard.materials.read).check();
  await page.getByLabel(notary.wizard.form.purpose).selectOption({ label: notary.purpose['1'] });
  await page.getByLabel(notary.wizard.form.copies.replace('{{max}}', '10')).fill('1');
  await page.getByRole('radio', { name: notary.delivery['1'] }).check();
  await page.getByRole('button', { name: notary.wizard.form.submit }).click();

  await expect(page).toHaveURL(new RegExp(`/readingMaterial/signature/${orderId}/1`));
  await expect(page.getByRole('button', { name: notary.wizard.sign.submit })).toBeDisabled();
  const upload = page.getByTestId('notary-seal-upload');
  await upload.getByLabel(notary.wizard.sign.uploadName).fill('钱七印');
  await upload.getByLabel(notary.wizard.sign.uploadFile).setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: SEAL });
  await upload.getByRole('button', { name: notary.wizard.sign.uploadSubmit }).click();
  await expect(page.getByRole('img', { name: notary.wizard.sign.sealAlt.replace('{{name}}', '钱七印') })).toBeVisible();
  await shot(page, 'wizard-2-upload');
  await page.getByRole('button', { name: notary.wizard.sign.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/readingMaterial/deCode/${orderId}/1`));
});
