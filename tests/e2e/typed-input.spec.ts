import type { Page, Route } from '@playwright/test';
import { copy, expect, expectSignedInAs, PASSWORD, registerViaApi, test } from './fixtures';

/**
 * A form never overwrites what a person typed: data that arrives after they started typing fills only the fields
 * they left alone, and a prerendered form keeps what its inputs hold when its scripts arrive.
 */

/** Holds the answers of the calls matching `url` until the returned function is called. */
async function holdCalls(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  return release;
}

async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);
}

test('/setting: the extraction code typed before the stored one arrives is kept and is what gets saved', async ({ page, request }) => {
  const { token } = await registerViaApi(request);
  await signIn(page, token);
  const release = await holdCalls(page, '**/api/user/getExtractCode');
  await page.goto('/setting');
  const field = page.getByLabel(copy.setting.extractCode.label, { exact: true });
  await field.fill('typed-2026');
  const answered = page.waitForResponse('**/api/user/getExtractCode');
  release();
  await answered;
  // The stored (empty) code has been applied by now: the answer's handlers run before the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await expect(field).toHaveValue('typed-2026');

  const saving = page.waitForRequest((req) => req.url().endsWith('/api/user/setExtractCode'));
  await page.getByRole('button', { name: copy.setting.extractCode.save }).click();
  expect(new URLSearchParams((await saving).postData() ?? '').get('extractCode')).toBe('typed-2026');
  await expect(page.getByText(copy.setting.extractCode.saved)).toBeVisible();
  await expect(page.getByTestId('current-extract-code')).toContainText('typed-2026');
});

/** Delays every script of the app by `ms`, so the prerendered page is on screen and typed into before it is live. */
async function delayScripts(page: Page, ms: number) {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test('/login: phone and password typed while the scripts arrive are kept, and the login sends them', async ({ page, request, captcha }) => {
  const { auth } = copy;
  const { phone } = await registerViaApi(request);
  await delayScripts(page, 1500);
  await page.goto('/login', { waitUntil: 'commit' });
  const phoneField = page.getByLabel(auth.field.phone);
  const passwordField = page.getByLabel(auth.field.password, { exact: true });
  // Typed key by key, as a person does: the page goes live somewhere in between.
  await phoneField.pressSequentially(phone, { delay: 120 });
  await passwordField.pressSequentially(PASSWORD, { delay: 120 });
  await page.getByLabel(auth.field.captcha).fill(await captcha.answer(request));
  await expect(phoneField).toHaveValue(phone);
  await expect(passwordField).toHaveValue(PASSWORD);

  const login = page.waitForRequest((req) => req.url().endsWith('/api/login'));
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  const sent = new URLSearchParams((await login).postData() ?? '');
  expect([sent.get('phone'), sent.get('password')]).toEqual([phone, PASSWORD]);
  await expectSignedInAs(page, phone);
});

test('/login: pressed before the page is live, the typed phone and password are what the form checks and sends', async ({
  page,
  request,
  captcha,
}) => {
  const { auth, validation } = copy;
  const { phone } = await registerViaApi(request);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const phoneField = page.getByLabel(auth.field.phone);
  const passwordField = page.getByLabel(auth.field.password, { exact: true });
  await phoneField.fill(phone);
  await passwordField.fill(PASSWORD);
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  release();
  // The press is checked once the page is live: only the captcha, which could not be read before, is missing.
  await expect(page.getByText(validation.captchaEmpty)).toBeVisible();
  await expect(page.getByText(validation.phoneEmpty)).toHaveCount(0);
  await expect(page.getByText(validation.password)).toHaveCount(0);
  await expect(phoneField).toHaveValue(phone);
  await expect(passwordField).toHaveValue(PASSWORD);

  await page.getByLabel(auth.field.captcha).fill(await captcha.answer(request));
  const login = page.waitForRequest((req) => req.url().endsWith('/api/login'));
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  const sent = new URLSearchParams((await login).postData() ?? '');
  expect([sent.get('phone'), sent.get('password')]).toEqual([phone, PASSWORD]);
  await expectSignedInAs(page, phone);
});

test('/login with an old session still stored: what was typed before the page went live is kept', async ({ page, request, captcha }) => {
  const { auth } = copy;
  const { phone } = await registerViaApi(request);
  // A session that ended elsewhere: the page is rendered afresh over the prerendered HTML, not hydrated.
  await page.addInitScript(() => localStorage.setItem('Authorization', 'ended-session-token'));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const phoneField = page.getByLabel(auth.field.phone);
  const passwordField = page.getByLabel(auth.field.password, { exact: true });
  await phoneField.fill(phone);
  await passwordField.fill(PASSWORD);
  release();
  await page.getByLabel(auth.field.captcha).fill(await captcha.answer(request));
  await expect(phoneField).toHaveValue(phone);
  await expect(passwordField).toHaveValue(PASSWORD);
  const login = page.waitForRequest((req) => req.url().endsWith('/api/login'));
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  const sent = new URLSearchParams((await login).postData() ?? '');
  expect([sent.get('phone'), sent.get('password')]).toEqual([phone, PASSWORD]);
  await expectSignedInAs(page, phone);
});
