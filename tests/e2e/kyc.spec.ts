import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { copy, expect, locale, registerViaApi, test, text, validationText } from './fixtures';
import { deskConsole, reviewInConsole } from './staff-fixtures';

/** Copy of the verification pages, straight from the locale files. */
const kyc = locale('kyc');
const banner = copy.common.verification.banner;
const SHOTS = join(import.meta.dirname, '../../test-results/kyc-shots');

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const image = (name: string) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: PNG });

async function signIn(page: Page, request: APIRequestContext) {
  const account = await registerViaApi(request);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, account.token);
  return account;
}

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
}

/** The verification desk of the staff console, signed in once for this file's journeys. */
const office = deskConsole();
test.afterAll(() => office.close());

/** The reviewer decides the account's pending submission in the console's verification desk. */
async function decideAtDesk(browser: Browser, request: APIRequestContext, phone: string, decision: 'approve' | 'refuse', reason = '') {
  await reviewInConsole(await office.page(browser, request), phone, decision, reason);
}

const ORG_TEXT: [string, string][] = [
  ['org-company', '深圳市示例科技有限公司'],
  ['org-taxNumber', '91440300708461136T'],
  ['org-address', '深圳市南山区科技园1号'],
  ['org-legalName', '张三'],
  ['org-legalPhone', '13800138001'],
  ['org-legalIdcard', '11010519491231002X'],
  ['org-legalAddress', '北京市朝阳区1号'],
  ['org-accountName', '深圳市示例科技有限公司'],
  ['org-accountBank', '招商银行深圳分行'],
  ['org-accountNo', '6225880123456789'],
  ['org-contactName', '李四'],
  ['org-contactPhone', '13800138002'],
  ['org-contactIdcard', '440301198501011236'],
  ['org-authorName', '王五'],
  ['org-authorPhone', '13800138003'],
  ['org-authorIdcard', '320102199003070017'],
  ['org-authorAddress', '南京市玄武区1号'],
];

async function fillOrganization(page: Page, onlyMasked = false) {
  const masked = new Set([
    'org-legalPhone',
    'org-legalIdcard',
    'org-accountNo',
    'org-contactPhone',
    'org-contactIdcard',
    'org-authorPhone',
    'org-authorIdcard',
  ]);
  for (const [id, value] of ORG_TEXT) if (!onlyMasked || masked.has(id)) await page.locator(`#${id}`).fill(value);
  if (!onlyMasked) {
    await page.getByRole('radio', { name: kyc.sex.male }).check();
    await page.locator('#org-authorBrith').fill('1990-03-07');
  }
  for (const field of ['license', 'legalFile', 'file', 'authorFront', 'authorBack'])
    await page.locator(`#org-${field}`).setInputFiles(image(field));
}

