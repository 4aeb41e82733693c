import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, locale } from './copy-text';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

/** The staff console's copy, from the locale files. */
export const staffCopy = { console: locale('staff-console'), desks: locale('staff-desks'), validation: locale('validation') };

/** The administrator the e2e server's command creates before it starts (playwright.config.ts). */
export const E2E_ADMIN = { username: 'e2e.admin', name: 'E2E Admin' };

/** The administrator's one-time password, which `npm run staff -- create-admin --password-file` wrote. */
export function adminOneTimePassword(): string {
  const dir = process.env.E2E_DATA_DIR ?? '';
  return readFileSync(join(dir, 'e2e-admin-password'), 'utf8').trim();
}

// ---- RFC 6238 TOTP (SHA-1, 30 s, 6 digits), as an authenticator app computes it ------------------------------

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The code of the 30-second step `step` (RFC 6238 with RFC 4226's dynamic truncation). */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The last step used for each secret, kept in the run's data folder: spec files may run in other worker
 * processes (a failed test starts a new one), and the server refuses a step it has taken once.
 */
const stepsFile = () => join(process.env.E2E_DATA_DIR ?? '', 'e2e-totp-steps.json');
function usedSteps(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(stepsFile(), 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * A code the server has not seen yet for this secret: the server takes each step once, so a second sign-in
 * within the same 30 seconds waits for the next step, as a person would wait for the app's next code.
 */
export async function freshCode(secret: string): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  if ((usedSteps()[secret] ?? -1) >= step) {
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 250));
    step = Math.floor(Date.now() / 30_000);
  }
  writeFileSync(stepsFile(), JSON.stringify({ ...usedSteps(), [secret]: step }));
  return totpAt(secret, step);
}

// ---- signing in on the page -----------------------------------------------------------------------------------

export type StaffMember = { username: string; name: string; password: string; secret: string; recoveryCodes: string[] };

const login = staffCopy.console.login;

/** Username and password on /staff/login (the page must be open). */
export async function enterCredentials(page: Page, username: string, password: string) {
  await page.getByLabel(login.username, { exact: true }).fill(username);
  await page.getByLabel(login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: login.submit, exact: true }).click();
}

/**
 * A first sign-in on the page with an administrator's one-time password: a new password, the authenticator
 * enrolled from the secret shown beside the QR code, the ten recovery codes kept, into the console.
 */
export async function firstSignIn(page: Page, username: string, oneTimePassword: string, newPassword: string): Promise<StaffMember> {
  await page.goto('/staff/login');
  await enterCredentials(page, username, oneTimePassword);
  await expect(page.getByRole('heading', { name: login.changePassword.title, exact: true })).toBeVisible();
  await page.getByLabel(login.changePassword.password, { exact: true }).fill(newPassword);
  await page.getByLabel(login.changePassword.confirmPassword, { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: login.changePassword.submit, exact: true }).click();
  await expect(page.getByRole('heading', { name: login.enrol.title, exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: login.enrol.qr })).toBeVisible();
  const secret = (await page.getByTestId('staff-totp-secret').getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel(login.enrol.code, { exact: true }).fill(await freshCode(secret));
  await page.getByRole('button', { name: login.enrol.submit, exact: true }).click();
  const codes = page.getByTestId('staff-recovery-codes').locator('code');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await page.getByLabel(login.recovery.saved).check();
  await page.getByRole('button', { name: login.recovery.continue, exact: true }).click();
  await expect(page).not.toHaveURL(/\/staff\/login/);
  return { username, name: '', password: newPassword, secret, recoveryCodes };
}

/** A later sign-in on the page: password, then the authenticator's current code. */
export async function signIn(page: Page, member: Pick<StaffMember, 'username' | 'password' | 'secret'>, path = '/staff') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/staff\/login/);
  await enterCredentials(page, member.username, member.password);
  await expect(page.getByRole('heading', { name: login.verify.title, exact: true })).toBeVisible();
  await page.getByLabel(login.verify.code, { exact: true }).fill(await freshCode(member.secret));
  await page.getByRole('button', { name: login.verify.submit, exact: true }).click();
  await expect(page).not.toHaveURL(/\/staff\/login/);
}

