import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { copy, DEFAULT_LANGUAGE, expect, isMobile, registerViaApi, test } from './fixtures';

/** Copy buttons (spec section 8, 复制成功) and the process preview without a record. */

const capture = JSON.parse(await readFile(new URL(`../../locales/${DEFAULT_LANGUAGE}/capture.json`, import.meta.url), 'utf8')) as {
  pro: { noRecord: string };
};
const copyName = (what: string) => copy.common.copy.label.replace('{{what}}', what);

async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);
}

async function preserve(request: APIRequestContext, token: string) {
  const reply = await request.post('/api/data/upload', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      label: 'e2e',
      file: {
        name: 'copy.pdf',
        mimeType: 'application/octet-stream',
        buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(512)]),
      },
    },
  });
  const body = (await reply.json()) as { code: number; msg: string; data: { baoquan: string; chainhash: string; filehash: string } };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

test('the certificate copies its number and hashes with the Clipboard API and says 复制成功', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { token } = await registerViaApi(request);
  const record = await preserve(request, token);
  await signIn(page, token);
  await page.goto(`/attestation/${record.baoquan}`);
  await expect(page.getByTestId('certificate-baoquan')).toContainText(record.baoquan);

  const cases = [
    [copy.attestation.fields.baoquan, record.baoquan],
    [copy.attestation.fields.filehash, record.filehash],
    [copy.attestation.fields.chainhash, record.chainhash],
  ] as const;
  for (const [what, value] of cases) {
    await page.getByRole('button', { name: copyName(what) }).click();
    await expect(page.getByText(copy.common.copy.done).last()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  }
  const width = isMobile(page) ? 375 : 1280;
  await page.screenshot({ path: join('test-results', `certificate-copy-${width}.png`), fullPage: true });
});

test('without the Clipboard API the copy falls back to the textarea and still says 复制成功', async ({ page, request }) => {
  const { token } = await registerViaApi(request);
  const record = await preserve(request, token);
  // An http origin or an old browser: no navigator.clipboard at all.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
  });
  await page.goto(`/explorer/${record.chainhash}`);
  await page.getByRole('button', { name: copyName(copy.verify.explorer.rootHash) }).click();
  await expect(page.getByText(copy.common.copy.done).last()).toBeVisible();
});

test('the process preview without a record says so instead of loading for ever', async ({ page, request }) => {
  const { token } = await registerViaApi(request);
  await signIn(page, token);
  await page.goto('/evidences-all/process/preview');
  await expect(page.getByTestId('preview-empty')).toContainText(capture.pro.noRecord);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
});
