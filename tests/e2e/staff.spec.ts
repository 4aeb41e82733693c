import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import {
  DEFAULT_LANGUAGE,
  expect,
  invoiceApplication,
  kycSubmission,
  locale,
  notaryOrder,
  test,
  text,
  userCall,
  validationText,
  verifiedUser,
  type UserApi,
} from './fixtures';
import { readFileSync } from 'node:fs';
import {
  adminOneTimePassword,
  attachCertificateInConsole,
  certificatePdf,
  E2E_ADMIN,
  enterCredentials,
  firstSignIn,
  freshCode,
  navLinks,
  signIn,
  staffCopy,
  staffToken,
  type StaffMember,
} from './staff-fixtures';

/**
 * The staff console in the browser at 1280 px: the administrator's first sign-in and the staff they
 * create; each member's first sign-in and desk, on records users made through the API; what a role may not
 * open; the audit log of it all; an ended session. One serial story: later journeys use the members made earlier.
 */
test.describe.configure({ mode: 'serial' });
test.skip(({ isMobile }) => isMobile, 'the console journeys run in the desktop project (1280 px); they take 375 px screenshots themselves');
test.setTimeout(240_000);

const { console: copy, desks, validation } = staffCopy;
const notarisation = locale('notarisation') as Record<string, string>;
const login = copy.login;
const server = { wrongCredentials: text('staff:wrongCredentials'), wrongCode: text('staff:wrongCode') };

/** Screenshots to look at by hand (outside test-results/, which each run empties): $TMPDIR/staff-shots, 1280 and 375 px. */
const SHOTS = join(tmpdir(), 'staff-shots');
mkdirSync(SHOTS, { recursive: true });
/** Serious and critical WCAG 2.1 AA findings of axe on the page as it is now. */
async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, name).toEqual([]);
}