/** A staff session through the API (for calls a test makes besides the page). */
export async function staffToken(
  request: APIRequestContext,
  member: Pick<StaffMember, 'username' | 'password' | 'secret'>,
): Promise<string> {
  const post = async (url: string, form: Record<string, string>) => {
    const body = (await (await request.post(url, { form })).json()) as { code: number; msg: string; data: Record<string, unknown> };
    expect(body.code, `${url}: ${body.msg}`).toBe(200);
    return body.data;
  };
  const { challenge } = (await post('/api/staff/login', { username: member.username, password: member.password })) as { challenge: string };
  const { token } = (await post('/api/staff/login/verify', { challenge, code: await freshCode(member.secret) })) as { token: string };
  return token;
}

/** The console's navigation links, by their names. */
export async function navLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: staffCopy.console.shell.navLabel }).getByRole('link').allTextContents();
}

// ---- a member of staff for setup steps (the desk work a journey is not about) --------------------------------

/** The second administrator the e2e server's command creates for setup steps (playwright.config.ts). */
export const E2E_DESK = { username: 'e2e.desk', passwordFile: 'e2e-desk-password', sessionFile: 'e2e-desk-session.json' };

/**
 * A staff session of the setup administrator through the real sign-in calls: the first time a new password,
 * the authenticator enrolled and its first code; kept in the run's data folder (spec files may run in other
 * processes) and renewed with the next code when it has ended.
 */
export async function deskToken(request: APIRequestContext): Promise<string> {
  const dir = process.env.E2E_DATA_DIR ?? '';
  const file = join(dir, E2E_DESK.sessionFile);
  const post = async (url: string, form: Record<string, string>, token?: string) => {
    const headers: Record<string, string> = token ? { authorization: `Staff ${token}` } : {};
    const body = (await (await request.post(url, { form, headers })).json()) as {
      code: number;
      msg: string;
      data: Record<string, unknown>;
    };
    expect(body.code, `${url}: ${body.msg}`).toBe(200);
    return body.data;
  };
  let saved: { password: string; secret: string; token: string } | null = null;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as { password: string; secret: string; token: string };
  } catch {
    saved = null;
  }
  if (saved) {
    const me = (await (await request.get('/api/staff/me', { headers: { authorization: `Staff ${saved.token}` } })).json()) as {
      code: number;
    };
    if (me.code === 200) return saved.token;
    saved.token = await staffToken(request, { username: E2E_DESK.username, password: saved.password, secret: saved.secret });
  } else {
    const password = 'Desk-e2e-passw0rd';
    const oneTime = readFileSync(join(dir, E2E_DESK.passwordFile), 'utf8').trim();
    const { challenge } = (await post('/api/staff/login', { username: E2E_DESK.username, password: oneTime })) as { challenge: string };
    await post('/api/staff/login/password', { challenge, password, confirmPassword: password });
    const { secret } = (await post('/api/staff/login/enrol', { challenge })) as { secret: string };
    const { token } = (await post('/api/staff/login/confirm', { challenge, code: await freshCode(secret) })) as { token: string };
    saved = { password, secret, token };
  }
  writeFileSync(file, JSON.stringify(saved));
  return saved.token;
}

/** A desk decision through the staff API (setup), e.g. `/api/staff/kyc/approve`. */
export async function deskCall(request: APIRequestContext, url: string, form: Record<string, string>): Promise<void> {
  const token = await deskToken(request);
  const body = (await (await request.post(url, { form, headers: { authorization: `Staff ${token}` } })).json()) as {
    code: number;
    msg: string;
  };
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
}

/** A mobile number as every staff answer shows it (the console's one masking rule): 138****8000. */
export const maskedPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/** The pending verification submission of an account, from the reviewer's queue, approved (setup). */
export async function approveKyc(request: APIRequestContext, phone: string): Promise<void> {
  const token = await deskToken(request);
  const list = (await (
    await request.get(`/api/staff/kyc/list?phone=${phone}`, { headers: { authorization: `Staff ${token}` } })
  ).json()) as {
    data: { list: { id: number; phone: string }[] };
  };
  const id = list.data.list.find((row) => row.phone === maskedPhone(phone))?.id;
  expect(id, `pending verification of ${phone}`).toBeDefined();
  await deskCall(request, '/api/staff/kyc/approve', { id: String(id) });
}

