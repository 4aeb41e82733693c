import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { copy, DEFAULT_LANGUAGE, expect, locale, test, text } from './fixtures';

/** Public pages: home, help centre, app download and the legal texts, at both widths. */
const root = join(import.meta.dirname, '../..');
const home = locale('home');
const help = locale('help');
const download = locale('download');
const legal = locale('legal');
const content = (path: string) => readFileSync(join(root, 'locales', DEFAULT_LANGUAGE, 'content', path), 'utf8');
const headingsOf = (markdown: string, hashes: string) => [...markdown.matchAll(new RegExp(`^${hashes} (.+)$`, 'gm'))].map((m) => m[1]!);

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('home: what the service does, entry points to preserve, collect and verify, the notices', async ({ page, request }) => {
  const notices = ((await (await request.post('/api/news/notice')).json()) as { data: { list: { title: string }[] } }).data.list;
  expect(notices.length).toBeGreaterThan(0);

  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: home.hero.title })).toBeVisible();
  await expect(page).toHaveTitle(`${copy.common.titles.home} - ${copy.common.brand}`);
  for (const key of ['preservation', 'collection', 'notary', 'verification']) {
    await expect(page.getByRole('heading', { name: home.services[key].title, exact: true })).toBeVisible();
  }
  const entries = page.getByRole('navigation', { name: home.hero.actionsLabel });
  await expect(entries.getByRole('link', { name: home.hero.preserve })).toHaveAttribute('href', '/attestation-all/data');
  await expect(entries.getByRole('link', { name: home.hero.collect })).toHaveAttribute('href', '/evidences-all');
  await expect(entries.getByRole('link', { name: home.hero.verify })).toHaveAttribute('href', '/queryAuthentication');
  for (const notice of notices) await expect(page.getByRole('heading', { name: notice.title })).toBeVisible();

  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);

  await entries.getByRole('link', { name: home.hero.verify }).click();
  await expect(page).toHaveURL(/\/queryAuthentication$/);
});

test('help centre: every topic of the Markdown files, a search that finds a question, and the empty result', async ({ page }) => {
  const files = readdirSync(join(root, 'locales', DEFAULT_LANGUAGE, 'content/help')).filter((name) => name.endsWith('.md'));
  await page.goto('/helpCenter');
  await expect(page.getByRole('heading', { level: 1, name: help.title })).toBeVisible();
  for (const file of files) {
    const source = content(`help/${file}`);
    await expect(page.getByRole('heading', { level: 2, name: headingsOf(source, '#')[0]!, exact: true })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);

  // A question of the invoice topic, found by its words; its answer (a plain paragraph) opens.
  const invoice = content('help/08-invoice.md');
  const [, question = '', answer = ''] = [...invoice.matchAll(/^## (.+)\n\n(.+)$/gm)].find(([, , text]) => !/[*[`_]/.test(text!)) ?? [];
  const search = page.getByRole('searchbox', { name: help.search.label });
  await search.fill(question);
  await expect(page.getByRole('status')).toContainText(help.search.found.replace(/\{\{count\}\}.*$/, ''));
  await expect(page.getByRole('heading', { level: 3, name: question })).toBeVisible();
  await expect(page.getByText(answer)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: headingsOf(content('help/01-account.md'), '#')[0]!, exact: true })).toHaveCount(
    0,
  );
  expect(await seriousViolations(page)).toEqual([]);

  await search.fill('量子纠缠');
  await expect(page.getByRole('heading', { name: help.search.emptyTitle.replace('{{query}}', '量子纠缠') })).toBeVisible();
  await page.getByRole('button', { name: help.search.showAll }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('heading', { level: 3, name: question })).toBeVisible();

  // Browsing: a question opens on click and shows its answer from the file.
  const first = headingsOf(content('help/01-account.md'), '##')[0]!;
  await page.getByRole('heading', { level: 3, name: first }).click();
  await expect(page.getByRole('link', { name: /\[([^\]]+)\]\(\/register\)/.exec(content('help/01-account.md'))![1] })).toHaveAttribute(
    'href',
    '/register',
  );
});

