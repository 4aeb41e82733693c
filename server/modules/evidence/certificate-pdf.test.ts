import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { get, PDF_BYTES, preserve } from '../../test-support/uploads';

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function pdfText(url: string, name: string): Promise<{ text: string; headers: Record<string, unknown> }> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = join(t.dataDir, name);
  await writeFile(file, response.rawPayload);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return { text: stdout, headers: response.headers };
}

describe('certificate PDF (Chromium page.pdf, Noto CJK fonts)', () => {
  it('carries extractable Chinese text: full for the owner, limited for others, full with the code', { timeout: 90_000 }, async () => {
    const alice = await register(t, '13600136001');
    await t.post('/api/user/setExtractCode', { extractCode: 'code-1' }, alice.token);
    const evidence = await preserve(t, alice.token, { name: '租赁合同.pdf', content: PDF_BYTES }, { label: '房屋租赁' });

    const link = await get<{ url: string; expiresAt: number }>(t, `/api/check/downCertificate?baoquan=${evidence.baoquan}`, alice.token);
    expect(link.body.code).toBe(200);
    const owner = await pdfText(link.body.data.url, 'owner.pdf');
    const flat = owner.text.replace(/\s+/g, '');
    expect(flat).toContain('电子数据保全证书');
    expect(flat).toContain(evidence.baoquan);
    expect(flat).toContain('租赁合同.pdf');
    expect(flat).toContain('房屋租赁');
    expect(flat).toContain(evidence.filehash);
    expect(flat).toContain(evidence.chainhash);
    expect(owner.headers['content-type']).toBe('application/pdf');
    expect(String(owner.headers['content-disposition'])).toContain(`${encodeURIComponent('电子数据保全证书')}-${evidence.baoquan}.pdf`);

    const anonymousLink = await get<{ url: string }>(t, `/api/check/downCertificate?baoquan=${evidence.baoquan}`);
    const limited = (await pdfText(anonymousLink.body.data.url, 'limited.pdf')).text.replace(/\s+/g, '');
    expect(limited).toContain(evidence.baoquan);
    expect(limited).toContain('受限视图');
    expect(limited).not.toContain('租赁合同');
    expect(limited).toContain('136****6001');

    const wrong = await get(t, `/api/check/downCertificate?baoquan=${evidence.baoquan}&code=nope`);
    expect(wrong.body).toMatchObject({ code: 400, msg: '提取码错误' });
    const sharedLink = await get<{ url: string }>(t, `/api/check/downCertificate?baoquan=${evidence.baoquan}&code=code-1`);
    const shared = (await pdfText(sharedLink.body.data.url, 'shared.pdf')).text.replace(/\s+/g, '');
    expect(shared).toContain('租赁合同.pdf');
    expect(shared).not.toContain('13600136001');
  });
});
