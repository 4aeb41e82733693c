import type { APIRequestContext, Page } from '@playwright/test';
import { expect, locale, registerViaApi, test, text, validationText } from './fixtures';

/** The copy of the account-centre pages, straight from the locale files. */
const news = locale('notifications');
const seal = locale('signature');
const addr = locale('address');
const validation = locale('validation');

async function signIn(page: Page, request: APIRequestContext) {
  const account = await registerViaApi(request);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, account.token);
  return account;
}

/** A real 1x1 png, padded to a size; the server checks the magic bytes and the length. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const png = (pad = 0, fill = 0) => Buffer.concat([PNG_1X1, Buffer.alloc(pad, fill)]);
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0xff, 0xd9,
]);

/** Notifications as the server words them: a payment and a notarisation accepted. */
const paidText = text('payment:paidNotification', { orderNo: 'P1', money: '10.00', points: '10.00', balance: '10.00' });
const acceptedText = text('notarisation:notifyAccepted', { orderNo: 'N1' });

test('notifications: read one, read all (the bell drops to 0), delete by selection', async ({ page, request }) => {
  const { phone } = await signIn(page, request);
  for (const message of [paidText, acceptedText]) {
    const reply = await request.post('/sandbox/notify', { form: { phone, text: message } });
    expect(((await reply.json()) as { code: number }).code).toBe(200);
  }
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: news.title })).toBeVisible();
  const badge = page.getByTestId('header-badge');
  await expect(badge).toHaveText('3');
  const rows = page.getByTestId('news-row');
  await expect(rows).toHaveCount(3);

  const paid = rows.filter({ hasText: paidText });
  await expect(paid).toContainText(news.unread);
  await paid.getByRole('button').click();
  await expect(paid).toContainText(news.read);
  await expect(badge).toHaveText('2');

  await page.getByRole('button', { name: news.readAll }).click();
  await expect(badge).toBeHidden();
  await expect(page.getByTestId('header-bell')).toHaveAttribute('aria-label', /0/);
  await expect(rows.filter({ hasText: news.unread })).toHaveCount(0);

  await paid.locator('.news__check').click();
  await expect(paid.getByRole('checkbox')).toBeChecked();
  await page.getByRole('button', { name: news.deleteCount.replace('{{count}}', '1') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(news.delete.title);
  await dialog.getByRole('button', { name: news.delete.ok }).click();
  await expect(page.getByText(news.delete.done)).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(page.getByText(paidText)).toHaveCount(0);
});

test('notifications: a message about an order links to /orders, and following the link reads it', async ({ page, request }) => {
  const { phone } = await signIn(page, request);
  const reply = await request.post('/sandbox/notify', {
    form: { phone, text: paidText, subjectKind: 'order', subjectRef: 'P1' },
  });
  expect(((await reply.json()) as { code: number }).code).toBe(200);
  await page.goto('/notifications');
  const badge = page.getByTestId('header-badge');
  await expect(badge).toHaveText('2');
  const row = page.getByTestId('news-row').filter({ hasText: paidText });
  const link = row.getByRole('link');
  await expect(link).toHaveAttribute('href', '/orders');
  // The welcome message names nothing: it stays a button.
  await expect(page.getByTestId('news-row').filter({ hasNotText: paidText }).getByRole('link')).toHaveCount(0);
  await link.click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(badge).toHaveText('1');
  await page.goto('/notifications');
  await expect(row).toContainText(news.read);
});

async function openUpload(page: Page) {
  await page.getByRole('button', { name: seal.upload.open }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

async function fillSeal(page: Page, name: string, isDefault: boolean, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(seal.upload.name).fill(name);
  await dialog.getByRole('radio', { name: isDefault ? seal.upload.yes : seal.upload.no }).check();
  await dialog.getByLabel(seal.upload.image).setInputFiles(file);
}

test('signature seals: upload a png, refuse a jpg and an 11MB png, switch the default', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/signature');
  await expect(page.getByText(seal.empty)).toBeVisible();

  await openUpload(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: seal.upload.submit }).click();
  await expect(dialog.getByText(validationText('required|signatureName'))).toBeVisible();
  await expect(dialog.getByText(validation.signatureImageRequired)).toBeVisible();
  await expect(dialog.getByText(validation.signatureDefaultRequired)).toBeVisible();

  // A jpg is refused in the browser...
  await fillSeal(page, '公司公章', true, { name: 'seal.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await expect(dialog.getByText(validation.signaturePngOnly)).toBeVisible();
  // ...and a jpg dressed as a png by the server, which reads the content.
  await dialog.getByLabel(seal.upload.image).setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: JPEG });
  await expect(dialog.getByText(validation.signaturePngOnly)).toBeHidden();
  await dialog.getByRole('button', { name: seal.upload.submit }).click();
  await expect(page.getByText(validation.signaturePngOnly)).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel(seal.upload.image).setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(11 * 1024 * 1024) });
  await expect(dialog.getByText(validation.signatureTooLarge)).toBeVisible();

  await dialog.getByLabel(seal.upload.image).setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: png() });
  await dialog.getByRole('button', { name: seal.upload.submit }).click();
  await expect(page.getByText(seal.upload.done)).toBeVisible();
  await expect(dialog).toBeHidden();
  const items = page.getByTestId('seal-item');
  await expect(items).toHaveCount(1);
  const first = items.filter({ hasText: '公司公章' });
  await expect(first).toContainText(seal.defaultBadge);
  const image = first.getByRole('img');
  await expect(image).toHaveAttribute('src', /\/api\/signature\/image\/\d+\?exp=\d+&sig=/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  await openUpload(page);
  await fillSeal(page, '合同专用章', false, { name: 'contract.png', mimeType: 'image/png', buffer: png(8, 1) });
  await page.getByRole('dialog').getByRole('button', { name: seal.upload.submit }).click();
  await expect(items).toHaveCount(2);
  const second = items.filter({ hasText: '合同专用章' });
  await expect(second.getByText(seal.defaultBadge, { exact: true })).toHaveCount(0);

  await second.getByRole('button', { name: seal.setDefault.action }).click();
  await expect(page.getByText(seal.setDefault.done)).toBeVisible();
  await expect(second.getByText(seal.defaultBadge, { exact: true })).toBeVisible();
  await expect(first.getByText(seal.defaultBadge, { exact: true })).toHaveCount(0);
});

