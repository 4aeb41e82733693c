import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { copy, DEFAULT_LANGUAGE, expect, logOut, registerViaApi, test } from './fixtures';

/**
 * What a first-time visitor trips over: the first visit looks like later ones, dialogs fit a
 * 320 px phone, and every page names itself in the document title.
 */
const titles = copy.common.titles as Record<string, string>;
const titled = (key: string) => `${titles[key]} - ${copy.common.brand}`;
const TRANSPARENT = 'rgba(0, 0, 0, 0)';
const capture = JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', DEFAULT_LANGUAGE, 'capture.json'), 'utf8'));

async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);
}

/** A client-side navigation, as a link in the app does: the stylesheets already loaded stay. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}

/** Whether Semi's own theme sheet (its palette and tokens on body) is in the document. */
const semiCssLoaded = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.styleSheets).some((sheet) => {
      try {
        return Array.from(sheet.cssRules).some((rule) => rule.cssText.includes('--semi-grey-9'));
      } catch {
        return false;
      }
    }),
  );

const headerLook = (page: Page) =>
  page.evaluate(() => {
    const header = getComputedStyle(document.querySelector('.site-header')!);
    const badge = getComputedStyle(document.querySelector('[data-testid="header-badge"]')!);
    return {
      border: `${header.borderBottomWidth} ${header.borderBottomStyle} ${header.borderBottomColor}`,
      borderColor: header.borderBottomColor,
      badgeBackground: badge.backgroundColor,
      badgeColor: badge.color,
    };
  });

const loginLook = (page: Page) =>
  page.evaluate(() => {
    const bar = getComputedStyle(document.querySelector('.auth-bar')!);
    const marker = getComputedStyle(document.querySelector('[role="tab"][aria-selected="true"]')!, '::after');
    return {
      barBorder: `${bar.borderBottomWidth} ${bar.borderBottomStyle} ${bar.borderBottomColor}`,
      barColor: bar.borderBottomColor,
      marker: marker.backgroundColor,
      markerHeight: marker.height,
    };
  });

test('the header and the sign-in tabs look the same on a first visit as after a page that loads Semi', async ({ page, request }) => {
  // First visit of /login in a fresh context: no Semi stylesheet yet.
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: copy.auth.login.passwordTab })).toBeVisible();
  expect(await semiCssLoaded(page)).toBe(false);
  const firstLogin = await loginLook(page);

  // First load of a page with the signed-in header (the unread badge: the welcome notice).
  const { token } = await registerViaApi(request);
  await signIn(page, token);
  await page.goto('/home');
  await expect(page.getByTestId('header-badge')).toBeVisible();
  expect(await semiCssLoaded(page)).toBe(false);
  const firstHeader = await headerLook(page);

  // A signed-in page built with Semi, then back to /home and, signed out, to /login in the same document.
  await navigateInApp(page, '/attestation-all/data');
  await expect(page.getByRole('heading', { name: copy.evidence.pages.data.title })).toBeVisible();
  await expect.poll(() => semiCssLoaded(page)).toBe(true);
  await navigateInApp(page, '/home');
  await expect(page.getByTestId('header-badge')).toBeVisible();
  const laterHeader = await headerLook(page);
  await logOut(page);
  await navigateInApp(page, '/login');
  await expect(page.getByRole('tab', { name: copy.auth.login.passwordTab })).toBeVisible();
  const laterLogin = await loginLook(page);

  expect(laterHeader).toEqual(firstHeader);
  expect(laterLogin).toEqual(firstLogin);
  for (const color of [
    firstHeader.borderColor,
    firstHeader.badgeBackground,
    firstHeader.badgeColor,
    firstLogin.barColor,
    firstLogin.marker,
  ]) {
    expect(color).not.toBe(TRANSPARENT);
    expect(color).not.toBe('');
  }
  // White on red, not white on white.
  expect(firstHeader.badgeBackground).not.toBe(firstHeader.badgeColor);
  expect(firstLogin.markerHeight).toBe('2px');
});

test('a confirm dialog fits a 320 px screen: its confirm button is inside the viewport', async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const { token } = await registerViaApi(request);
  await signIn(page, token);
  await page.goto('/newWeb');
  await page.getByLabel(capture.newWeb.urls).fill('https://example.com/a');
  await page.getByLabel(capture.newWeb.captureTitle).fill('looks');
  await page.getByRole('button', { name: capture.newWeb.submit }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(capture.newWeb.confirmTitle);
  for (const name of [capture.newWeb.confirmOk, capture.newWeb.confirmCancel]) {
    const button = dialog.getByRole('button', { name });
    await expect(button).toBeInViewport({ ratio: 1 });
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
  }
  const panel = (await page.locator('.semi-modal').boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(0);
  expect(panel.x + panel.width).toBeLessThanOrEqual(320);
  await dialog.getByRole('button', { name: capture.newWeb.confirmCancel }).click();
  await expect(dialog).toBeHidden();

  // The native dialogs too: the site menu at 320 px.
  await page.getByRole('button', { name: copy.common.header.openMenu }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('button', { name: copy.common.header.closeMenu })).toBeInViewport({ ratio: 1 });
});

test('each main route sets its own document title, on a first load and on in-app navigation', async ({ page, request }) => {
  for (const [path, key] of [
    ['/login', 'login'],
    ['/register', 'register'],
    ['/forgetpwd', 'forgetPassword'],
    ['/queryAuthentication', 'queryAuthentication'],
    ['/no-such-page', 'notFound'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(titled(key));
  }
  // /home's title is its route's, like every page's; content pages that write their own keep it.
  const own = (ns: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, `../../locales/${DEFAULT_LANGUAGE}/${ns}.json`), 'utf8')).documentTitle as string;
  await page.goto('/home');
  await expect(page).toHaveTitle(titled('home'));
  await page.goto('/helpCenter');
  await expect(page).toHaveTitle(own('help'));

  const { token } = await registerViaApi(request);
  await signIn(page, token);
  for (const [path, key] of [
    ['/attestation-all/data', 'attestationData'],
    ['/evidences-all/web', 'webList'],
    ['/notary', 'notary'],
    ['/orders', 'orders'],
    ['/setting', 'setting'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(titled(key));
  }
  // In-app navigation changes it too, also when leaving a page that wrote its own.
  await navigateInApp(page, '/helpCenter');
  await expect(page).toHaveTitle(own('help'));
  await navigateInApp(page, '/invoice');
  await expect(page).toHaveTitle(titled('invoice'));
  await navigateInApp(page, '/notary');
  await expect(page).toHaveTitle(titled('notary'));
});