test('app download: the recorder as a web app to install, with the QR code of /newMobile at desktop width', async ({ page, isMobile }) => {
  await page.goto('/appDownload');
  await expect(page.getByRole('heading', { level: 1, name: download.title })).toBeVisible();
  const qr = page.getByRole('img', { name: download.qr.label });
  if (isMobile) await expect(qr).toBeHidden();
  else await expect(qr).toBeVisible();
  await expect(page.getByRole('heading', { name: download.ios.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: download.android.title })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  // No browser offer yet: no install button, the instructions are the way.
  await expect(page.getByTestId('install-app')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);

  // The browser offers to install (Chromium's beforeinstallprompt): the button asks it, and the page says it is done.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByRole('button', { name: download.install }).click();
  await expect(page.getByText(download.installed)).toBeVisible();
  await expect(page.getByRole('link', { name: download.open })).toHaveAttribute('href', '/newMobile');
});

/** Which document each legal route shows (docs/decisions/public-pages.md). */
const LEGAL_ROUTES = [
  ['/clause', 'clause', 'clause.md'],
  ['/user/clause', 'clause', 'clause.md'],
  ['/user-agreement', 'userAgreement', 'user-agreement.md'],
  ['/privacy', 'privacy', 'privacy.md'],
  ['/privacy-main', 'privacy', 'privacy.md'],
  ['/privacy-list', 'privacyList', 'privacy-list.md'],
  ['/privacy-slist', 'privacySharing', 'privacy-slist.md'],
  ['/privacy-ilist', 'privacyPermissions', 'privacy-ilist.md'],
] as const;

test('legal texts: each route shows its document, effective 2022-06-10, with no serious accessibility violation', async ({ page }) => {
  for (const [path, key, file] of LEGAL_ROUTES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: legal.documents[key].title }), path).toBeVisible();
    await expect(page.locator('time[datetime="2022-06-10"]'), path).toHaveText(
      text('legal:effectiveDate', { year: 2022, month: 6, day: 10 }),
    );
    const source = content(`legal/${file}`);
    for (const heading of headingsOf(source, '##'))
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true }), path).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: legal.navLabel }).getByRole('link', { name: legal.documents[key].title }),
    ).toHaveAttribute('aria-current', 'page');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('printing a legal text leaves out the site header, footer and page controls', async ({ page }) => {
  await page.goto('/clause');
  await expect(page.getByRole('heading', { level: 1, name: legal.documents.clause.title })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.locator('.site-footer')).toBeHidden();
  await expect(page.getByRole('navigation', { name: legal.navLabel })).toBeHidden();
  await expect(page.getByRole('button', { name: legal.print })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: legal.documents.clause.title })).toBeVisible();
  // The printed page says whose text it is, since the header is left out.
  await expect(page.locator('.legal__print-brand')).toHaveText(copy.common.brand);
  await expect(
    page.getByRole('heading', { level: 2, name: headingsOf(content('legal/clause.md'), '##').at(-1)!, exact: true }),
  ).toBeVisible();
});

test('the register page and the footer lead to the real legal pages', async ({ page }) => {
  await page.goto('/register');
  const agreement = page.getByRole('link', { name: copy.auth.register.userAgreement });
  await expect(agreement).toHaveAttribute('href', '/user-agreement');
  await expect(page.getByRole('link', { name: copy.auth.register.privacy })).toHaveAttribute('href', '/privacy');
  const [tab] = await Promise.all([page.waitForEvent('popup'), agreement.click()]);
  await expect(tab.getByRole('heading', { level: 1, name: legal.documents.userAgreement.title })).toBeVisible();
  await tab.close();

  await page.goto('/home');
  const footer = page.getByRole('navigation', { name: copy.common.footer.linksLabel });
  await footer.getByRole('link', { name: copy.common.footer.clause }).click();
  await expect(page.getByRole('heading', { level: 1, name: legal.documents.clause.title })).toBeVisible();
  await footer.getByRole('link', { name: copy.common.footer.privacy }).click();
  await expect(page.getByRole('heading', { level: 1, name: legal.documents.privacy.title })).toBeVisible();
  await footer.getByRole('link', { name: copy.common.footer.help }).click();
  await expect(page.getByRole('heading', { level: 1, name: help.title })).toBeVisible();
});

test('a page whose code fails to load (a new release replaced it) says so and offers a reload; back and forward still work', async ({
  page,
}, testInfo) => {
  const common = copy.common as {
    footer: { help: string; linksLabel: string };
    routeError: { text: string; reload: string };
    notFound: { title: string; back: string };
  };
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: common.notFound.title })).toBeVisible();

  let blocked = true;
  await page.route('**/assets/help-center-*.js', (route) => (blocked ? route.abort() : route.continue()));
  await page.getByRole('navigation', { name: common.footer.linksLabel }).getByRole('link', { name: common.footer.help }).click();
  await expect(page).toHaveURL(/\/helpCenter$/);
  const notice = page.getByRole('alert').filter({ hasText: common.routeError.text });
  await expect(notice).toBeVisible();
  // In place of the page only: the site's header and footer stay (a way to the other pages).
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: common.footer.linksLabel })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('route-error.png'), fullPage: true });
  // The site is not stuck: back opens the page before; forward tries the page again (still failing here).
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: common.notFound.title })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.goForward();
  await expect(notice).toBeVisible();
  // The browser keeps a failed module import for the page's lifetime: reloading is the way back, as the notice says.
  blocked = false;
  await notice.getByRole('button', { name: common.routeError.reload }).click();
  await expect(page.getByRole('heading', { level: 1, name: help.title })).toBeVisible();
});