const REGION_SHENZHEN = ['广东省', '深圳市', '南山区'];
const REGION_BEIJING = ['北京市', '市辖区', '东城区'];

const REGION_LEVELS = [addr.regionLevel.province, addr.regionLevel.city, addr.regionLevel.area];

/** The region picker: province, city and area selects, each list loaded when its parent is chosen. */
async function pickRegion(page: Page, path: string[]) {
  const dialog = page.getByRole('dialog');
  for (const [index, name] of path.entries()) {
    // selectOption waits for the option: a level's list arrives once its parent is chosen.
    await dialog.getByRole('combobox', { name: REGION_LEVELS[index], exact: true }).selectOption({ label: name });
  }
  await expect(dialog.getByRole('combobox', { name: REGION_LEVELS[path.length - 1], exact: true }).locator('option:checked')).toHaveText(
    path[path.length - 1]!,
  );
}

async function addAddress(page: Page, n: number) {
  await page.getByRole('button', { name: addr.add.open }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(addr.add.title);
  await dialog.getByLabel(addr.field.name).fill(`张三${n}`);
  await pickRegion(page, REGION_SHENZHEN);
  await dialog.getByLabel(addr.field.address).fill(`科技园${n}号`);
  await dialog.getByLabel(addr.field.phoneNumber).fill('13800138000');
  await dialog.getByLabel(addr.field.email).fill(`user${n}@example.com`);
  await dialog.getByRole('button', { name: addr.save }).click();
  await expect(page.getByText(addr.toast.added).first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('addresses: five added, the sixth refused, one edited with the region picker', async ({ page, request }) => {
  const { token } = await signIn(page, request);
  await page.goto('/address');
  await expect(page.getByText(addr.empty)).toBeVisible();

  // The form says what is missing before anything is sent.
  await page.getByRole('button', { name: addr.add.open }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: addr.save }).click();
  for (const message of [
    validation.contactRequired,
    validation.regionRequired,
    validationText('required|detailAddress'),
    validation.phoneEmpty,
    validationText('required|email'),
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel(addr.field.email).fill('not-an-email');
  await dialog.getByLabel(addr.field.email).blur();
  await expect(dialog.getByText(validation.email)).toBeVisible();
  await dialog.getByRole('button', { name: addr.cancel }).click();
  await expect(dialog).toBeHidden();

  for (let n = 1; n <= 5; n += 1) await addAddress(page, n);
  const rows = page.getByTestId('address-row').filter({ visible: true });
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText(addr.defaultBadge);

  await page.getByRole('button', { name: addr.add.open }).click();
  await expect(page.getByText(validation.addressLimit)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The server refuses a sixth too, when the page is bypassed.
  const direct = await request.post('/api/User/addAddress', {
    headers: { authorization: `Bearer ${token}` },
    form: { name: '绕过', province: '440000', city: '440300', area: '440305', address: '1号', phoneNumber: '13800138000', email: 'a@b.cn' },
  });
  expect(((await direct.json()) as { msg: string }).msg).toBe(validation.addressLimit);

  const third = rows.filter({ hasText: '张三3' });
  await third.getByRole('button', { name: addr.edit.aria.replace('{{name}}', '张三3') }).click();
  await expect(dialog).toContainText(addr.edit.title);
  await expect(dialog.getByLabel(addr.field.name)).toHaveValue('张三3');
  await expect(dialog.getByRole('combobox', { name: addr.regionLevel.area, exact: true }).locator('option:checked')).toHaveText('南山区');
  await pickRegion(page, REGION_BEIJING);
  await dialog.getByRole('button', { name: addr.save }).click();
  await expect(page.getByText(addr.toast.updated)).toBeVisible();
  await expect(third).toContainText('北京市');
  await expect(third).toContainText('东城区');
  await expect(rows).toHaveCount(5);
});
