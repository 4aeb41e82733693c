import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofPackageSchema, type ProofPackage } from '../../../contracts/index';
import { verifyFiles, verifyProofPackage } from '../../../proof/package/index';
import { readZip } from '../../../proof/package/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { PDF_BYTES, PNG_BYTES, preserve } from '../../test-support/uploads';
import { copyText, copyTextIn } from '../../test-support/copy';
import { LOCALES_DIR } from '../../paths';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/**
 * The package of `ids`: the link asked for with `acceptLanguage` (none: the default), then opened as a browser's
 * navigation would, with `openLanguage` (its own header, no session).
 */
async function download(
  token: string,
  ids: string,
  acceptLanguage?: string,
  openLanguage?: string,
): Promise<{ name: string; files: Map<string, Uint8Array> }> {
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/data/downProofPackage',
    headers: { authorization: `Bearer ${token}`, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    payload: { ids },
  });
  const body = link.json<{ code: number; msg: string; data: { url: string } }>();
  expect(body.code, body.msg).toBe(200);
  const response = await t.app.inject({
    method: 'GET',
    url: body.data.url,
    headers: openLanguage ? { 'accept-language': openLanguage } : {},
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  const entries = await readZip(new Uint8Array(response.rawPayload));
  return { name: String(response.headers['content-disposition']), files: new Map(entries.map((e) => [e.name, e.bytes])) };
}

const proofOf = (files: Map<string, Uint8Array>, path = 'proof.json'): ProofPackage =>
  proofPackageSchema.parse(JSON.parse(new TextDecoder().decode(files.get(path))));

describe('offline proof package', () => {
  it(
    'holds the file, the certificate PDF, proof.json, the instructions and verify.html; every step verifies',
    { timeout: 90_000 },
    async () => {
      const alice = await register(t, '13600136001');
      const a = await preserve(t, alice.token, { name: '借条.pdf', content: PDF_BYTES }, { label: '借款' });
      const first = await download(alice.token, String(a.id));
      expect(first.name).toContain(encodeURIComponent(`离线验证包-${a.baoquan}.zip`));
      expect([...first.files.keys()].sort()).toEqual(
        [
          'proof.json',
          'verify.html',
          '借条.pdf',
          copyText('proof-package:howtoFile'),
          copyText('proof-package:certificateFile', { baoquan: a.baoquan }),
        ].sort(),
      );
      expect(sha256(first.files.get('借条.pdf')!)).toBe(a.filehash);
      expect(
        new TextDecoder('latin1').decode(
          first.files.get(copyText('proof-package:certificateFile', { baoquan: a.baoquan }))!.subarray(0, 5),
        ),
      ).toBe('%PDF-');
      expect(new TextDecoder().decode(first.files.get(copyText('proof-package:howtoFile')))).toContain('npm run verify');
      const page = new TextDecoder().decode(first.files.get('verify.html'));
      expect(page).toContain(copyText('proof-package:title'));
      // pkijs and asn1js make up most of it: one page, opened once from disk; kept under 700 KiB.
      expect(first.files.get('verify.html')!.length).toBeLessThan(700 * 1024);
      expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!www\.w3\.org)/);

      const proof = proofOf(first.files);
      expect(proof).toMatchObject({
        record: { baoquan: a.baoquan, chainhash: a.chainhash },
        file: { path: '借条.pdf', sha256: a.filehash },
      });
      // Timestamped on demand: the package made right after preserving carries its token and the authority's root.
      expect(proof.checkpoint.timestampToken).toBeTruthy();
      expect(proof.timestampAuthority.certificates.length).toBeGreaterThan(0);
      expect(proof.consistency.first).toBe(proof.checkpoint.treeSize);
      expect(proof.consistency.second).toBe(proof.latestCheckpoint.treeSize);
      const steps = await verifyProofPackage(proof, first.files.get('借条.pdf')!);
      expect(steps.map((s) => [s.step, s.ok])).toEqual([
        ['fileHash', true],
        ['auditPath', true],
        ['signature', true],
        ['timestamp', true],
        ['consistency', true],
      ]);

      // Later records grow the log: the record stays proved against its timestamped checkpoint, consistent with the newest.
      await preserve(t, alice.token, { name: 'b.png', content: PNG_BYTES });
      await preserve(t, alice.token, { name: 'c.png', content: PNG_BYTES });
      const later = proofOf((await download(alice.token, String(a.id))).files);
      expect(later.checkpoint.treeSize).toBe(proof.checkpoint.treeSize);
      expect(later.latestCheckpoint.treeSize).toBeGreaterThan(proof.checkpoint.treeSize);
      expect(later.consistency.proof.length).toBeGreaterThan(0);
      expect((await verifyProofPackage(later, first.files.get('借条.pdf')!)).every((s) => s.ok)).toBe(true);
    },
  );

  it('a batch: one folder per record, one verify.html; the zip as a whole verifies', { timeout: 90_000 }, async () => {
    const bob = await register(t, '13600136002');
    const a = await preserve(t, bob.token, { name: 'proof.json', content: Buffer.from('{"not":"a proof"}') });
    const b = await preserve(t, bob.token, { name: 'photo.png', content: PNG_BYTES });
    const { files } = await download(bob.token, `${a.id},${b.id}`);
    const names = [...files.keys()];
    expect(names).toContain('verify.html');
    expect(names).toContain(copyText('proof-package:howtoFile'));
    // A file named like the proof does not overwrite it.
    expect(names).toContain(`${a.baoquan}/proof (2).json`);
    expect(names).toContain(`${a.baoquan}/proof.json`);
    expect(names).toContain(`${b.baoquan}/photo.png`);
    expect(names).toContain(`${b.baoquan}/电子数据保全证书-${b.baoquan}.pdf`);
    const verdicts = await verifyFiles([...files].map(([name, bytes]) => ({ name, bytes })));
    expect(verdicts.map((v) => [v.proof?.record.baoquan, v.ok])).toEqual(
      expect.arrayContaining([
        [a.baoquan, true],
        [b.baoquan, true],
      ]),
    );
    expect(verdicts).toHaveLength(2);
  });

  it(
    'in English for an English request: the verify page, the guide and the names, whatever the opening browser says',
    { timeout: 90_000 },
    async () => {
      const dave = await register(t, '13600136005');
      const a = await preserve(t, dave.token, { name: 'loan.pdf', content: PDF_BYTES });
      const en = (key: string, vars?: Record<string, string>) => copyTextIn('en', key, vars);
      const guide = readFileSync(join(LOCALES_DIR, 'en', 'content', 'proof-package', 'howto.md'));
      const check = (files: Map<string, Uint8Array>) => {
        expect([...files.keys()].sort()).toEqual(
          [
            'proof.json',
            'verify.html',
            'loan.pdf',
            en('proof-package:howtoFile'),
            en('proof-package:certificateFile', { baoquan: a.baoquan }),
          ].sort(),
        );
        expect(Buffer.from(files.get(en('proof-package:howtoFile'))!).equals(guide)).toBe(true);
        const page = new TextDecoder().decode(files.get('verify.html'));
        expect(page).toContain('<html lang="en">');
        expect(page).toContain(`<title>${en('proof-package:title')}</title>`);
        expect(page).not.toMatch(/\p{Script=Han}/u);
      };
      // Asked for in English, opened by a Chinese browser: the link carries the language it was asked in.
      const asked = await download(dave.token, String(a.id), 'en-US,en;q=0.9', 'zh-CN,zh;q=0.9');
      expect(asked.name).toContain(encodeURIComponent(`${en('proof-package:packageName')}-${a.baoquan}.zip`));
      check(asked.files);
      // The account's own language wins over the Chinese browser that asks.
      expect((await t.post('/api/user/setLanguage', { language: 'en' }, dave.token)).body.code).toBe(200);
      check((await download(dave.token, String(a.id), 'zh-CN,zh;q=0.9', 'zh-CN')).files);
    },
  );

  it("another user's id answers as one that does not exist; hostile input gets the envelope", async () => {
    const alice = await register(t, '13600136003');
    const carol = await register(t, '13600136004');
    const mine = await preserve(t, alice.token, { name: 'a.pdf', content: PDF_BYTES });
    const theirs = await t.post('/api/data/downProofPackage', { ids: String(mine.id) }, carol.token);
    const none = await t.post('/api/data/downProofPackage', { ids: '987654321' }, carol.token);
    expect(theirs.status).toBe(none.status);
    expect(theirs.body).toEqual(none.body);
    expect(theirs.body).toMatchObject({ code: 404, msg: copyText('preservation:notFound'), data: null });
    // By preservation number (the certificate page's way): the same.
    const byNumber = await t.post('/api/data/downProofPackage', { baoquan: mine.baoquan }, carol.token);
    const noNumber = await t.post('/api/data/downProofPackage', { baoquan: 'BQ20250106000000000000' }, carol.token);
    expect([byNumber.status, byNumber.body]).toEqual([noNumber.status, noNumber.body]);
    expect(byNumber.body).toMatchObject({ code: 404, msg: copyText('preservation:notFound') });
    const own = await t.post<{ url: string }>('/api/data/downProofPackage', { baoquan: mine.baoquan }, alice.token);
    expect(own.body.code).toBe(200);
    expect(own.body.data.url).toContain('/api/data/proofPackage?');

    const hostile: Record<string, string>[] = [
      {},
      { ids: '' },
      { ids: 'abc' },
      { ids: '1,,2' },
      { ids: '-1' },
      { ids: '1e3' },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') },
      { ids: '9'.repeat(6000) },
      { ids: "1' OR 1=1 --" },
      { baoquan: '' },
      { baoquan: 'x'.repeat(41) },
    ];
    for (const body of hostile) {
      const reply = await t.post('/api/data/downProofPackage', body, alice.token);
      expect(reply.status, JSON.stringify(body)).toBeLessThan(500);
      expect(reply.body.code, JSON.stringify(body)).toBe(400);
      expect(reply.body.msg, JSON.stringify(body)).toMatch(/\p{Script=Han}/u);
    }
    // JSON bodies: a list, a number, broken JSON.
    for (const payload of ['{"ids":[1,2]}', '{"ids":{"a":1}}', '{"ids":', '[]']) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/data/downProofPackage',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(reply.statusCode, payload).toBeLessThan(500);
      expect(reply.json(), payload).toMatchObject({ code: 400, data: null });
    }
    const anonymous = await t.post('/api/data/downProofPackage', { ids: String(mine.id) });
    expect(anonymous.body).toMatchObject({ code: 408, data: null });

    const link = await t.post<{ url: string }>('/api/data/downProofPackage', { ids: String(mine.id) }, alice.token);
    const forged = link.body.data.url.replace(/ids=\d+/, `ids=${mine.id + 1}`);
    const refused = await t.app.inject({ method: 'GET', url: forged });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 400, data: null });
  });
});
