import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatChinaTime } from '../../server/lib/time';
import { copy, expect, isMobile, registerViaApi, test, text, validationText } from './fixtures';

/** Journeys of data preservation, against the real server, at 1280 and 375 px. */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const freshFile = (name: string, size = 2048) => ({
  name,
  bytes: Buffer.concat([Buffer.from(`${name} ${Date.now()} `), randomBytes(size)]),
});

async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);
}

type Uploaded = { id: number; baoquan: string; chainhash: string; filehash: string };
type TrustedTime = { genTime: string; authority: string; policy: string; treeSize: number; sandbox: boolean };
/** `2026-11-26 10:00:05`: an ISO time as the pages show it, in China time (UTC+8). */
const chinaTime = (iso: string) => formatChinaTime(new Date(iso));

/** Preserves a file through the API, as the upload panel does. */
async function uploadViaApi(
  request: APIRequestContext,
  token: string,
  file: { name: string; bytes: Buffer },
  label = 'e2e',
): Promise<Uploaded> {
  const reply = await request.post('/api/data/upload', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { label, file: { name: file.name, mimeType: 'application/octet-stream', buffer: file.bytes } },
  });
  const body = (await reply.json()) as { code: number; msg: string; data: Uploaded };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** Drops a file on an element the way a browser does (a drop event carrying a DataTransfer). */
async function dropFile(page: Page, testId: string, file: { name: string; bytes: Buffer }) {
  const transfer = await page.evaluateHandle(
    ({ name, data }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name));
      return dt;
    },
    { name: file.name, data: file.bytes.toString('base64') },
  );
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer: transfer });
}

