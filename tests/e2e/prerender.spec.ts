import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { PRERENDERED_ROUTES } from '../../scripts/prerender/plugin';
import { copy, DEFAULT_LANGUAGE, expect, expectSignedInAs, LANGUAGES, PASSWORD, registerViaApi, test, textIn } from './fixtures';

/**
 * The public pages that need no user data are prerendered at build and hydrated. Their HTML carries
 * the page (it paints with JavaScript off), and hydrating it reports no mismatch: React's recoverable errors
 * (main.tsx collects them in window.__hydrationErrors) and console errors both fail the test.
 */
for (const { path: route, sample } of PRERENDERED_ROUTES) {
  const path = sample ?? route;
  test(`${route}: prerendered HTML, hydrated without a mismatch`, async ({ page, request, browser }, testInfo) => {
    // The markup does not depend on the width: once is enough.
    test.skip(testInfo.project.name === 'mobile', 'the same HTML and hydration at both widths');
    const answer = await request.get(path);
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).toMatch(/<div id="root" data-prerendered="[^"]*">(<!--[^>]*-->)*<[a-z]/);

    // Without JavaScript the page's landmarks are there already.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const bare = await noScript.newPage();
      await bare.goto(path);
      await expect(bare.locator('#main')).toBeVisible();
      await expect(bare.locator('footer')).toBeVisible();
    } finally {
      await noScript.close();
    }

    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // The element React hydrates keeps its identity: a client render would have replaced it.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as { __firstMain?: Element | null }).__firstMain = document.querySelector('#main');
      });
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const report = await page.evaluate(() => ({
      hydrationErrors: (window as { __hydrationErrors?: string[] }).__hydrationErrors ?? [],
      sameMain: (window as { __firstMain?: Element | null }).__firstMain === document.querySelector('#main'),
    }));
    expect(report.hydrationErrors).toEqual([]);
    expect(errors.filter((text) => /hydrat|Minified React error #4(18|19|21|23|25)/i.test(text))).toEqual([]);
    expect(report.sameMain).toBe(true);
  });
}

test.describe('for an English browser', () => {
  test.skip(!LANGUAGES.supported.includes('en'), 'English is not a supported language');
  test.use({ locale: 'en-US' });

  // Shown as they are in every language: the footer's filing numbers (registration numbers as issued) and the
  // language switch's names, each language's written in itself.
  const names = (
    JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/languages.json'), 'utf8')) as {
      names?: Record<string, string>;
    }
  ).names;
  const KEPT_AS_ISSUED = [textIn('en', 'common:footer.icp'), textIn('en', 'common:footer.police'), ...Object.values(names ?? {})];
  const HAN = /\p{Script=Han}+/gu;

  for (const path of ['/home', '/login']) {
    test(`${path}: prerendered in English for an English browser, hydrated without a mismatch`, async ({ browser, page }, testInfo) => {
      test.skip(testInfo.project.name === 'mobile', 'the same HTML and hydration at both widths');
      // Before any script has run: the HTML as sent.
      const noScript = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
      try {
        const bare = await noScript.newPage();
        const answer = await bare.goto(path);
        expect(answer?.headers()['content-language']).toBe('en');
        expect(await bare.locator('html').getAttribute('lang')).toBe('en');
        await expect(bare.locator('#main')).toBeVisible();
        const text = KEPT_AS_ISSUED.reduce((all, kept) => all.replaceAll(kept, ''), await bare.evaluate(() => document.body.innerText));
        expect(text.match(HAN) ?? []).toEqual([]);
        expect((await bare.title()).match(HAN) ?? []).toEqual([]);
      } finally {
        await noScript.close();
      }

      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(path);
      // main.tsx hydrates after the first paint, once the copy and the route's modules are in: wait for React to
      // have taken the root, then for what hydrating fetches.
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
      );
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as { __hydrationErrors?: string[] }).__hydrationErrors ?? [])).toEqual([]);
      expect(errors.filter((text) => /hydrat|Minified React error #4(18|19|21|23|25)/i.test(text))).toEqual([]);
      // Hydrated without a mismatch: the app went on in the page's language (what the API sends, the home page's
      // notices, is the platform's data and may be Chinese).
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
    });
  }
});

