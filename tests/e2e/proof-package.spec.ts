import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { readZip } from '../../proof/package/index';
import { copy, expect, isMobile, registerViaApi, test, text } from './fixtures';

/**
 * Offline proof package: the owner downloads it from the certificate page, then opens its verify.html from
 * disk with the network blocked and checks everything in the browser; a tampered file names the step that failed.
 */

const STEPS = ['fileHash', 'auditPath', 'signature', 'timestamp', 'consistency'] as const;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function uploadViaApi(request: APIRequestContext, token: string, file: { name: string; bytes: Buffer }) {
  const reply = await request.post('/api/data/upload', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { label: 'e2e', file: { name: file.name, mimeType: 'application/pdf', buffer: file.bytes } },
  });
  const body = (await reply.json()) as { code: number; msg: string; data: { id: number; baoquan: string; filehash: string } };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

async function expectSteps(page: Page, failed: readonly string[]) {
  for (const step of STEPS) {
    const item = page.locator(`li[data-step="${step}"]`);
    await expect(item, step).toHaveAttribute('data-ok', String(!failed.includes(step)));
    await expect(item).toContainText(copy.proofPackage.steps[step]);
    await expect(item).toContainText(failed.includes(step) ? copy.proofPackage.failed : copy.proofPackage.passed);
  }
}

test('download the proof package, verify it offline from disk; a tampered file shows the failed step', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token } = await registerViaApi(request);
  const file = { name: '合同.pdf', bytes: Buffer.concat([Buffer.from(`%PDF-1.4 ${Date.now()} `), randomBytes(4096)]) };
  const record = await uploadViaApi(request, token, file);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);

  await page.goto(`/attestation/${record.baoquan}`);
  const button = page.getByTestId('proof-package-download');
  await expect(button).toHaveText(copy.evidence.proofPackage.button);
  await page.screenshot({ path: testInfo.outputPath('certificate-page.png') });
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${copy.proofPackage.packageName}-${record.baoquan}.zip`);
  const zipPath = testInfo.outputPath('package.zip');
  await download.saveAs(zipPath);

  // Unpacked as a person would, next to the zip.
  const folder = testInfo.outputPath('package');
  const entries = await readZip(new Uint8Array(await readFile(zipPath)));
  for (const entry of entries) {
    await mkdir(dirname(join(folder, entry.name)), { recursive: true });
    await writeFile(join(folder, entry.name), entry.bytes);
  }
  expect(entries.map((e) => e.name).sort()).toEqual(
    [
      'proof.json',
      'verify.html',
      file.name,
      copy.proofPackage.howtoFile,
      text('proof-package:certificateFile', { baoquan: record.baoquan }),
    ].sort(),
  );
  expect(sha256(entries.find((e) => e.name === file.name)!.bytes)).toBe(record.filehash);

  // verify.html from disk, every request off the disk refused.
  const offline = await context.newPage();
  const outside: string[] = [];
  await offline.route('**', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  await offline.goto(pathToFileURL(join(folder, 'verify.html')).href);
  await expect(offline.getByRole('heading', { level: 1 })).toHaveText(copy.proofPackage.title);
  const picker = offline.getByTestId('pv-files');

  // The zip itself.
  await picker.setInputFiles(zipPath);
  await expect(offline.getByTestId('pv-summary')).toHaveText(copy.proofPackage.allPassed);
  await expectSteps(offline, []);
  await expect(offline.locator('.pv-record h2')).toContainText(record.baoquan);

  // proof.json and the file, picked one by one.
  await picker.setInputFiles([join(folder, 'proof.json'), join(folder, file.name)]);
  await expect(offline.getByTestId('pv-summary')).toHaveText(copy.proofPackage.allPassed);
  await expectSteps(offline, []);

  // One byte of the file changed: the file hash fails and says so; the rest still holds.
  const tampered = Buffer.from(file.bytes);
  tampered[20] = tampered[20]! ^ 0xff;
  const tamperedFolder = testInfo.outputPath('tampered');
  await mkdir(tamperedFolder, { recursive: true });
  await writeFile(join(tamperedFolder, file.name), tampered);
  await picker.setInputFiles([join(folder, 'proof.json'), join(tamperedFolder, file.name)]);
  const summary = offline.getByTestId('pv-summary');
  await expect(summary).toContainText(copy.proofPackage.steps.fileHash);
  await expect(summary).not.toHaveText(copy.proofPackage.allPassed);
  await expectSteps(offline, ['fileHash']);
  await expect(offline.locator('li[data-step="fileHash"] .pv-reason')).toContainText(sha256(tampered));

  // A changed checkpoint in proof.json: the signature step fails.
  const proof = JSON.parse(await readFile(join(folder, 'proof.json'), 'utf8')) as { checkpoint: { timestamp: string } };
  proof.checkpoint.timestamp = '2030-01-01T00:00:00.000Z';
  await writeFile(join(tamperedFolder, 'proof.json'), JSON.stringify(proof));
  await picker.setInputFiles([join(tamperedFolder, 'proof.json'), join(folder, file.name)]);
  await expectSteps(offline, ['signature']);

  expect(outside).toEqual([]);
});

test('batch page: the proof package of the chosen records, one folder each, all verified offline', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token } = await registerViaApi(request);
  const files = ['batch-a.pdf', 'batch-b.pdf'].map((name) => ({
    name,
    bytes: Buffer.concat([Buffer.from(`%PDF-1.4 ${name} `), randomBytes(2048)]),
  }));
  const records = [];
  for (const file of files) records.push(await uploadViaApi(request, token, file));
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);
  await page.goto('/attestation-all/data/download');
  await expect(page.getByTestId('evidence-filehash')).toHaveCount(2);
  const button = page.getByTestId('proof-package-download');
  await expect(button).toBeDisabled();
  for (const file of files) {
    const label = copy.evidence.pages.batch.selectRow.replace('{{baoquan}}', '');
    const holder = isMobile(page)
      ? page.getByTestId('evidence-card').filter({ hasText: file.name })
      : page.getByRole('row').filter({ hasText: file.name });
    await holder.getByRole('checkbox', { name: new RegExp(label) }).check({ force: true });
  }
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  await page.screenshot({ path: testInfo.outputPath('batch-page.png') });
  const zipPath = testInfo.outputPath('batch.zip');
  await download.saveAs(zipPath);
  const names = (await readZip(new Uint8Array(await readFile(zipPath)))).map((e) => e.name);
  for (const [i, record] of records.entries()) {
    expect(names).toContain(`${record.baoquan}/proof.json`);
    expect(names).toContain(`${record.baoquan}/${files[i]!.name}`);
  }
  expect(names).toContain('verify.html');

  const folder = testInfo.outputPath('batch');
  await mkdir(folder, { recursive: true });
  const page2 = (await readZip(new Uint8Array(await readFile(zipPath)))).find((e) => e.name === 'verify.html')!;
  await writeFile(join(folder, 'verify.html'), page2.bytes);
  const offline = await context.newPage();
  await offline.route('**', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
  await offline.goto(pathToFileURL(join(folder, 'verify.html')).href);
  await offline.getByTestId('pv-files').setInputFiles(zipPath);
  await expect(offline.getByTestId('pv-summary')).toHaveCount(2);
  for (const summary of await offline.getByTestId('pv-summary').all()) await expect(summary).toHaveText(copy.proofPackage.allPassed);
});