test('upload two files, see them listed with their SHA-256, open the certificate, verify it in the explorer, print view', async ({
  page,
  request,
}) => {
  // The trusted time may take one tick of the server's timestamp job (10 s) on top of the journey.
  test.setTimeout(120_000);
  const { token } = await registerViaApi(request);
  await signIn(page, token);
  const files = [freshFile('合同-甲.txt'), freshFile('photo-b.bin', 70_000)];

  await page.goto('/attestation-all');
  await expect(page).toHaveURL(/\/attestation-all\/data$/);
  await expect(page.getByTestId('evidence-empty')).toContainText(copy.evidence.list.empty);

  await page
    .getByLabel(copy.evidence.upload.chooseLabel)
    .setInputFiles(files.map((f) => ({ name: f.name, mimeType: 'application/octet-stream', buffer: f.bytes })));
  await expect(page.getByTestId('upload-row')).toHaveCount(2);
  // A label per file is required.
  await page.getByRole('button', { name: copy.evidence.upload.start }).click();
  await expect(page.getByText(validationText('required|label')).first()).toBeVisible();
  await page.getByLabel(copy.evidence.upload.allLabel).fill('合同');
  await page.getByRole('button', { name: copy.evidence.upload.start }).click();
  await expect(page.getByTestId('upload-row').filter({ hasText: copy.evidence.upload.state.done })).toHaveCount(2);

  // Both appear in the list with the SHA-256 this test computed itself.
  const listed = page.getByTestId('evidence-filehash');
  await expect(listed).toHaveCount(2);
  const shown = await listed.allTextContents();
  expect(shown.sort()).toEqual(files.map((f) => sha256(f.bytes)).sort());

  // The owner downloads from the list: the same bytes.
  const row = isMobile(page)
    ? page.getByTestId('evidence-card').filter({ hasText: files[0]!.name })
    : page.getByRole('row').filter({ hasText: files[0]!.name });
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: copy.evidence.download.button }).click();
  const download = await downloading;
  expect(sha256(await readFile(await download.path()))).toBe(sha256(files[0]!.bytes));

  // The certificate: hashes, and the chain hash opens the explorer, which verifies in the browser.
  await row.getByRole('link', { name: copy.evidence.list.viewCertificate }).click();
  await expect(page).toHaveURL(/\/attestation\/BQ\w+\?fileUrl=.+&fileType=.+&isDownload=1/);
  await expect(page.getByRole('heading', { name: copy.attestation.title })).toBeVisible();
  await expect(page.getByTestId('certificate-filehash')).toHaveText(sha256(files[0]!.bytes));
  await expect(page.getByRole('img', { name: copy.attestation.qr.label })).toBeVisible();

  // Trusted time: the server's job timestamps the newest checkpoint every 10 s; wait for the record's token
  // through the API, then the certificate states the authority's time and name.
  const baoquan = /\/attestation\/(BQ\w+)/.exec(page.url())?.[1] ?? '';
  const readTrusted = async () =>
    ((await (await request.get(`/api/check/bqview?baoquan=${baoquan}`)).json()) as { data: { trustedTime: TrustedTime | null } }).data
      .trustedTime;
  await expect.poll(readTrusted, { timeout: 40_000 }).not.toBeNull();
  const stamp = (await readTrusted())!;
  await page.reload();
  await expect(page.getByTestId('certificate-trusted-time')).toContainText(chinaTime(stamp.genTime));
  await expect(page.getByTestId('certificate-tsa')).toContainText('Evidence Platform Sandbox TSA');

  const popup = page.waitForEvent('popup');
  await page.getByTestId('certificate-chainhash').click();
  const explorer = await popup;
  await expect(explorer).toHaveURL(/\/explorer\/[0-9a-f]{64}$/);
  await expect(explorer.getByTestId('explorer-verdict')).toContainText(copy.verify.explorer.verified);
  // The browser checks the inclusion, the RFC 3161 token and the consistency proof to the latest checkpoint.
  for (const check of ['inclusion', 'time', 'history']) {
    await expect(explorer.getByTestId(`check-${check}`)).toHaveAttribute('data-status', 'passed', { timeout: 20_000 });
  }
  await expect(explorer.getByTestId('check-time')).toContainText(chinaTime(stamp.genTime));
  await explorer.close();

  // Print: the hint first, then the browser's dialog; the print view hides .no-print.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: copy.attestation.actions.print }).click();
  const hint = page.getByRole('dialog', { name: copy.attestation.print.title });
  await expect(hint).toContainText(copy.attestation.print.step1);
  await hint.getByRole('button', { name: copy.attestation.print.confirm }).click();
  await expect(hint).toBeHidden();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('group', { name: copy.attestation.actions.label })).toBeHidden();
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.getByRole('heading', { name: copy.attestation.title })).toBeVisible();
  await expect(page.getByTestId('certificate-filehash')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

test('/queryAuthentication: a dropped file is hashed in the browser and found; a changed file is not', async ({ page, request }) => {
  const { token } = await registerViaApi(request);
  const file = freshFile('evidence.pdf', 300_000);
  const record = await uploadViaApi(request, token, file);

  const uploads: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST') uploads.push(`${req.url()} ${req.postDataBuffer()?.length ?? 0}`);
  });

  await page.goto('/queryAuthentication');
  await expect(page.getByRole('heading', { name: copy.verify.query.title })).toBeVisible();
  await dropFile(page, 'lookup-drop', file);
  const result = page.getByTestId('lookup-result');
  await expect(result).toContainText(copy.verify.query.found);
  await expect(result).toContainText(record.baoquan);
  await expect(page.getByTestId('lookup-file-hash')).toHaveText(sha256(file.bytes));
  // Only the hash went out: no request body anywhere near the file's size.
  expect(uploads.every((line) => Number(line.split(' ').at(-1)) < 1000)).toBe(true);

  const changed = { name: file.name, bytes: Buffer.concat([file.bytes, Buffer.from('!')]) };
  await dropFile(page, 'lookup-drop', changed);
  await expect(result).toContainText(copy.verify.query.notFound);
  await expect(page.getByTestId('lookup-file-hash')).toHaveText(sha256(changed.bytes));

  // By number, on a sub-page.
  await page.goto('/queryAuthentication/notarial');
  await expect(page.getByRole('heading', { name: copy.verify.query.kinds.notarial })).toBeVisible();
  await page.getByLabel(copy.verify.query.numberLabel, { exact: true }).fill(record.baoquan);
  await page.getByRole('button', { name: copy.verify.query.search }).click();
  await expect(result).toContainText(copy.verify.query.found);
  await result.getByRole('link', { name: copy.verify.query.viewCertificate }).click();
  await expect(page.getByTestId('certificate-baoquan')).toContainText(record.baoquan);
});