test('a signed-in visitor gets the prerendered page rendered afresh, with the account in the header', async ({ page, request }) => {
  const { token, phone } = await registerViaApi(request);
  await page.addInitScript((value) => localStorage.setItem('Authorization', value), token);
  await page.goto('/home');
  await expectSignedInAs(page, phone);
});

/** Opens /login with its scripts held back until the returned function is called (the page not yet live). */
async function openLoginWithScriptsHeld(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back: the page is used as soon as its HTML is there.
  await page.goto('/login', { waitUntil: 'commit' });
  return release;
}

test('what is typed into a prerendered form before it hydrates is kept and sent', async ({ page, request, captcha }) => {
  const { auth } = copy;
  const { phone } = await registerViaApi(request);
  // The page's scripts are held back until the visitor has typed: a slow phone, or a password manager's fill.
  const release = await openLoginWithScriptsHeld(page);
  await page.getByLabel(auth.field.phone).fill(phone);
  await page.getByLabel(auth.field.password, { exact: true }).fill(PASSWORD);
  release();
  // The captcha is fetched once the form is live; typing into the third field renders the form again.
  await page.getByLabel(auth.field.captcha).fill(await captcha.answer(request));
  await expect(page.getByLabel(auth.field.phone)).toHaveValue(phone);
  await expect(page.getByLabel(auth.field.password, { exact: true })).toHaveValue(PASSWORD);
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expectSignedInAs(page, phone);
});

test('a prerendered form submitted before it hydrates is not sent by the browser, and is checked once live', async ({ page }) => {
  const { auth, validation } = copy;
  const release = await openLoginWithScriptsHeld(page);
  await page.getByLabel(auth.field.phone).fill('12345');
  await page.getByLabel(auth.field.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  // The browser's own submission would have loaded /login?...&password-login-password=... (the password in the address).
  await expect(page.getByLabel(auth.field.phone)).toHaveValue('12345');
  expect(new URL(page.url()).search).toBe('');
  release();
  // Once the page is live the tap counts: the client-side rules answer it, nothing went to the server.
  await expect(page.getByText(validation.phoneInvalid)).toBeVisible();
  await expect(page.getByText(validation.captchaEmpty)).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('/privacy shows the whole policy from its Markdown file', async ({ page }) => {
    const source = readFileSync(join(import.meta.dirname, '../../locales', DEFAULT_LANGUAGE, 'content/legal/privacy.md'), 'utf8');
    // The last paragraph of plain text (no Markdown marks to render), and every section heading: the text in the
    // HTML reaches the end of the file, not only its title and date.
    const paragraphs = source.split(/\n{2,}/).map((block) => block.trim());
    const sentence = paragraphs.filter((block) => /^[^#>*\-\d[`|]/.test(block) && !/[*_`[\]<>]/.test(block)).at(-1);
    expect(sentence).toBeTruthy();
    await page.goto('/privacy');
    await expect(page.getByText(sentence!, { exact: true })).toBeVisible();
    for (const [, heading] of source.matchAll(/^## (.+)$/gm))
      await expect(page.getByRole('heading', { level: 2, name: heading!.trim(), exact: true })).toBeVisible();
  });
});

test('/home is titled by its route’s key alone, in the prerendered HTML and once hydrated', async ({ page, request }) => {
  const { common } = copy;
  const title = (common.documentTitle as string).replace('{{page}}', common.titles.home).replace('{{brand}}', common.brand);
  const html = await (await request.get('/home')).text();
  // One <title> in the page as sent: the route's; the page writes none of its own.
  expect([...html.matchAll(/<title\b[^>]*>([^<]*)<\/title>/g)].map((match) => match[1])).toEqual([title]);
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as { __hydrationErrors?: string[] }).__hydrationErrors ?? [])).toEqual([]);
  await expect(page).toHaveTitle(title);
  expect(await page.locator('head title').count()).toBe(1);
});
