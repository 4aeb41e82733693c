import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expect, locale, paidRecharge, registerViaApi, test } from './fixtures';

/**
 * Evidence recorded in the phone's browser and sent while it is recorded, against the real server, on the phone
 * width only. Chromium's fake camera and microphone stand in for the device (a test pattern and a beep), and its
 * fake permission dialog accepts: both flags hold for this file's browser only.
 */
const capture = locale('capture');
const attestation = locale('attestation');
const recorder = capture.mobileRecorder;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
test.use({
  launchOptions: { executablePath: CHROMIUM, args: [...BASE_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
});
test.skip(({ isMobile }) => !isMobile, 'the recorder is the phone-width page');

async function signIn(target: Page | BrowserContext, token: string) {
  await target.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);
}

async function account(page: Page, request: APIRequestContext) {
  const user = await registerViaApi(request);
  const { token } = user;
  await paidRecharge({ request, ...user }, 100);
  await signIn(page, token);
  return token;
}

/** Fills the form and presses Start; the recorder is live once Stop can be pressed. */
async function start(page: Page, kind: 'photo' | 'video' | 'audio', title: string) {
  await page.goto('/newMobile');
  await page.getByRole('radio', { name: recorder.kind[kind] }).check();
  await page.getByLabel(recorder.titleLabel).fill(title);
  await page.getByTestId('mobile-start').click();
  await expect(page.getByTestId('mobile-stop')).toBeEnabled({ timeout: 20_000 });
}

/** Stops, waits for the preservation and opens the certificate. */
async function stopAndOpenCertificate(page: Page) {
  await page.getByTestId('mobile-stop').click();
  await expect(page.getByTestId('mobile-outcome')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await page.getByTestId('mobile-record-link').click();
  await expect(page).toHaveURL(/\/evidencesPro\/[^/?]+\?id=\d+$/);
  await expect(page.getByTestId('recording-facts')).toBeVisible();
}

/** The preserved file through its signed link, with its SHA-256 checked against the certificate's. */
async function preservedFile(page: Page, request: APIRequestContext): Promise<string> {
  const src = await page.getByTestId('pro-media').getAttribute('src');
  expect(src).toBeTruthy();
  const bytes = await (await request.get(new URL(src ?? '', page.url()).href)).body();
  const filehash = /[0-9a-f]{64}/.exec(await page.getByTestId('record-filehash').innerText())?.[0];
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(filehash);
  const file = join(mkdtempSync(join(tmpdir(), 'mobile-recording-')), 'media');
  writeFileSync(file, bytes);
  return file;
}

/** Decodes the whole file (no error allowed) and answers the time of its last packet, in seconds. */
function playedSeconds(file: string, stream: 'v:0' | 'a:0'): number {
  execFileSync('ffmpeg', ['-v', 'error', '-xerror', '-i', file, '-f', 'null', '-'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const times = execFileSync('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    stream,
    '-show_entries',
    'packet=pts_time',
    '-of',
    'csv=p=0',
    file,
  ])
    .toString()
    .split('\n')
    .map(Number)
    .filter((t) => Number.isFinite(t));
  return Math.max(...times);
}

test('a photo is one piece, preserved at once, shown on its certificate', async ({ page, request }) => {
  await account(page, request);
  await start(page, 'photo', '现场照片');
  await expect(page.getByTestId('mobile-preview')).toBeVisible();
  await stopAndOpenCertificate(page);
  await expect(page.getByTestId('pro-media')).toHaveJSProperty('tagName', 'IMG');
  await expect(page.getByTestId('recording-gaps')).toContainText(capture.pro.recording.noGaps);
  await expect(page.getByTestId('recording-chain-head')).toContainText(/[0-9a-f]{64}/);
  // The certificate states the spec's forensics fields; what a browser cannot know reads as not available.
  await page.getByRole('link', { name: capture.record.certificate }).click();
  const processor = page.locator('.certificate__row', { hasText: attestation.forensics.configProcessor });
  await expect(processor.locator('dd')).toHaveText(attestation.forensics.notAvailable);
});

test('ten seconds of video with the network gone for six: sent after it, whole, the gap stated', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  await account(page, request);
  await start(page, 'video', '现场录像');
  await page.waitForTimeout(2_000);
  // Longer than the server's gap floor (5 s without a piece, docs/mobile-capture.md), so the silence is a gap.
  await context.setOffline(true);
  await expect(page.getByTestId('mobile-offline')).toHaveText(recorder.offline);
  await page.waitForTimeout(6_000);
  // Pieces wait on the phone while offline.
  await expect(page.getByTestId('mobile-waiting')).not.toHaveText(recorder.pieces.replace('{{n}}', '0'));
  await context.setOffline(false);
  await expect(page.getByTestId('mobile-offline')).toHaveCount(0);
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId('mobile-elapsed')).toHaveText(/0:1\d|0:09/);
  await stopAndOpenCertificate(page);
  await expect(page.getByTestId('recording-gap')).not.toHaveCount(0);
  const file = await preservedFile(page, request);
  expect(playedSeconds(file, 'v:0')).toBeGreaterThan(8);
  expect(playedSeconds(file, 'v:0')).toBeLessThan(13);
});

test('ten seconds of sound, preserved and playable', async ({ page, request }) => {
  test.setTimeout(90_000);
  await account(page, request);
  await start(page, 'audio', '现场录音');
  await expect(page.getByTestId('mobile-level')).toBeVisible();
  await page.waitForTimeout(10_000);
  await stopAndOpenCertificate(page);
  await expect(page.getByTestId('pro-media')).toHaveJSProperty('tagName', 'AUDIO');
  const seconds = playedSeconds(await preservedFile(page, request), 'a:0');
  expect(seconds).toBeGreaterThan(8);
  expect(seconds).toBeLessThan(13);
});

test('a refused camera permission is named, and nothing is recorded', async ({ request, baseURL }) => {
  // Its own browser: a fake device, but every permission prompt denied (no fake dialog that accepts).
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...BASE_ARGS, '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    const { token } = await registerViaApi(request);
    await signIn(context, token);
    const page = await context.newPage();
    await page.goto('/newMobile');
    await page.getByRole('radio', { name: recorder.kind.video }).check();
    await page.getByLabel(recorder.titleLabel).fill('被拒绝的录像');
    await page.getByTestId('mobile-start').click();
    await expect(page.getByTestId('mobile-error')).toHaveText(recorder.error.permission);
    await expect(page.getByTestId('mobile-stop')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test("a computer's one-time QR code signs the phone in and opens the recorder there", async ({ browser, request, baseURL, page }) => {
  const { token } = await registerViaApi(request);
  // The project's phone options reach a context made here unless said otherwise.
  const desktop = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    locale: 'zh-CN',
  });
  try {
    await signIn(desktop, token);
    const screen = await desktop.newPage();
    await screen.goto('/newMobile');
    const qr = screen.getByTestId('handoff-qr');
    await expect(qr.getByRole('img', { name: capture.newMobile.qrLabel })).toBeVisible();
    const code = (await qr.getAttribute('data-code')) ?? '';
    expect(code).not.toBe('');

    // The phone: signed out, it opens the code's address and lands on the recorder, signed in, the code gone.
    await page.goto(`/newMobile?handoff=${encodeURIComponent(code)}`);
    await expect(page).toHaveURL(/\/newMobile$/);
    await expect(page.getByTestId('mobile-start')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('Authorization'))).toBeTruthy();

    // Spent: a second phone with the same code goes to sign in.
    const other = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    const second = await other.newPage();
    await second.goto(`/newMobile?handoff=${encodeURIComponent(code)}`);
    await expect(second).toHaveURL(/\/login\?redirect=%2FnewMobile$/);
    await other.close();
  } finally {
    await desktop.close();
  }
});
