import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, locale, registerViaApi, smsCode, test, userCall } from './fixtures';

/**
 * After the cooling-off: the record of a cancelled account, looked up by anyone. The deletion needs the
 * cooling-off to have passed, so this file runs its own server (same build, own data folder) whose cooling-off is
 * 0 days and whose deletion job runs every second; the shared e2e server keeps the default 15 days.
 */
// Below Linux's ephemeral range (32768-60999): a port there can be held by any outgoing connection of the run (the
// browsers, the other server), and this server then failed to listen while the test waited for it (a flaky run).
// The shared e2e server takes 20000-29999 (playwright.config.ts).
const port = 30_000 + Math.floor(Math.random() * 2_700);
const base = `http://127.0.0.1:${port}`;
test.use({ baseURL: base });

let server: ChildProcess | null = null;
let dataDir = '';
test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(join(tmpdir(), 'evidence-e2e-erased-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ACCOUNT_CANCEL_COOLING_OFF_DAYS: '0',
      ACCOUNT_CANCEL_JOB_SECONDS: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: string[] = [];
  server.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
  // A server that has exited will never answer: say why at once instead of waiting out the timeout.
  const exited = new Promise<never>((_, reject) => {
    server?.once('exit', (code) => reject(new Error(`the test server exited (${String(code)}): ${errors.join('').slice(-2000)}`)));
  });
  exited.catch(() => undefined);
  await Promise.race([
    expect
      .poll(
        () =>
          fetch(`${base}/api/openapi.json`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 140_000, intervals: [250] },
      )
      .toBe(200),
    exited,
  ]);
});
test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const attestation = locale('attestation') as { deletedByOwner: string; actions: { pdf: string; print: string } };
const verify = locale('verify') as { query: { numberLabel: string; search: string; found: string; deletedByOwner: string } };

async function dropFile(page: Page, testId: string, name: string, bytes: Buffer) {
  const transfer = await page.evaluateHandle(
    ({ fileName, data }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], fileName));
      return dt;
    },
    { fileName: name, data: bytes.toString('base64') },
  );
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer: transfer });
}

test('a cancelled account: its records answer "deleted by its owner" by number, by file and on the certificate; the phone registers anew', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token, phone } = await registerViaApi(request);
  const api = { request, token, phone };
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)]);
  const upload = await request.post('/api/data/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { label: '合同', file: { name: '合同.pdf', mimeType: 'application/pdf', buffer: bytes } },
  });
  const record = ((await upload.json()) as { data: { baoquan: string; filehash: string } }).data;

  await userCall(api, '/api/user/cancellation/sendCode');
  await userCall(api, '/api/user/cancellation/apply', { smsCode: await smsCode(request, phone) });
  // The job erases the account within a second or two: the old session ends with it.
  await expect
    .poll(
      async () =>
        (
          (await (await request.post('/api/user/getUserInfo', { headers: { authorization: `Bearer ${token}` } })).json()) as {
            code: number;
          }
        ).code,
      {
        timeout: 30_000,
      },
    )
    .toBe(408);

  await page.goto(`/attestation/${record.baoquan}`);
  await expect(page.getByTestId('deleted-by-owner')).toHaveText(attestation.deletedByOwner);
  await expect(page.getByTestId('certificate-baoquan')).toContainText(record.baoquan);
  await expect(page.getByText(record.filehash)).toBeVisible();
  await expect(page.getByRole('button', { name: attestation.actions.pdf })).toHaveCount(0);
  await expect(page.getByRole('button', { name: attestation.actions.print })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('certificate-deleted-by-owner.png'), fullPage: true });

  await page.goto('/queryAuthentication');
  await page.getByLabel(verify.query.numberLabel, { exact: true }).fill(record.baoquan);
  await page.getByRole('button', { name: verify.query.search }).click();
  const result = page.getByTestId('lookup-result');
  await expect(result).toContainText(verify.query.found);
  await expect(result.getByTestId('deleted-by-owner')).toHaveText(verify.query.deletedByOwner);
  await dropFile(page, 'lookup-drop', '合同.pdf', bytes);
  await expect(result).toContainText(record.baoquan);
  await expect(result.getByTestId('deleted-by-owner')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('lookup-deleted-by-owner.png'), fullPage: true });

  // The phone number is free: it registers a new, empty account.
  const again = await registerViaApi(request, phone);
  const info = await userCall<{ phone?: string }>({ request, token: again.token, phone }, '/api/user/getUserInfo');
  expect(JSON.stringify(info)).toContain(phone);
});
