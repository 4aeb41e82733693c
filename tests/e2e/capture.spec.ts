import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { COUNTER_BUTTON, KNOWN_TEXT, KNOWN_TITLE, TestSite } from '../../server/modules/capture/test-site';
import { expect, isMobile, locale, paidRecharge, registerViaApi, test, text } from './fixtures';
import { replayInPlayer } from './replay-player';

/** Journeys of online evidence collection against the real server, which may reach loopback (CAPTURE_ALLOW_PRIVATE). */

const capture = locale('capture');
const attestation = locale('attestation');

const site = new TestSite();
test.beforeAll(async () => {
  await site.start();
});
test.afterAll(async () => {
  await site.stop();
});

/** Screenshots to look at by hand (outside test-results/, which each run empties): $TMPDIR/capture-screens. */
const shotDir = join(tmpdir(), 'capture-screens');
mkdirSync(shotDir, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(shotDir, `${name}-${isMobile(page) ? 375 : 1280}.png`), fullPage: true });

/**
 * No serious or critical axe-core violation in the page's content as it is now (the rules of
 * tests/e2e/a11y.spec.ts), header included.
 */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);
}

async function account(page: Page, request: APIRequestContext, points = 100) {
  const user = await registerViaApi(request);
  const { token } = user;
  await paidRecharge({ request, ...user }, points);
  await signIn(page, token);
  return token;
}