// ---- the office's desk work in the console's pages (journeys whose user side needs a member of staff) --------

/** The setup administrator's sign-in details (its first sign-in is made through the API the first time). */
export async function deskMember(request: APIRequestContext): Promise<Pick<StaffMember, 'username' | 'password' | 'secret'>> {
  await deskToken(request);
  const saved = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR ?? '', E2E_DESK.sessionFile), 'utf8')) as {
    password: string;
    secret: string;
  };
  return { username: E2E_DESK.username, password: saved.password, secret: saved.secret };
}

/**
 * The console of the setup administrator in a browser of its own (the office's computer, 1280 px, its own
 * address), signed in on the page with password and the authenticator's code. Opened on first use and kept for
 * the spec file's journeys (`close` in `afterAll`), so each journey does not wait for the next 30-second code.
 */
export function deskConsole() {
  let desk: Page | null = null;
  return {
    async page(browser: Browser, request: APIRequestContext): Promise<Page> {
      if (desk && !desk.isClosed()) return desk;
      // The sign-in may wait for the authenticator's next 30-second step (the server takes each step once).
      test.info().setTimeout(test.info().timeout + 35_000);
      const member = await deskMember(request);
      const context = await browser.newContext({
        baseURL: process.env.E2E_BASE_URL,
        viewport: { width: 1280, height: 800 },
        locale: DEFAULT_LANGUAGE,
        timezoneId: 'Asia/Shanghai',
        extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${1 + Math.floor(Math.random() * 250)}` },
      });
      desk = await context.newPage();
      await signIn(desk, member, '/staff');
      return desk;
    },
    async close() {
      await desk?.context().close();
      desk = null;
    },
  };
}

/** Semi's confirmation in the console, answered with its OK button. */
export async function confirmInConsole(page: Page, ok: string) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: ok, exact: true }) });
  await dialog.getByRole('button', { name: ok, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** The console's toast with this text. */
export const consoleToast = (page: Page, text: string) =>
  expect(page.locator('.ui-toast__content').filter({ hasText: text }).first()).toBeVisible();

/**
 * The verification desk: the account's pending submission found by its phone in the queue, opened and approved
 * or refused with a reason the user reads, as a reviewer does it.
 */
export async function reviewInConsole(desk: Page, phone: string, decision: 'approve' | 'refuse', reason = '') {
  const { common, kyc } = staffCopy.desks;
  await desk.goto('/staff/verification');
  await desk.getByLabel(common.phone, { exact: true }).fill(phone);
  await desk.getByRole('button', { name: common.search, exact: true }).click();
  const row = desk.locator(`[data-testid="kyc-row"][data-phone="${maskedPhone(phone)}"]`);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(kyc.states.pending);
  await row.getByRole('link').click();
  await expect(desk).toHaveURL(/\/staff\/verification\/\d+$/);
  if (decision === 'approve') {
    await desk.getByRole('button', { name: kyc.detail.approve, exact: true }).click();
    await confirmInConsole(desk, kyc.detail.approve);
    await consoleToast(desk, kyc.done.approved);
    await expect(desk.getByTestId('kyc-decided')).toContainText(kyc.states.approved);
  } else {
    await desk.getByRole('button', { name: kyc.detail.refuse, exact: true }).click();
    const id = /verification\/(\d+)/.exec(desk.url())?.[1] ?? '';
    const dialog = desk.getByRole('dialog', { name: kyc.refuseDialog.title.replace('{{id}}', id) });
    await dialog.getByLabel(common.reason, { exact: true }).fill(reason);
    await dialog.getByRole('button', { name: kyc.refuseDialog.submit, exact: true }).click();
    await consoleToast(desk, kyc.done.refused);
    await expect(desk.getByTestId('kyc-decided')).toContainText(kyc.states.rejected);
  }
}

/** The notary office's order found by its number and opened (its record page). */
export async function openNotaryOrder(desk: Page, orderNo: string) {
  const { common, notary } = staffCopy.desks;
  await desk.goto('/staff/notary');
  await desk.getByLabel(common.orderNo, { exact: true }).fill(orderNo);
  await desk.getByRole('button', { name: common.search, exact: true }).click();
  const row = desk.locator(`[data-testid="notary-desk-row"][data-order-no="${orderNo}"]`);
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(desk.getByRole('heading', { name: notary.detail.title.replace('{{orderNo}}', orderNo) })).toBeVisible();
}

/** The state the open order's record page shows. */
export const notaryState = (desk: Page, key: string) =>
  expect(desk.locator('.staff-page__head .staff-tag')).toHaveText(staffCopy.desks.notary.states[key] as string);

/**
 * The notary office works an order in the console: accept, complete (documents issued), fail with a reason the
 * user reads, or confirm a bank transfer's money; the order is opened from the queue first.
 */
/** A small whole PDF (an `%%EOF` at its end), different every time: the notarial certificate the office attaches. */
export const certificatePdf = (label = 'certificate') =>
  Buffer.from(
    `%PDF-1.4\n% ${label} ${Date.now()} ${Math.random()}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/** The clerk attaches (or replaces) the certificate of the open, accepted order through the page's file input. */
export async function attachCertificateInConsole(desk: Page, pdf: Buffer, name = 'certificate.pdf') {
  const { notary } = staffCopy.desks;
  await desk.locator('#notary-certificate-file').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
  await consoleToast(desk, notary.certificate.uploaded);
  await expect(desk.getByTestId('notary-certificate-state')).not.toHaveText(notary.certificate.none as string);
}

export async function notaryInConsole(
  desk: Page,
  orderNo: string,
  action: 'accept' | 'complete' | 'fail' | 'transferConfirm',
  reason = '',
  certificate: Buffer = certificatePdf(),
) {
  const { common, notary } = staffCopy.desks;
  await openNotaryOrder(desk, orderNo);
  // Completing issues the certificate: the office attaches it first.
  if (action === 'complete') await attachCertificateInConsole(desk, certificate);
  if (action === 'fail') {
    await desk.getByRole('button', { name: notary.detail.fail, exact: true }).click();
    const dialog = desk.getByRole('dialog', { name: notary.reasonDialog.failTitle.replace('{{orderNo}}', orderNo) });
    await dialog.getByLabel(common.reason, { exact: true }).fill(reason);
    await dialog.getByRole('button', { name: notary.reasonDialog.failSubmit, exact: true }).click();
    await consoleToast(desk, notary.done.fail);
    await notaryState(desk, 'failed');
    return;
  }
  await desk.getByRole('button', { name: notary.detail[action], exact: true }).click();
  await confirmInConsole(desk, notary.detail[action]);
  await consoleToast(desk, notary.done[action]);
  await notaryState(desk, { accept: 'accepted', complete: 'succeeded', transferConfirm: 'waiting' }[action]);
}

/**
 * The finance desk: the account's application on this header found by its phone, opened, then submitted to
 * finance and issued with its courier number (a paper invoice), or refused with a reason the user reads.
 */
export async function invoiceInConsole(desk: Page, phone: string, head: string, action: 'issue' | 'refuse', text: string) {
  const { common, invoices } = staffCopy.desks;
  const status = (key: string) => expect(desk.locator('.staff-page__head .staff-tag')).toHaveText(invoices.statuses[key] as string);
  await desk.goto('/staff/invoices');
  await desk.getByLabel(common.phone, { exact: true }).fill(phone);
  await desk.getByRole('button', { name: common.search, exact: true }).click();
  const row = desk
    .getByTestId('invoice-desk-row')
    .filter({ hasText: maskedPhone(phone) })
    .filter({ hasText: head });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(invoices.statuses['1']);
  const applyNo = (await row.getAttribute('data-apply-no')) ?? '';
  await row.getByRole('link').click();
  await expect(desk.getByRole('heading', { name: invoices.detail.title.replace('{{applyNo}}', applyNo) })).toBeVisible();
  await status('1');
  if (action === 'refuse') {
    await desk.getByRole('button', { name: invoices.detail.refuse, exact: true }).click();
    const refuse = desk.getByRole('dialog', { name: invoices.refuseDialog.title.replace('{{applyNo}}', applyNo) });
    await refuse.getByLabel(common.reason, { exact: true }).fill(text);
    await refuse.getByRole('button', { name: invoices.refuseDialog.submit, exact: true }).click();
    await consoleToast(desk, invoices.done.refuse);
    await status('4');
    return;
  }
  await desk.getByRole('button', { name: invoices.detail.submit, exact: true }).click();
  const submit = desk.getByRole('dialog', { name: invoices.submitDialog.title.replace('{{applyNo}}', applyNo) });
  await submit.getByRole('button', { name: invoices.submitDialog.submit, exact: true }).click();
  await consoleToast(desk, invoices.done.submit);
  await status('2');
  await desk.getByRole('button', { name: invoices.detail.issue, exact: true }).click();
  const issue = desk.getByRole('dialog', { name: invoices.issueDialog.title.replace('{{applyNo}}', applyNo) });
  await issue.getByLabel(invoices.issueDialog.courierCompany, { exact: true }).fill('顺丰速运');
  await issue.getByLabel(invoices.issueDialog.courierNumber, { exact: true }).fill(text);
  await issue.getByRole('button', { name: invoices.issueDialog.submit, exact: true }).click();
  await consoleToast(desk, invoices.done.issue);
  await status('3');
}

/**
 * The finance desk issues the account's pending electronic application on this header: submitted to finance,
 * then issued with its number, code and date and the invoice PDF attached in the browser. `shoot` is called
 * with the filled form open.
 */
export async function electronicInvoiceInConsole(
  desk: Page,
  phone: string,
  head: string,
  invoice: { number: string; code: string; date: string; pdf: Buffer },
  shoot: (dialog: Locator) => Promise<void>,
) {
  const { common, invoices } = staffCopy.desks;
  const status = (key: string) => expect(desk.locator('.staff-page__head .staff-tag')).toHaveText(invoices.statuses[key] as string);
  await desk.goto('/staff/invoices');
  await desk.getByLabel(common.phone, { exact: true }).fill(phone);
  await desk.getByRole('button', { name: common.search, exact: true }).click();
  const row = desk.getByTestId('invoice-desk-row').filter({ hasText: head }).filter({ hasText: invoices.statuses['1'] });
  await expect(row).toHaveCount(1);
  const applyNo = (await row.getAttribute('data-apply-no')) ?? '';
  await row.getByRole('link').click();
  await status('1');
  await desk.getByRole('button', { name: invoices.detail.submit, exact: true }).click();
  const submit = desk.getByRole('dialog', { name: invoices.submitDialog.title.replace('{{applyNo}}', applyNo) });
  await submit.getByRole('button', { name: invoices.submitDialog.submit, exact: true }).click();
  await consoleToast(desk, invoices.done.submit);
  await status('2');
  await desk.getByRole('button', { name: invoices.detail.issue, exact: true }).click();
  const d = invoices.issueDialog;
  const issue = desk.getByRole('dialog', { name: d.title.replace('{{applyNo}}', applyNo) });
  // Without its file the form says so before anything is sent.
  await issue.getByLabel(d.invoiceNumber, { exact: true }).fill(invoice.number);
  await issue.getByLabel(d.invoiceCode, { exact: true }).fill(invoice.code);
  await issue.getByLabel(d.invoiceDate, { exact: true }).fill(invoice.date);
  await issue.getByRole('button', { name: d.submit, exact: true }).click();
  await expect(issue.getByText(d.fileRequired)).toBeVisible();
  await issue
    .getByLabel(d.invoiceFile, { exact: true })
    .setInputFiles({ name: 'not-a-pdf.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') });
  await expect(issue.getByText(d.fileType)).toBeVisible();
  await issue
    .getByLabel(d.invoiceFile, { exact: true })
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: invoice.pdf });
  await expect(issue.getByText(d.chosen.replace('{{name}}', 'invoice.pdf'))).toBeVisible();
  await shoot(issue);
  await issue.getByRole('button', { name: d.submit, exact: true }).click();
  await consoleToast(desk, invoices.done.issueElectronic);
  await status('3');
  // The mail job runs in the background: the desk shows it sent once it is.
  await expect(async () => {
    await desk.reload();
    await expect(desk.getByTestId('invoice-mail-state')).toContainText(invoices.mail.sent, { timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  return applyNo;
}