test('an anonymous visitor opens the shared certificate and downloads the evidence with the extraction code', async ({ page, request }) => {
  const { token } = await registerViaApi(request);
  const file = freshFile('shared.txt');
  const record = await uploadViaApi(request, token, file);
  const set = await request.post('/api/user/setExtractCode', {
    headers: { Authorization: `Bearer ${token}` },
    form: { extractCode: 'share-2026' },
  });
  expect(((await set.json()) as { code: number }).code).toBe(200);

  await page.goto(`/attestation/${record.baoquan}`);
  await expect(page.getByText(copy.attestation.limitedNote)).toBeVisible();
  await expect(page.getByTestId('certificate-filehash')).toHaveText(record.filehash);
  await expect(page.getByRole('button', { name: copy.attestation.actions.download })).toHaveCount(0);
  await expect(page.getByRole('img', { name: copy.attestation.qr.label })).toHaveCount(0);

  await page.getByRole('button', { name: copy.attestation.actions.extract }).click();
  const dialog = page.getByRole('dialog', { name: copy.attestation.extract.title });
  await dialog.getByLabel(copy.attestation.extract.label).fill('wrong-code');
  await dialog.getByRole('button', { name: copy.attestation.extract.submit }).click();
  await expect(dialog.getByRole('alert')).toHaveText(text('preservation:wrongCode'));

  await dialog.getByLabel(copy.attestation.extract.label).fill('share-2026');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: copy.attestation.extract.submit }).click();
  const download = await downloading;
  expect(sha256(await readFile(await download.path()))).toBe(sha256(file.bytes));
  await expect(dialog).toBeHidden();
  await expect(page.getByText(copy.attestation.sharedNote)).toBeVisible();
  await expect(page.getByText(file.name).first()).toBeVisible();
});

test('batch download: the two messages, one package, and a dialog that counts down and closes', async ({ page, request }) => {
  const { token } = await registerViaApi(request);
  const files = [freshFile('batch-1.txt'), freshFile('batch-2.txt')];
  for (const file of files) await uploadViaApi(request, token, file);
  await signIn(page, token);
  await page.goto('/attestation-all/data/download');
  await expect(page.getByTestId('evidence-filehash')).toHaveCount(2);

  const download = page.getByRole('button', { name: copy.evidence.pages.batch.download, exact: true });
  await download.click();
  await expect(page.getByText(copy.validation.selectEvidence)).toBeVisible();

  // Nothing found: 无下载文件.
  await page.getByLabel(copy.evidence.filters.keyword).fill('no-such-file');
  await page.getByRole('button', { name: copy.evidence.filters.search }).click();
  await expect(page.getByTestId('evidence-empty')).toBeVisible();
  await download.click();
  await expect(page.getByText(copy.evidence.pages.batch.noFiles)).toBeVisible();
  await page.getByRole('button', { name: copy.evidence.filters.reset }).click();
  await expect(page.getByTestId('evidence-filehash')).toHaveCount(2);

  for (const file of files) {
    const label = copy.evidence.pages.batch.selectRow.replace('{{baoquan}}', '');
    const holder = isMobile(page)
      ? page.getByTestId('evidence-card').filter({ hasText: file.name })
      : page.getByRole('row').filter({ hasText: file.name });
    // Semi draws its own box over a transparent input: check the input itself.
    await holder.getByRole('checkbox', { name: new RegExp(label) }).check({ force: true });
  }
  await expect(page.getByText(copy.evidence.pages.batch.selected.replace('{{count}}', '2'))).toBeVisible();

  const downloading = page.waitForEvent('download');
  await download.click();
  const zip = await downloading;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const dialog = page.getByRole('dialog', { name: copy.evidence.pages.batch.dialogTitle });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('batch-countdown')).toContainText('5');
  await expect(page.getByTestId('batch-countdown')).toContainText('3', { timeout: 4000 });
  await expect(dialog).toBeHidden({ timeout: 7000 });
});