test('web capture of a page on loopback: price confirmed, progress in the list, screenshot and hashes on /evidencesWeb', async ({
  page,
  request,
}) => {
  await account(page, request);
  await page.goto('/evidences-all');
  await expect(page).toHaveURL(/\/evidences-all\/web$/);
  await expect(page.getByTestId('capture-empty')).toContainText(capture.list.empty['3']);

  await page.getByRole('link', { name: capture.nav.new['3'] }).click();
  await expect(page).toHaveURL(/\/newWeb$/);
  // A wrong address is refused on the page, nothing is sent.
  await page.getByLabel(capture.newWeb.urls).fill('ftp://example.com');
  await page.getByLabel(capture.newWeb.captureTitle).fill('测试网页取证');
  await page.getByRole('button', { name: capture.newWeb.submit }).click();
  await expect(page.getByText(text('validation:urlInvalid'))).toBeVisible();

  // One page that captures, one redirect loop that fails.
  await page.getByLabel(capture.newWeb.urls).fill(`${site.url('/known')}\n${site.url('/loop-a')}`);
  await page.getByLabel(capture.newWeb.label).fill('侵权');
  await expect(page.getByTestId('capture-price')).toContainText('4.00');
  await shot(page, 'new-web');
  await expectAccessible(page);
  await page.getByRole('button', { name: capture.newWeb.submit }).click();
  await expect(page.getByText(text('capture:newWeb.confirmContent', { count: 2, unit: '2.00', total: '4.00' }))).toBeVisible();
  await page.getByRole('button', { name: capture.newWeb.confirmOk }).click();

  await expect(page).toHaveURL(/\/evidences-all\/web$/);
  const rows = page.getByTestId('capture-row');
  await expect(rows).toHaveCount(2);
  const done = rows.filter({ hasText: site.url('/known') });
  const failed = rows.filter({ hasText: site.url('/loop-a') });
  await expect(done.getByTestId('capture-state')).toContainText(capture.state.done, { timeout: 45_000 });
  await expect(failed.getByTestId('capture-state')).toContainText(capture.state.failed, { timeout: 45_000 });
  await expect(failed).toContainText(text('capture:reason_tooManyRedirects'));
  await shot(page, 'evidences-web-list');
  await expectAccessible(page);

  await done.getByRole('link', { name: capture.list.view }).click();
  await expect(page).toHaveURL(/\/evidencesWeb\/BQ\d{20}\?id=\d+$/);
  await expect(page.getByRole('heading', { name: '测试网页取证' })).toBeVisible();
  const screenshot = page.getByTestId('web-screenshot');
  await expect(screenshot).toBeVisible();
  expect(await screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
  await expect(page.getByTestId('web-title')).toContainText(KNOWN_TITLE);
  await expect(page.getByTestId('web-status')).toContainText('200');
  await expect(page.getByTestId('web-address')).toContainText('127.0.0.1');
  await expect(page.getByTestId('record-files')).toContainText('screenshot.png');
  await expect(page.getByTestId('record-files').locator('code')).toHaveCount(4);
  await expect(page.getByTestId('record-files')).toContainText('page.wacz');
  // The replayable web archive: offered for download, a zip (WACZ) holding the WARC and its index.
  const archive = page.getByTestId('web-archive-download');
  await expect(archive).toBeVisible();
  await expect(archive).toContainText(capture.web.downloadArchive.split('（')[0]);
  const [download] = await Promise.all([page.waitForEvent('download'), archive.click()]);
  expect(download.suggestedFilename()).toBe('page.wacz');
  const wacz = readFileSync(await download.path());
  expect(wacz.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  expect(wacz.includes(Buffer.from('archive/data.warc.gz'))).toBe(true);
  expect(wacz.includes(Buffer.from('datapackage.json'))).toBe(true);
  // It replays in a standard web-archive player (ReplayWeb.page), from the archive alone.
  const replay = await replayInPlayer(page.context(), wacz, site.url('/known'));
  await expect(replay.frame.locator('body')).toContainText(KNOWN_TEXT, { timeout: 20_000 });
  expect(await replay.frame.title()).toBe(KNOWN_TITLE);
  await replay.close();
  await expect(page.getByTestId('record-filehash')).toContainText(/[0-9a-f]{64}/);
  await expect(page.getByTestId('record-chainhash')).toContainText(/[0-9a-f]{64}/);
  await shot(page, 'evidences-web');
  await expectAccessible(page);

  // The same certificate as any preserved file.
  await page.getByRole('link', { name: capture.record.certificate }).click();
  await expect(page).toHaveURL(/\/attestation\/BQ\d{20}/);
  await expect(page.getByText(attestation.title).first()).toBeVisible();
});

test('process evidence: a recorded remote session with two clicks, its duration and action log', async ({ page, request }) => {
  await account(page, request);
  site.clicks = 0;
  await page.goto('/newProcess');
  await page.getByLabel(capture.newProcess.url).fill(site.url('/known'));
  await page.getByLabel(capture.newProcess.captureTitle).fill('测试过程取证');
  await expect(page.getByTestId('capture-price')).toContainText('10.00');
  await page.getByRole('button', { name: capture.newProcess.start }).click();
  await page.getByRole('button', { name: capture.newProcess.confirmOk }).click();

  const screen = page.getByTestId('remote-screen');
  await expect(screen.locator('img')).toBeVisible({ timeout: 20_000 });
  const box = await screen.boundingBox();
  if (!box) throw new Error('the remote screen has no box');
  const at = { x: (COUNTER_BUTTON.x * box.width) / 1280, y: (COUNTER_BUTTON.y * box.height) / 800 };
  await screen.click({ position: at });
  await expect(page.getByTestId('process-actions')).toContainText('1');
  await screen.click({ position: at });
  await expect(page.getByTestId('process-actions')).toContainText('2');
  await expect.poll(() => site.clicks).toBe(2);
  await expect(page.getByTestId('process-elapsed')).not.toHaveText('0:00');
  await shot(page, 'new-process');
  await expectAccessible(page);

  await page.getByRole('button', { name: capture.newProcess.stop }).click();
  await expect(page.getByTestId('process-progress')).toContainText(capture.newProcess.phase.done, { timeout: 60_000 });
  await expect(page.getByTestId('process-duration')).toBeVisible();
  await page.getByRole('link', { name: capture.newProcess.view }).click();

  await expect(page).toHaveURL(/\/evidencesPro\/BQ\d{20}/);
  await expect(page.getByTestId('pro-duration')).not.toHaveText('—');
  await expect(page.getByTestId('pro-video')).toBeVisible();
  const log = page.getByTestId('pro-actions').locator('li');
  await expect(log).toHaveCount(2);
  // Where the page was clicked, in its own pixels (the shown screen is scaled, so within a pixel or two).
  await expect(log.first()).toContainText(/\((12\d|13\d), (16\d|17\d)\)/);
  await shot(page, 'evidences-pro');
  await expectAccessible(page);

  await page.goto('/evidences-all/process');
  await expect(page.getByTestId('capture-row').first().getByTestId('capture-state')).toContainText(capture.state.done);
});

test('mobile evidence uploaded through the app call shows its forensics on its certificate', async ({ page, request }) => {
  const token = await account(page, request);
  const reply = await request.post('/api/capture/mobile/upload', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title: '现场照片',
      label: '事故',
      appAddress: '北京市朝阳区建国路88号',
      appType: '手机拍照',
      duration: '0',
      configName: '李四的手机',
      configModelName: 'iPhone 15',
      configVersion: 'iOS 17.5',
      configProcessor: 'A16 Bionic',
      configCore: 'Darwin 23.5.0',
      file: {
        name: 'IMG_0001.png',
        mimeType: 'image/png',
        buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
      },
    },
  });
  const body = (await reply.json()) as { code: number; msg: string; data: { id: number; baoquan: string } };
  expect(body.code, body.msg).toBe(200);

  // A phone records on /newMobile; a computer shows the QR code that brings the phone there.
  await page.goto('/newMobile');
  if (isMobile(page)) await expect(page.getByTestId('mobile-start')).toBeVisible();
  else await expect(page.getByRole('img', { name: capture.newMobile.qrLabel })).toBeVisible();
  await shot(page, 'new-mobile');
  await expectAccessible(page);

  await page.goto('/evidences-all/mobile-process');
  const row = page.getByTestId('capture-row').filter({ hasText: '现场照片' });
  await expect(row).toContainText('手机拍照');
  await row.getByRole('link', { name: capture.list.certificate }).click();
  await expect(page).toHaveURL(new RegExp(`/attestation/${body.data.baoquan}`));
  for (const text of [
    attestation.forensics.title,
    '北京市朝阳区建国路88号',
    '李四的手机',
    'iPhone 15',
    'iOS 17.5',
    'A16 Bionic',
    'Darwin 23.5.0',
  ]) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await shot(page, 'mobile-certificate');

  await page.goto(`/evidences-all/mobile/queue/${body.data.id}`);
  await expect(page.getByTestId('capture-state')).toContainText(capture.state.done);
  await page.goto(`/evidencesPro/${body.data.baoquan}`);
  await expect(page.getByTestId('pro-forensics')).toContainText('李四的手机');
});
