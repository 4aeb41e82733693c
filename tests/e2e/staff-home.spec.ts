import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, invoiceApplication, kycSubmission, notaryOrder, test, verifiedUser } from './fixtures';
import { deskConsole, deskToken, firstSignIn, maskedPhone, navLinks, staffCopy } from './staff-fixtures';

/**
 * Where the console starts: a clerk of each role signs in for the first time and lands on the home page, sees
 * what waits at their desk and follows it there; the reviewer shows an account phone in clear (显示原文) and the
 * administrator, who lands on the same home page, finds the view in the audit log.
 */
test.describe.configure({ mode: 'serial' });
test.skip(({ isMobile }) => isMobile, 'the console journeys run in the desktop project (1280 px); they take 375 px screenshots themselves');
test.setTimeout(240_000);

const { console: copy, desks } = staffCopy;
const home = desks.home;
const SHOTS = join(tmpdir(), 'staff-shots');
mkdirSync(SHOTS, { recursive: true });

/** A screenshot at 1280 px and at 375 px (no sideways scrolling), to look at by hand. */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SHOTS, `${name}-375.png`), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const stamp = String(Date.now() % 1_000_000);
/** A new member of staff made by the setup administrator; answers the one-time password. */
async function newMember(request: APIRequestContext, role: string, name: string): Promise<string> {
  const token = await deskToken(request);
  const username = `home.${role}.${stamp}`;
  const body = (await (
    await request.post('/api/staff/admin/create', { form: { username, name, role }, headers: { authorization: `Staff ${token}` } })
  ).json()) as { code: number; msg: string; data: { password: string } };
  expect(body.code, body.msg).toBe(200);
  return `${username}\n${body.data.password}`;
}
async function signInFirstTime(page: Page, request: APIRequestContext, role: string, name: string) {
  const [username = '', oneTime = ''] = (await newMember(request, role, name)).split('\n');
  await firstSignIn(page, username, oneTime, `Home-${role}-2024`);
  // Every role lands on the home page.
  await expect(page).toHaveURL(/\/staff\/home$/);
  await expect(page.getByRole('heading', { name: home.title, exact: true })).toBeVisible();
}
/** The number a queue shows waiting. */
const waiting = async (page: Page, queue: string) =>
  Number(await page.getByTestId(`staff-home-${queue}`).getByTestId('staff-home-count').getAttribute('data-count'));

const reviewerName = `周审核${stamp}`;
const desk = deskConsole();
test.afterAll(() => desk.close());

test('a reviewer lands on the home page, follows the waiting verifications to the desk and shows an account phone in clear (recorded)', async ({
  page,
  request,
}) => {
  const user = await kycSubmission(request, '吴九');
  await signInFirstTime(page, request, 'reviewer', reviewerName);
  // Only the reviewer's own desk, with what waits and since when.
  await expect(page.getByTestId('staff-home-desk-verification')).toBeVisible();
  await expect(page.getByTestId('staff-home-desk-notary')).toHaveCount(0);
  await expect(page.getByTestId('staff-home-desk-invoices')).toHaveCount(0);
  expect(await waiting(page, 'verification')).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('staff-home-verification')).toContainText(home.oldest.split('{{at}}')[0] ?? '');
  await shot(page, 'home-reviewer');

  await page.getByRole('link', { name: home.open.replace('{{desk}}', home.desks.verification), exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/verification$/);
  await page.getByLabel(desks.common.phone, { exact: true }).fill(user.phone);
  await page.getByRole('button', { name: desks.common.search, exact: true }).click();
  const row = page.getByTestId('kyc-row').first();
  await expect(row).toContainText(maskedPhone(user.phone));
  await expect(row).not.toContainText(user.phone);
  await row.getByRole('button', { name: desks.common.revealLabel.replace('{{what}}', desks.kyc.fields.phone), exact: true }).click();
  await expect(row).toContainText(user.phone);
  await expect(row).toContainText(desks.common.revealed);
  await shot(page, 'verification-revealed');
});

test('a notary clerk and a finance member land on the home page and follow their waiting work to their desks', async ({
  page,
  request,
  browser,
}) => {
  const user = await verifiedUser(request);
  await notaryOrder(user, 'points');
  await invoiceApplication(request, 'paper');

  await signInFirstTime(page, request, 'notary', `郑公证${stamp}`);
  expect(await waiting(page, 'notaryWaiting')).toBeGreaterThanOrEqual(1);
  for (const queue of ['notaryAccepted', 'notaryTransfer', 'notaryShipping'])
    await expect(page.getByTestId(`staff-home-${queue}`)).toBeVisible();
  await expect(page.getByTestId('staff-home-desk-verification')).toHaveCount(0);
  await shot(page, 'home-notary');
  await page.getByRole('link', { name: home.open.replace('{{desk}}', home.desks.notary), exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/notary$/);

  const finance = await browser.newPage();
  await signInFirstTime(finance, request, 'finance', `冯财务${stamp}`);
  expect(await waiting(finance, 'invoices')).toBeGreaterThanOrEqual(1);
  await expect(finance.getByTestId('staff-home-desk-notary')).toHaveCount(0);
  await finance.getByRole('link', { name: home.open.replace('{{desk}}', home.desks.invoices), exact: true }).click();
  await expect(finance).toHaveURL(/\/staff\/invoices$/);
  await finance.close();
});

test('the administrator lands on the home page with every desk, reaches the staff accounts from the navigation, and finds the phone view in the audit log', async ({
  browser,
  request,
}) => {
  const page = await desk.page(browser, request);
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/home$/);
  for (const name of ['verification', 'notary', 'invoices']) await expect(page.getByTestId(`staff-home-desk-${name}`)).toBeVisible();
  await expect.poll(() => navLinks(page)).toContain(copy.shell.pages.accounts);
  await shot(page, 'home-admin');

  await page
    .getByRole('navigation', { name: copy.shell.navLabel })
    .getByRole('link', { name: copy.shell.pages.audit, exact: true })
    .click();
  await expect(page).toHaveURL(/\/staff\/audit$/);
  const rows = page.getByTestId('staff-audit-row');
  await page.getByLabel(copy.audit.filters.action, { exact: true }).selectOption({ label: copy.audit.actions.kycViewed });
  await expect(rows.filter({ hasText: reviewerName }).first()).toBeVisible();
});
