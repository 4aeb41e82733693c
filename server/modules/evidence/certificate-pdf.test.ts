import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_POLICY } from '../../providers/tsa/authority';
import { openTimestampAuthority } from '../../providers/tsa';
import { TransparencyLog } from '../../chain/log';
import { loadLogKey } from '../../chain/keys';
import { CheckpointTimestamper } from '../../chain/timestamps';
import { testConfig } from '../../config';
import { formatChinaTime } from '../../lib/time';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { get, PDF_BYTES, preserve } from '../../test-support/uploads';
import { copyText, copyTextIn } from '../../test-support/copy';

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The PDF's text (`layout`: rows kept on their lines, so a label reads next to its value). */
async function pdfText(
  url: string,
  name: string,
  layout = false,
  acceptLanguage?: string,
): Promise<{ text: string; headers: Record<string, unknown> }> {
  const response = await t.app.inject({ method: 'GET', url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
  expect(response.statusCode).toBe(200);
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = join(t.dataDir, name);
  await writeFile(file, response.rawPayload);
  const { stdout } = await run('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-']);
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
    expect(flat).toContain(copyText('common:titles.certificate'));
    expect(flat).toContain(evidence.baoquan);
    expect(flat).toContain('租赁合同.pdf');
    expect(flat).toContain('房屋租赁');
    expect(flat).toContain(evidence.filehash);
    expect(flat).toContain(evidence.chainhash);
    expect(owner.headers['content-type']).toBe('application/pdf');
    expect(String(owner.headers['content-disposition'])).toContain(
      `${encodeURIComponent(copyText('common:titles.certificate'))}-${evidence.baoquan}.pdf`,
    );

    const anonymousLink = await get<{ url: string }>(t, `/api/check/downCertificate?baoquan=${evidence.baoquan}`);
    const limited = (await pdfText(anonymousLink.body.data.url, 'limited.pdf')).text.replace(/\s+/g, '');
    expect(limited).toContain(evidence.baoquan);
    expect(limited).toContain('受限视图');
    expect(limited).not.toContain('租赁合同');
    expect(limited).toContain('136****6001');

    const wrong = await get(t, `/api/check/downCertificate?baoquan=${evidence.baoquan}&code=nope`);
    expect(wrong.body).toMatchObject({ code: 400, msg: copyText('preservation:wrongCode') });
    const sharedLink = await get<{ url: string }>(t, `/api/check/downCertificate?baoquan=${evidence.baoquan}&code=code-1`);
    const shared = (await pdfText(sharedLink.body.data.url, 'shared.pdf')).text.replace(/\s+/g, '');
    expect(shared).toContain('租赁合同.pdf');
    expect(shared).not.toContain('13600136001');
  });
});

describe('the certificate in English', () => {
  it(
    'for an account whose language is English, whatever its browser says: English words, China time said, no Han but the user’s own',
    { timeout: 90_000 },
    async () => {
      const carol = await register(t, '13600136003');
      expect((await t.post('/api/user/setLanguage', { language: 'en' }, carol.token)).body.code).toBe(200);
      const evidence = await preserve(
        t,
        carol.token,
        { name: '借款合同.pdf', content: Buffer.concat([PDF_BYTES, Buffer.from('carol')]) },
        { label: '借款' },
      );
      const link = await t.app.inject({
        method: 'GET',
        url: `/api/check/downCertificate?baoquan=${evidence.baoquan}`,
        headers: { authorization: `Bearer ${carol.token}`, 'accept-language': 'zh-CN,zh;q=0.9' },
      });
      const { url } = link.json<{ data: { url: string } }>().data;
      // Opened by a Chinese browser, as a download is: the link's language decides.
      const { text, headers } = await pdfText(url, 'english.pdf', false, 'zh-CN,zh;q=0.9');
      const en = (key: string, vars?: Record<string, string>) => copyTextIn('en', `certificate:${key}`, vars);
      const flat = text.replace(/\s+/g, ' ');
      for (const words of [en('title'), en('baoquan'), en('fileTitle'), en('saveTime'), en('verifyTitle'), en('issuer')])
        expect(flat).toContain(words);
      expect(flat).toContain(en('chinaTime', { time: evidence.saveTime }));
      expect(String(headers['content-disposition'])).toContain(encodeURIComponent(`${en('title')}-${evidence.baoquan}.pdf`));
      // The file name and label are the user's own words, kept as written.
      expect(flat.replaceAll('借款合同.pdf', '').replaceAll('借款', '')).not.toMatch(/\p{Script=Han}/u);
    },
  );
});

describe('trusted time on the certificate', () => {
  it(
    'says the token is pending, then states the time, the authority and its policy; the PDF is never cached',
    { timeout: 90_000 },
    async () => {
      // The app's log and sandbox authority; the test ticks the timestamp job itself (TSA_INTERVAL_SECONDS is 0 here).
      const log = new TransparencyLog(t.db, t.clock, await loadLogKey(testConfig({ DATA_DIR: t.dataDir })));
      const timestamps = new CheckpointTimestamper(t.db, log, () => openTimestampAuthority(null, t.db, t.clock), t.clock, true);
      const bob = await register(t, '13600136002');
      const evidence = await preserve(t, bob.token, { name: '借条.pdf', content: Buffer.concat([PDF_BYTES, Buffer.from('bob')]) });

      const pendingView = await get<{ trustedTime: unknown }>(t, `/api/check/bqview?baoquan=${evidence.baoquan}`, bob.token);
      expect(pendingView.body.data.trustedTime).toBeNull();
      const pendingLink = await get<{ url: string }>(t, `/api/check/downCertificate?baoquan=${evidence.baoquan}`, bob.token);
      const pending = await pdfText(pendingLink.body.data.url, 'pending.pdf');
      expect(pending.headers['cache-control']).toBe('no-store');
      expect(pending.text.replace(/\s+/g, '')).toContain('可信时间戳签发中');

      t.clock.advance(3_000);
      expect(await timestamps.tick()).toBe('stamped');
      const proof = await get<{ timestamped: { checkpoint: { treeSize: number } } }>(t, `/api/chain/proof?chainhash=${evidence.chainhash}`);
      const view = await get<{ trustedTime: { genTime: string; authority: string; policy: string; treeSize: number; sandbox: boolean } }>(
        t,
        `/api/check/bqview?baoquan=${evidence.baoquan}`,
      );
      const trusted = view.body.data.trustedTime;
      expect(trusted).toEqual({
        genTime: t.clock.now().toISOString(),
        authority: 'Evidence Platform Sandbox TSA',
        policy: SANDBOX_POLICY,
        treeSize: proof.body.data.timestamped.checkpoint.treeSize,
        sandbox: true,
      });

      // The same signed link, opened again, renders anew: the PDF now states the trusted time.
      const stamped = await pdfText(pendingLink.body.data.url, 'stamped.pdf', true);
      const flat = stamped.text.replace(/[ \t]+/g, '');
      expect(flat).not.toContain('可信时间戳签发中');
      expect(flat).toContain(`可信时间（RFC3161）${formatChinaTime(new Date(trusted.genTime)).replace(/\s+/g, '')}（北京时间）`);
      expect(flat).toContain('时间戳机构EvidencePlatformSandboxTSA（沙箱测试机构');
      expect(flat).toContain(`时间戳策略${SANDBOX_POLICY}`);
    },
  );
});