/** Each console screen is checked by axe and photographed at 1280 px, then again at 375 px (the folded menu). */
async function shot(page: Page, name: string) {
  await expectAccessible(page, `${name} at 1280 px`);
  await page.screenshot({ path: join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(150);
  await expectAccessible(page, `${name} at 375 px`);
  await page.screenshot({ path: join(SHOTS, `${name}-375.png`), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const role = (key: string) => copy.roles[key] as string;
const toast = (page: Page, text: string) => expect(page.locator('.ui-toast__content').filter({ hasText: text }).first()).toBeVisible();
/** Semi's confirmation, answered with its OK button. */
async function confirm(page: Page, ok: string) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: ok, exact: true }) });
  await dialog.getByRole('button', { name: ok, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

const admin: StaffMember = { ...E2E_ADMIN, password: 'Adm1n-passw0rd', secret: '', recoveryCodes: [] };
const stamp = String(Date.now() % 1_000_000);
const members = {
  reviewer: { username: `reviewer.${stamp}`, name: '李审核', role: 'reviewer', oneTime: '' },
  notary: { username: `notary.${stamp}`, name: '王公证', role: 'notary', oneTime: '' },
  finance: { username: `finance.${stamp}`, name: '赵财务', role: 'finance', oneTime: '' },
};
const signedIn: Partial<Record<keyof typeof members, StaffMember>> = {};

test('the administrator signs in the first time (new password, authenticator, recovery codes) and creates a reviewer, a notary clerk and a finance member', async ({
  page,
}) => {
  // A console page without a staff session leads to the console's own sign-in, with the way back.
  await page.goto('/staff/accounts');
  await expect(page).toHaveURL(/\/staff\/login\?redirect=%2Fstaff%2Faccounts$/);
  await expect(page.getByRole('heading', { name: login.title, exact: true })).toBeVisible();
  await shot(page, 'login');

  // The form checks its fields before asking the server; a wrong password is the server's words.
  await page.getByRole('button', { name: login.submit, exact: true }).click();
  await expect(page.getByText(validationText('required|staffUsername'))).toBeVisible();
  await enterCredentials(page, admin.username, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: server.wrongCredentials })).toBeVisible();

  await enterCredentials(page, admin.username, adminOneTimePassword());
  await expect(page.getByRole('heading', { name: login.changePassword.title, exact: true })).toBeVisible();
  await page.getByLabel(login.changePassword.password, { exact: true }).fill('short1');
  await page.getByLabel(login.changePassword.confirmPassword, { exact: true }).fill('short1');
  await page.getByRole('button', { name: login.changePassword.submit, exact: true }).click();
  await expect(page.getByText(validation.staffPassword)).toBeVisible();
  await page.getByLabel(login.changePassword.password, { exact: true }).fill(admin.password);
  await page.getByLabel(login.changePassword.confirmPassword, { exact: true }).fill(`${admin.password}x`);
  await page.getByRole('button', { name: login.changePassword.submit, exact: true }).click();
  await expect(page.getByText(validation.passwordMismatch)).toBeVisible();
  await page.getByLabel(login.changePassword.password, { exact: true }).fill(admin.password);
  await page.getByLabel(login.changePassword.confirmPassword, { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: login.changePassword.submit, exact: true }).click();

  // Enrolment: the QR code of the otpauth URI and the secret as text; a wrong code is refused.
  await expect(page.getByRole('heading', { name: login.enrol.title, exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: login.enrol.qr })).toBeVisible();
  admin.secret = (await page.getByTestId('staff-totp-secret').getAttribute('data-secret')) ?? '';
  expect(admin.secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shot(page, 'enrol');
  await page.getByLabel(login.enrol.code, { exact: true }).fill('12345');
  await page.getByRole('button', { name: login.enrol.submit, exact: true }).click();
  await expect(page.getByText(validation.totpCode)).toBeVisible();
  await page.getByLabel(login.enrol.code, { exact: true }).fill('000000');
  await page.getByRole('button', { name: login.enrol.submit, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: server.wrongCode })).toBeVisible();
  await page.getByLabel(login.enrol.code, { exact: true }).fill(await freshCode(admin.secret));
  await page.getByRole('button', { name: login.enrol.submit, exact: true }).click();

  // Ten recovery codes, shown once; the console opens once they are said to be kept.
  const codes = page.getByTestId('staff-recovery-codes').locator('code');
  await expect(codes).toHaveCount(10);
  admin.recoveryCodes = await codes.allTextContents();
  for (const code of admin.recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
  const enter = page.getByRole('button', { name: login.recovery.continue, exact: true });
  await expect(enter).toBeDisabled();
  await shot(page, 'recovery-codes');
  await page.getByLabel(login.recovery.saved, { exact: true }).check();
  await enter.click();

  // Back where the administrator was going, in the console's own layout: name, role, every page.
  await expect(page).toHaveURL(/\/staff\/accounts$/);
  await expect(page.getByTestId('staff-who')).toContainText(admin.name);
  await expect(page.getByTestId('staff-who')).toContainText(role('admin'));
  await expect.poll(() => navLinks(page)).toEqual(Object.values(copy.shell.pages));
  await expect(page.locator('.site-header')).toHaveCount(0);

  // New staff: the form checks the contract's rules, the one-time password is shown once.
  const accounts = copy.accounts;
  await page.getByRole('button', { name: accounts.create, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: accounts.createDialog.title });
  await dialog.getByLabel(accounts.createDialog.username, { exact: true }).fill('9bad');
  await dialog.getByRole('button', { name: accounts.createDialog.submit, exact: true }).click();
  await expect(dialog.getByText(validation.staffUsername)).toBeVisible();
  await expect(dialog.getByText(validation.staffRole)).toBeVisible();
  await dialog.getByRole('button', { name: accounts.createDialog.cancel, exact: true }).click();
  for (const member of Object.values(members)) {
    await page.getByRole('button', { name: accounts.create, exact: true }).click();
    await dialog.getByLabel(accounts.createDialog.username, { exact: true }).fill(member.username);
    await dialog.getByLabel(accounts.createDialog.name, { exact: true }).fill(member.name);
    await dialog.getByLabel(accounts.createDialog.role, { exact: true }).selectOption({ label: role(member.role) });
    await dialog.getByRole('button', { name: accounts.createDialog.submit, exact: true }).click();
    const issued = page.getByRole('dialog', { name: accounts.passwordDialog.createdTitle });
    await expect(issued).toBeVisible();
    member.oneTime = (await issued.getByTestId('staff-one-time-password').textContent()) ?? '';
    expect(member.oneTime).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    if (member.role === 'reviewer') await shot(page, 'one-time-password');
    await issued.getByRole('button', { name: accounts.passwordDialog.close, exact: true }).click();
    await expect(issued).toBeHidden();
  }
  const rows = page.getByTestId('staff-account-row');
  for (const member of Object.values(members)) {
    await expect(rows.filter({ hasText: member.username })).toContainText(accounts.state.mustChangePassword);
  }
  await page.getByLabel(accounts.filters.role, { exact: true }).selectOption({ label: role('notary') });
  await expect(rows.filter({ hasText: members.notary.username })).toHaveCount(1);
  await expect(rows.filter({ hasText: members.reviewer.username })).toHaveCount(0);
  await page.getByRole('button', { name: desks.common.reset, exact: true }).click();
  await shot(page, 'accounts');
});

test('the reviewer signs in (first time, then with a recovery code), views a submission (audited), approves one and refuses another; other desks stay closed', async ({
  page,
  request,
}) => {
  const approveMe = await kycSubmission(request, '钱七');
  const refuseMe = await kycSubmission(request, '孙八');
  const reviewer = await firstSignIn(page, members.reviewer.username, members.reviewer.oneTime, 'Review-2024-ok');
  signedIn.reviewer = reviewer;
  // Every role lands on the console's home page, then opens its desk.
  await expect(page).toHaveURL(/\/staff\/home$/);
  await page.goto('/staff/verification');
  await expect.poll(() => navLinks(page)).toEqual([copy.shell.pages.verification, copy.shell.pages.profile]);

  // Signing out, then in again with a recovery code instead of the app.
  await page.getByRole('button', { name: copy.shell.signOut, exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/login$/);
  await enterCredentials(page, reviewer.username, reviewer.password);
  await page.getByRole('button', { name: login.verify.useRecovery, exact: true }).click();
  await page.getByLabel(login.verify.recoveryCode, { exact: true }).fill(reviewer.recoveryCodes[0]!.toLowerCase());
  await page.getByRole('button', { name: login.verify.submit, exact: true }).click();
  // Every role lands on the console's home page, then opens its desk.
  await expect(page).toHaveURL(/\/staff\/home$/);
  await page.goto('/staff/verification');

  // The queue: pending submissions; this one by its account's phone.
  const kyc = desks.kyc;
  await page.getByLabel(desks.common.phone, { exact: true }).fill(approveMe.phone);
  await page.getByRole('button', { name: desks.common.search, exact: true }).click();
  const rows = page.getByTestId('kyc-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(kyc.states.pending);
  await expect(rows).toContainText('钱*');
  await shot(page, 'verification-queue');
  await rows.getByRole('link').click();

  // Masked first; the clear view with the images is asked for (and audited).
  await expect(page.getByTestId('kyc-masked-fields')).toContainText('803X');
  await expect(page.getByTestId('kyc-masked-fields')).not.toContainText('11010119900307803X');
  await page.getByRole('button', { name: kyc.detail.view, exact: true }).click();
  await expect(page.getByTestId('kyc-clear-fields')).toContainText('11010119900307803X');
  const images = page.getByRole('list', { name: kyc.detail.images }).getByRole('img');
  await expect(images).toHaveCount(3);
  await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'verification-detail');
  await page.getByRole('button', { name: kyc.detail.approve, exact: true }).click();
  await confirm(page, kyc.detail.approve);
  await toast(page, kyc.done.approved);
  await expect(page.getByTestId('kyc-decided')).toContainText(kyc.states.approved);
  expect((await userCall<{ userStatus: number }>(approveMe, '/api/user/getUserInfo')).userStatus).toBe(3);

  // Refused with a reason the user reads; the reason is checked first.
  await page.getByRole('link', { name: desks.common.back, exact: true }).click();
  await page.getByLabel(desks.common.phone, { exact: true }).fill(refuseMe.phone);
  await page.getByRole('button', { name: desks.common.search, exact: true }).click();
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link').click();
  await page.getByRole('button', { name: kyc.detail.refuse, exact: true }).click();
  const refuse = page.getByRole('dialog', {
    name: kyc.refuseDialog.title.replace('{{id}}', /verification\/(\d+)/.exec(page.url())?.[1] ?? ''),
  });
  await refuse.getByRole('button', { name: kyc.refuseDialog.submit, exact: true }).click();
  await expect(refuse.getByText(validationText('required|staffReason'))).toBeVisible();
  await refuse.getByLabel(desks.common.reason, { exact: true }).fill('身份证照片不清晰');
  await refuse.getByRole('button', { name: kyc.refuseDialog.submit, exact: true }).click();
  await toast(page, kyc.done.refused);
  await expect(page.getByTestId('kyc-decided')).toContainText(kyc.states.rejected);
  await expect(page.getByText('身份证照片不清晰')).toBeVisible();
  expect((await userCall<{ userStatus: number }>(refuseMe, '/api/user/getUserInfo')).userStatus).toBe(4);

  // Another desk: not in the navigation, a notice in the page, and the server refuses its calls.
  await page.goto('/staff/notary');
  await expect(page.getByTestId('staff-noAccess')).toContainText(copy.shell.noAccessTitle);
  await page.goto('/staff/audit');
  await expect(page.getByTestId('staff-noAccess')).toBeVisible();
  const token = await page.evaluate(() => sessionStorage.getItem('StaffAuthorization'));
  const refused = await request.get('/api/staff/notary/list', { headers: { authorization: `Staff ${token}` } });
  expect(refused.status()).toBe(403);
});

test('the notary clerk accepts and completes a paid order, fails another, confirms one bank transfer from its screenshot and rejects another', async ({
  page,
  request,
}) => {
  const user = await verifiedUser(request);
  const complete = await notaryOrder(user, 'points', 'mail');
  const fail = await notaryOrder(user, 'points');
  const confirmTransfer = await notaryOrder(user, 'transfer');
  const rejectTransfer = await notaryOrder(user, 'transfer');
  signedIn.notary = await firstSignIn(page, members.notary.username, members.notary.oneTime, 'Notary-2024-ok');
  // Every role lands on the console's home page, then opens its desk.
  await expect(page).toHaveURL(/\/staff\/home$/);
  await page.goto('/staff/notary');
  await expect.poll(() => navLinks(page)).toEqual([copy.shell.pages.notary, copy.shell.pages.profile]);

  const office = desks.notary;
  const rows = page.getByTestId('notary-desk-row');
  const open = async (orderNo: string) => {
    await page.goto('/staff/notary');
    await page.getByLabel(desks.common.orderNo, { exact: true }).fill(orderNo);
    await page.getByRole('button', { name: desks.common.search, exact: true }).click();
    await expect(rows).toHaveCount(1);
    await rows.getByRole('link').click();
    await expect(page.getByRole('heading', { name: office.detail.title.replace('{{orderNo}}', orderNo) })).toBeVisible();
  };
  const state = (key: string) => expect(page.locator('.staff-page__head .staff-tag')).toHaveText(office.states[key]);

  // The queue by state: the paid ones wait to be accepted.
  await page.getByLabel(office.filters.state, { exact: true }).selectOption({ label: office.states.waiting });
  await expect(rows.filter({ hasText: complete.orderNo })).toHaveCount(1);
  await shot(page, 'notary-queue');

  await open(complete.orderNo);
  await state('waiting');
  await shot(page, 'notary-detail');
  await page.getByRole('button', { name: office.detail.accept, exact: true }).click();
  await confirm(page, office.detail.accept);
  await toast(page, office.done.accept);
  await state('accepted');
  await expect(page.getByTestId('notary-documents')).toContainText(office.documentTypes['2']);

  // The phones are masked (one rule for every staff answer); the audited view shows them in clear.
  await expect(page.getByTestId('notary-phone')).not.toHaveText(user.phone);
  await expect(page.getByTestId('notary-phone')).toHaveText(`${user.phone.slice(0, 3)}****${user.phone.slice(7)}`);
  await page.getByRole('button', { name: office.viewOriginal, exact: true }).click();
  await expect(page.getByTestId('notary-phone')).toHaveText(user.phone);

  // Completion issues the certificate: blocked, with its reason, until a PDF is attached; other files are refused here.
  const completeButton = page.getByRole('button', { name: office.detail.complete, exact: true });
  await expect(completeButton).toBeDisabled();
  await expect(page.getByText(office.detail.completeBlocked)).toBeVisible();
  const fileInput = page.locator('#notary-certificate-file');
  await fileInput.setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('not a pdf') });
  await expect(page.getByText(notarisation.certificateType as string)).toBeVisible();
  await attachCertificateInConsole(page, certificatePdf('first'));
  // Replaced until completion: the one attached last is the one issued.
  const issued = certificatePdf('issued');
  await attachCertificateInConsole(page, issued);
  await shot(page, 'notary-detail-certificate');
  const opened = page.waitForEvent('download');
  await page.getByRole('button', { name: office.certificate.open, exact: true }).click();
  expect(readFileSync((await (await opened).path()) ?? '').equals(issued)).toBe(true);

  await expect(completeButton).toBeEnabled();
  await completeButton.click();
  await confirm(page, office.detail.complete);
  await toast(page, office.done.complete);
  await state('succeeded');
  await expect(page.getByTestId('notary-documents')).toContainText(office.documentTypes['5']);
  await expect(page.getByText(office.detail.noActions)).toBeVisible();

  // Paper delivery: the chosen address, then the courier and the tracking number (checked here, and again by the server).
  const shipping = page.locator('section', { has: page.locator('#notary-shipping') });
  await expect(shipping).toContainText('东城区1号');
  await shipping.getByRole('button', { name: office.shipping.submit, exact: true }).click();
  await expect(shipping.getByText(validation.courierCompany)).toBeVisible();
  await shipping.getByLabel(office.shipping.courier, { exact: true }).fill('顺丰速运');
  await shipping.getByLabel(office.shipping.number, { exact: true }).fill('SF12');
  await shipping.getByRole('button', { name: office.shipping.submit, exact: true }).click();
  await expect(shipping.getByText(validation.courierNumber)).toBeVisible();
  await shipping.getByLabel(office.shipping.number, { exact: true }).fill('SF1234567890');
  await shipping.getByRole('button', { name: office.shipping.submit, exact: true }).click();
  await toast(page, office.shipping.done);
  await expect(page.getByTestId('notary-shipping-state')).toContainText('SF1234567890');
  await shot(page, 'notary-detail-shipped');
  // The user reads the courier and the number on the order.
  const mine = await userCall<{ info: { shipping: { courier: string; number: string } } }>(
    user,
    '/api/notary/detail',
    {
      orderId: String(complete.id),
      page: '1',
    },
    'GET',
  );
  expect(mine.info.shipping).toMatchObject({ courier: '顺丰速运', number: 'SF1234567890' });

  await open(fail.orderNo);
  await page.getByRole('button', { name: office.detail.fail, exact: true }).click();
  const failDialog = page.getByRole('dialog', { name: office.reasonDialog.failTitle.replace('{{orderNo}}', fail.orderNo) });
  await failDialog.getByLabel(desks.common.reason, { exact: true }).fill('申请材料与保全记录不符');
  await failDialog.getByRole('button', { name: office.reasonDialog.failSubmit, exact: true }).click();
  await toast(page, office.done.fail);
  await state('failed');
  await expect(page.getByText('申请材料与保全记录不符')).toBeVisible();

  // Bank transfers: the screenshot is shown; one confirmed (the order is then paid and waits), one rejected.
  await open(confirmTransfer.orderNo);
  await state('transfer');
  const screenshot = page.getByTestId('notary-transfer-image');
  await expect(screenshot).toBeVisible();
  await expect.poll(() => screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await shot(page, 'notary-transfer');
  await page.getByRole('button', { name: office.detail.transferConfirm, exact: true }).click();
  await confirm(page, office.detail.transferConfirm);
  await toast(page, office.done.transferConfirm);
  await state('waiting');

  await open(rejectTransfer.orderNo);
  await page.getByRole('button', { name: office.detail.transferReject, exact: true }).click();
  const rejectDialog = page.getByRole('dialog', {
    name: office.reasonDialog.transferRejectTitle.replace('{{orderNo}}', rejectTransfer.orderNo),
  });
  await rejectDialog.getByLabel(desks.common.reason, { exact: true }).fill('未查到该笔转账');
  await rejectDialog.getByRole('button', { name: office.reasonDialog.transferRejectSubmit, exact: true }).click();
  await toast(page, office.done.transferReject);
  // The order leaves the office (the user pays again): the clerk is back at the queue, where it is gone.
  await expect(page).toHaveURL(/\/staff\/notary$/);
  await page.getByLabel(desks.common.orderNo, { exact: true }).fill(rejectTransfer.orderNo);
  await page.getByRole('button', { name: desks.common.search, exact: true }).click();
  await expect(page.getByTestId('notary-desk-empty')).toBeVisible();

  // The confirmed transfer's order can be voided (terminated) with a reason.
  await open(confirmTransfer.orderNo);
  await page.getByRole('button', { name: office.detail.void, exact: true }).click();
  const voidDialog = page.getByRole('dialog', { name: office.reasonDialog.voidTitle.replace('{{orderNo}}', confirmTransfer.orderNo) });
  await voidDialog.getByLabel(desks.common.reason, { exact: true }).fill('申请人撤回申请');
  await voidDialog.getByRole('button', { name: office.reasonDialog.voidSubmit, exact: true }).click();
  await toast(page, office.done.void);
  await state('voided');
});

test('finance submits and issues a paper invoice with its courier number, refuses an electronic one, and finds an order with its gateway records', async ({
  page,
  request,
}) => {
  const paper = await invoiceApplication(request, 'paper');
  const electronic = await invoiceApplication(request, 'electronic');
  signedIn.finance = await firstSignIn(page, members.finance.username, members.finance.oneTime, 'Finance-2024-ok');
  // Every role lands on the console's home page, then opens its desk.
  await expect(page).toHaveURL(/\/staff\/home$/);
  await page.goto('/staff/invoices');
  await expect.poll(() => navLinks(page)).toEqual([copy.shell.pages.invoices, copy.shell.pages.orders, copy.shell.pages.profile]);

  const finance = desks.invoices;
  const rows = page.getByTestId('invoice-desk-row');
  const status = (key: string) => expect(page.locator('.staff-page__head .staff-tag')).toHaveText(finance.statuses[key]);
  await page.getByLabel(desks.common.phone, { exact: true }).fill(paper.api.phone);
  await page.getByRole('button', { name: desks.common.search, exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(finance.types.ENTERPRISE_SPECIAL);
  await shot(page, 'invoices');
  await rows.getByRole('link').click();
  await status('1');
  await shot(page, 'invoice-detail');
  await page.getByRole('button', { name: finance.detail.submit, exact: true }).click();
  const submit = page.getByRole('dialog', { name: finance.submitDialog.title.replace('{{applyNo}}', paper.applyNo) });
  await submit.getByLabel(finance.submitDialog.remark, { exact: true }).fill('已核对抬头');
  await submit.getByRole('button', { name: finance.submitDialog.submit, exact: true }).click();
  await toast(page, finance.done.submit);
  await status('2');
  await page.getByRole('button', { name: finance.detail.issue, exact: true }).click();
  const issue = page.getByRole('dialog', { name: finance.issueDialog.title.replace('{{applyNo}}', paper.applyNo) });
  await issue.getByLabel(finance.issueDialog.courierCompany, { exact: true }).fill('顺丰速运');
  await issue.getByLabel(finance.issueDialog.courierNumber, { exact: true }).fill('SF12');
  await issue.getByRole('button', { name: finance.issueDialog.submit, exact: true }).click();
  await expect(issue.getByText(validation.courierNumber)).toBeVisible();
  await issue.getByLabel(finance.issueDialog.courierNumber, { exact: true }).fill('SF1234567890');
  await issue.getByRole('button', { name: finance.issueDialog.submit, exact: true }).click();
  await toast(page, finance.done.issue);
  await status('3');
  await expect(page.getByText('SF1234567890')).toBeVisible();

  await page.getByRole('link', { name: desks.common.back, exact: true }).click();
  await page.getByLabel(finance.filters.applyNo, { exact: true }).fill(electronic.applyNo);
  await page.getByRole('button', { name: desks.common.search, exact: true }).click();
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link').click();
  await page.getByRole('button', { name: finance.detail.refuse, exact: true }).click();
  const refuse = page.getByRole('dialog', { name: finance.refuseDialog.title.replace('{{applyNo}}', electronic.applyNo) });
  await refuse.getByLabel(desks.common.reason, { exact: true }).fill('抬头与付款方不一致');
  await refuse.getByRole('button', { name: finance.refuseDialog.submit, exact: true }).click();
  await toast(page, finance.done.refuse);
  await status('4');

  // Orders and payments: by order number, with the gateway's notification.
  await page
    .getByRole('navigation', { name: copy.shell.navLabel })
    .getByRole('link', { name: copy.shell.pages.orders, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: desks.orders.title, exact: true })).toBeVisible();
  const orderRows = page.getByTestId('order-desk-row');
  await page.getByLabel(desks.common.orderNo, { exact: true }).fill(paper.orderNo);
  await page.getByRole('button', { name: desks.common.search, exact: true }).click();
  await expect(orderRows).toHaveCount(1);
  await expect(orderRows).toContainText(`${paper.api.phone.slice(0, 3)}****${paper.api.phone.slice(7)}`);
  await orderRows.getByRole('button', { name: desks.common.openLabel.replace('{{what}}', paper.orderNo) }).click();
  const detail = page.getByRole('dialog', { name: desks.orders.detail.title.replace('{{orderNo}}', paper.orderNo) });
  const gatewayEvent = detail.getByTestId('order-gateway-events').getByRole('listitem').first();
  // The gateway's notification in words: the gateway, the record kind and the settlement, not the stored codes.
  await expect(gatewayEvent).toContainText(desks.orders.detail.event.kinds.notify);
  await expect(gatewayEvent).toContainText(desks.orders.detail.event.outcomes.credited);
  await expect(gatewayEvent.locator('.orders-events__head')).not.toContainText('credited');
  await shot(page, 'order-detail');
  await detail.getByRole('button', { name: desks.orders.detail.close, exact: true }).first().click();
  await page.getByRole('button', { name: desks.common.reset, exact: true }).click();
  await page.getByLabel(desks.common.phone, { exact: true }).fill(electronic.api.phone);
  await page.getByRole('button', { name: desks.common.search, exact: true }).click();
  await expect(orderRows).toHaveCount(1);
  await expect(orderRows).toContainText(electronic.orderNo);
});

test('the administrator reads the audit log of these actions; a disabled member is sent to the sign-in; users and other roles are refused', async ({
  page,
  request,
  browser,
}) => {
  const finance = signedIn.finance!;
  // The finance member is at work in another browser.
  const other = await staffPage(browser, finance, '/staff/invoices');

  await signIn(page, admin, '/staff/audit');
  await expect(page).toHaveURL(/\/staff\/audit$/);
  const audit = copy.audit;
  const rows = page.getByTestId('staff-audit-row');
  await expect(rows.first()).toBeVisible();
  // Every journey before this one leaves audit rows (the setup administrator of tests/e2e/staff-fixtures.ts, other
  // journeys' members): each check picks the member first, so another journey's newer rows cannot hide this one's.
  const memberRows = async (member: (typeof members)[keyof typeof members], action: string) => {
    await page.getByLabel(audit.filters.staff, { exact: true }).selectOption({ label: `${member.name}（${member.username}）` });
    await page.getByLabel(audit.filters.action, { exact: true }).selectOption({ label: audit.actions[action] });
    return rows.filter({ hasText: member.name });
  };
  await expect(await memberRows(members.reviewer, 'kycViewed')).toHaveCount(1);
  const approved = (await memberRows(members.reviewer, 'kycApproved')).first();
  await expect(approved).toBeVisible();
  await approved.getByRole('button', { name: audit.changes.show, exact: true }).click();
  await expect(approved.getByTestId('staff-audit-changes')).toBeVisible();
  await shot(page, 'audit');
  for (const action of ['notaryAccepted', 'notaryCompleted', 'notaryFailed', 'notaryVoided', 'transferConfirmed', 'transferRejected'])
    await expect((await memberRows(members.notary, action)).first()).toBeVisible();
  for (const action of ['invoiceSubmitted', 'invoiceIssued', 'invoiceRefused'])
    await expect((await memberRows(members.finance, action)).first()).toBeVisible();
  await page.getByRole('button', { name: audit.filters.reset, exact: true }).click();
  await page
    .getByLabel(audit.filters.staff, { exact: true })
    .selectOption({ label: `${members.reviewer.name}（${members.reviewer.username}）` });
  await expect(rows.filter({ hasText: audit.actions.recoveryCodeUsed })).toHaveCount(1);

  // The administrator's own account: ten new recovery codes for a current code (the old ones stop working).
  await page
    .getByRole('navigation', { name: copy.shell.navLabel })
    .getByRole('link', { name: copy.shell.pages.profile, exact: true })
    .click();
  await expect(page.getByTestId('staff-recovery-left')).toHaveText(copy.profile.recoveryLeftValue.replace('{{count}}', '10'));
  await shot(page, 'profile');
  await page.getByLabel(copy.profile.recovery.code, { exact: true }).fill(await freshCode(admin.secret));
  await page.getByRole('button', { name: copy.profile.recovery.submit, exact: true }).click();
  const renewed = page.getByRole('dialog', { name: copy.profile.recovery.resultTitle });
  await expect(renewed.getByTestId('staff-recovery-codes').locator('code')).toHaveCount(10);
  expect(await renewed.getByTestId('staff-recovery-codes').locator('code').allTextContents()).not.toContain(admin.recoveryCodes[0]);
  await renewed.getByRole('button', { name: copy.profile.recovery.close, exact: true }).click();
  await expect(renewed).toBeHidden();

  // The administrator disables the finance member: their next step in the console leads to the sign-in.
  await page
    .getByRole('navigation', { name: copy.shell.navLabel })
    .getByRole('link', { name: copy.shell.pages.accounts, exact: true })
    .click();
  const account = page.getByTestId('staff-account-row').filter({ hasText: finance.username });
  await account
    .getByRole('button', {
      name: copy.accounts.actions.label.replace('{{action}}', copy.accounts.actions.disable).replace('{{name}}', members.finance.name),
    })
    .click();
  await confirm(page, copy.accounts.confirm.ok);
  await expect(account).toContainText(copy.accounts.state.disabled);
  await other
    .getByRole('navigation', { name: copy.shell.navLabel })
    .getByRole('link', { name: copy.shell.pages.orders, exact: true })
    .click();
  await expect(other).toHaveURL(/\/staff\/login\?redirect=%2Fstaff%2Forders$/);
  await other.context().close();

  // A user's session is no staff session; a role's session does not open another role's calls.
  const user: UserApi = await kycSubmission(request);
  const asUser = await request.get('/api/staff/kyc/list', { headers: { authorization: `Bearer ${user.token}` } });
  expect(asUser.status()).toBe(401);
  const notaryToken = await staffToken(request, signedIn.notary!);
  for (const url of ['/api/staff/kyc/list', '/api/staff/invoices/list', '/api/staff/admin/audit']) {
    const refused = await request.get(url, { headers: { authorization: `Staff ${notaryToken}` } });
    expect(refused.status(), url).toBe(403);
  }
});

/** A console page of another member, signed in in a browser context of its own. */
async function staffPage(browser: Browser, member: StaffMember, path: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: DEFAULT_LANGUAGE,
  });
  const page = await context.newPage();
  await signIn(page, member, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}