test('an organisation submits, is rejected, resubmits and is approved; the banner follows', async ({ page, request, browser }) => {
  const { phone } = await signIn(page, request);
  await page.goto('/newAccessCard');
  await expect(page.getByRole('heading', { name: kyc.choose.title })).toBeVisible();
  await expect(page.getByText(banner.goVerify)).toBeVisible();
  await shot(page, 'new-access-card');
  await page.getByRole('link', { name: new RegExp(kyc.choose.organization) }).click();
  await expect(page.getByRole('heading', { name: kyc.organization.title })).toBeVisible();

  // Nothing is sent until every field and image is right.
  await page.getByRole('button', { name: kyc.submit }).click();
  await expect(page.getByText(copy.validation.genderRequired)).toBeVisible();
  await expect(page.getByText(validationText('imageRequired|license'))).toBeVisible();
  await page.locator('#org-license').setInputFiles({ name: 'license.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText(copy.validation.orgImageType)).toBeVisible();
  await shot(page, 'organization-kyc-errors');

  await fillOrganization(page);
  await page.getByRole('button', { name: kyc.submit }).click();
  await expect(page.getByTestId('kyc-state')).toHaveText(kyc.organization.underReview);
  await expect(page.getByText(banner.verifying)).toBeVisible();

  await decideAtDesk(browser, request, phone, 'refuse', '营业执照已过期');
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('营业执照已过期');
  await expect(page.getByText(banner.reVerify)).toBeVisible();
  await expect(page.locator('#org-company')).toHaveValue('深圳市示例科技有限公司');
  await expect(page.locator('#org-legalIdcard')).toHaveValue('');
  await shot(page, 'organization-kyc-rejected');

  await fillOrganization(page, true);
  await page.getByRole('button', { name: kyc.submit }).click();
  await expect(page.getByTestId('kyc-state')).toHaveText(kyc.organization.underReview);
  await expect(page.getByText(banner.verifying)).toBeVisible();

  await decideAtDesk(browser, request, phone, 'approve');
  await page.goto('/kyc-info');
  await expect(page.getByText(banner.verifying)).toBeHidden();
  await expect(page.locator('.site-header__verify')).toHaveCount(0);
  const info = page.getByTestId('kyc-info');
  await expect(info).toContainText('深圳市示例科技有限公司');
  await expect(info).toContainText('110***********002X');
  await expect(info).toContainText('************6789');
  await expect(info).not.toContainText('11010519491231002X');
  await expect(info.locator('img').first()).toHaveJSProperty('complete', true);
  await shot(page, 'kyc-info');
});

test('a refused organisation edits its form again: what it types before its record arrives is kept', async ({ page, request, browser }) => {
  const { phone } = await signIn(page, request);
  await page.goto('/organization-kyc');
  await fillOrganization(page);
  await page.getByRole('button', { name: kyc.submit }).click();
  await expect(page.getByTestId('kyc-state')).toHaveText(kyc.organization.underReview);
  await decideAtDesk(browser, request, phone, 'refuse', '营业执照已过期');
  await page.reload();
  await expect(page.locator('#org-company')).toHaveValue('深圳市示例科技有限公司');

  // Away and back within the app: the form is on screen at once, the refused record is read again and held back.
  await page.locator('a.site-header__brand').click();
  await expect(page).toHaveURL(/\/home$/);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/getAuthInfo', async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await page.goBack();
  await expect(page).toHaveURL(/\/organization-kyc$/);
  await page.locator('#org-company').fill('深圳市另一家科技有限公司');
  const answered = page.waitForResponse('**/api/user/getAuthInfo');
  release();
  await answered;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await expect(page.locator('#org-company')).toHaveValue('深圳市另一家科技有限公司');
  // The fields left alone are filled from the record.
  await expect(page.locator('#org-taxNumber')).toHaveValue('91440300708461136T');
});

test('a person passes face verification on the QR page, then supplies the supplement', async ({ page, request, browser }) => {
  const { phone } = await signIn(page, request);
  await page.goto('/personage-kyc');
  await expect(page.getByRole('heading', { name: kyc.person.title })).toBeVisible();
  await shot(page, 'personage-kyc');
  await page.getByRole('button', { name: kyc.person.face }).click();
  await page.locator('#face-username').fill('赵六');
  await page.locator('#face-idCard').fill('11010119900307803X');
  await page.getByRole('button', { name: kyc.person.faceStart }).click();
  await expect(page.getByText(copy.validation.consentRequired)).toBeVisible();
  await page.getByLabel(kyc.person.consent).check();
  await page.getByRole('button', { name: kyc.person.faceStart }).click();

  await expect(page).toHaveURL(/\/personage-face-kyc\?url=.*certify_id=/);
  await expect(page.getByRole('img', { name: kyc.face.qrLabel })).toBeVisible();
  await expect(page.getByTestId('face-status')).toHaveText(kyc.face.waiting);
  await shot(page, 'personage-face-kyc');

  // The phone opens the face page behind the QR code and passes; the wait page notices within 3 seconds.
  const faceUrl = await page.getByRole('link', { name: kyc.face.openLink }).getAttribute('href');
  const phonePage = await page.context().newPage();
  await phonePage.goto(faceUrl!);
  await phonePage.getByRole('button', { name: text('verification:facePass') }).click();
  await expect(phonePage.getByRole('status')).toContainText(text('verification:faceDonePassed'));
  await phonePage.close();

  await expect(page.getByTestId('face-status')).toHaveText(kyc.face.success, { timeout: 8000 });
  await page.getByRole('button', { name: kyc.face.done }).click();

  // Verified, but the supplement is required (repairType 1).
  await expect(page.getByRole('heading', { name: kyc.person.supplementTitle })).toBeVisible();
  await expect(page.locator('.site-header__verify')).toHaveCount(0);
  await shot(page, 'personage-kyc-supplement');
  await page.locator('#rep-authorFront').setInputFiles(image('front'));
  await page.locator('#rep-authorBack').setInputFiles(image('back'));
  await page.getByRole('button', { name: kyc.person.supplementSubmit }).click();
  await expect(page.getByTestId('kyc-state')).toHaveText(kyc.person.supplementUnderReview);
  await expect(page.getByText(banner.verifying)).toBeVisible();

  await decideAtDesk(browser, request, phone, 'approve');
  await page.goto('/person-info');
  await expect(page.locator('.site-header__verify')).toHaveCount(0);
  await expect(page.getByTestId('kyc-info')).toContainText('110***********803X');
  await expect(page.getByTestId('kyc-info')).toContainText(kyc.info.supplementState.done);
  await shot(page, 'person-info');
});

test('a person verifies by documents and is approved', async ({ page, request, browser }) => {
  const { phone } = await signIn(page, request);
  await page.goto('/personage-kyc');
  await page.locator('#per-userName').fill('赵六');
  await page.getByRole('button', { name: kyc.submit }).click();
  await expect(page.getByText(copy.validation.idCardEmpty)).toBeVisible();
  await page.locator('#per-contactIdcard').fill('11010119900307803X');
  await page.getByRole('radio', { name: kyc.sex.female }).check();
  await page.locator('#per-address').fill('上海市浦东新区1号');
  for (const field of ['authorFront', 'authorBack', 'authorHand']) await page.locator(`#per-${field}`).setInputFiles(image(field));
  await page.getByLabel(kyc.person.consent).check();
  await page.getByRole('button', { name: kyc.submit }).click();
  await expect(page.getByTestId('kyc-state')).toHaveText(kyc.person.underReview);
  await expect(page.getByText(banner.verifying)).toBeVisible();
  await decideAtDesk(browser, request, phone, 'approve');
  await page.goto('/person-info');
  await expect(page.getByTestId('kyc-info')).toContainText('赵六');
  await expect(page.locator('.site-header__verify')).toHaveCount(0);
});
