import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/** The copy the person reads, straight from the locale files, so a content edit does not break a journey. */
const locale = (ns: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/zh-CN', `${ns}.json`), 'utf8'));
export const copy = {
  auth: locale('auth'),
  common: locale('common'),
  validation: locale('validation'),
  setting: locale('setting'),
  errors: locale('errors'),
  evidence: locale('evidence'),
  attestation: locale('attestation'),
  verify: locale('verify'),
};

let phoneSeed = Date.now() % 100_000_000;
/** A phone number no other test (or earlier run on the same data) has used. */
export function freshPhone(): string {
  phoneSeed = (phoneSeed + 7919) % 100_000_000;
  return `139${String(phoneSeed).padStart(8, '0')}`;
}

export const PASSWORD = 'abc12345';

/** A distinct client address per test (TRUST_PROXY is on in the e2e server), as separate people would be. */
function clientAddress(): string {
  return `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
}

export async function captchaAnswer(request: APIRequestContext, captchaId: string): Promise<string> {
  const reply = await request.get(`/sandbox/captcha.json?captchaId=${encodeURIComponent(captchaId)}`);
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { answer: string }).answer;
}

/** The newest SMS code sent to the phone, from the sandbox outbox (as a person trying the app reads it). */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const reply = await request.get(`/sandbox/sms.json?phone=${phone}`);
      const { list } = (await reply.json()) as { list: { text: string }[] };
      code = /(\d{6})/.exec(list[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

type Form = Record<string, string>;
async function post(request: APIRequestContext, url: string, form: Form = {}) {
  const reply = await request.post(url, { form });
  const body = (await reply.json()) as { code: number; msg: string; data: Record<string, unknown> };
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/** Registers through the API, as the register page would, for journeys that start with an account. */
export async function registerViaApi(request: APIRequestContext, phone = freshPhone(), password = PASSWORD) {
  const { captchaId } = (await post(request, '/api/Register/getImgCode')) as { captchaId: string };
  await post(request, '/api/Register/sendSMS', { phone, captchaId, captcha: await captchaAnswer(request, captchaId) });
  const code = await smsCode(request, phone);
  const data = await post(request, '/api/Register', { phone, smsCode: code, password, confirmPassword: password });
  return { phone, password, token: data.token as string };
}

/** Remembers the captcha the page fetched last, so a test can type its answer like a person reading it. */
export class CaptchaWatcher {
  private last = '';
  constructor(page: Page) {
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/Register/getImgCode')) return;
      try {
        const body = (await response.json()) as { data?: { captchaId?: string } };
        if (body.data?.captchaId) this.last = body.data.captchaId;
      } catch {
        /* a failed captcha call: the page shows its retry state */
      }
    });
  }

  async answer(request: APIRequestContext): Promise<string> {
    await expect.poll(() => this.last).not.toBe('');
    return captchaAnswer(request, this.last);
  }
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The account menu: the header dropdown on desktop, the side sheet on a phone. */
export async function openAccountMenu(page: Page) {
  if (isMobile(page)) await page.getByRole('button', { name: copy.common.header.openMenu }).click();
  else await page.getByTestId('header-account').click();
}

export async function expectSignedInAs(page: Page, phone: string, points = '0.00') {
  if (isMobile(page)) {
    await openAccountMenu(page);
    const sheet = page.locator('.site-header__sheet-account');
    await expect(sheet).toContainText(phone);
    await expect(sheet).toContainText(points);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  } else {
    await expect(page.getByTestId('header-account')).toContainText(phone);
    await expect(page.getByTestId('header-points')).toContainText(points);
  }
}

export async function logOut(page: Page) {
  await openAccountMenu(page);
  const logout = copy.common.header.account.logout;
  if (isMobile(page)) await page.getByRole('dialog').getByRole('button', { name: logout }).click();
  else await page.getByRole('menuitem', { name: logout }).click();
  await expect(page).toHaveURL(/\/home$/);
  if (!isMobile(page)) await expect(page.getByRole('link', { name: copy.common.header.login, exact: true })).toBeVisible();
}

export const test = base.extend<{ captcha: CaptchaWatcher }>({
  // Playwright reads a fixture's dependencies from its first parameter and requires an object pattern there,
  // so a fixture that needs none must write `{}`.
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern even when empty
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'X-Forwarded-For': clientAddress() });
  },
  captcha: async ({ page }, use) => {
    await use(new CaptchaWatcher(page));
  },
});

export { expect };
