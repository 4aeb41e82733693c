import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fromBufferPromise } from 'yauzl';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Certificate, Checkpoint, Evidence } from '../../../contracts/index';
import { verifyText } from '../../chain/keys';
import { FileStore } from '../../files/store';
import { verifyInclusion } from '../../chain/merkle';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { get, multipartBody, PDF_BYTES, PNG_BYTES, preserve, upload } from '../../test-support/uploads';
import { copyText, validationText } from '../../test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
const storedObjects = () => filesIn(join(t.dataDir, 'files', 'objects'));
const tempFiles = () => filesIn(join(t.dataDir, 'files', 'tmp'));
async function evidenceRows(): Promise<number> {
  const row = await t.db
    .selectFrom('evidence')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
async function fetchBytes(url: string): Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }> {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.rawPayload, headers: response.headers };
}
const list = (token: string, query = '') =>
  get<{ count: number; list: Evidence[] }>(t, `/api/data/getList${query ? `?${query}` : ''}`, token);

describe('upload, list, certificate', () => {
  it('preserves a file: SHA-256 computed while streaming, listed, certificate for its owner, labels', async () => {
    const alice = await register(t, '13600136001');
    const reply = await upload(t, alice.token, { name: '现场照片.png', content: PNG_BYTES }, { label: '合同纠纷' });
    expect(reply.status).toBe(200);
    expect(reply.body.msg).toBe(copyText('server:preserved'));
    const evidence = reply.body.data;
    expect(evidence).toMatchObject({
      title: '现场照片.png',
      label: '合同纠纷',
      fileType: 'image',
      filehash: sha256(PNG_BYTES),
      size: PNG_BYTES.length,
      isDownload: 1,
      isSelf: 1,
      isApp: 0,
      status: 1,
      saveTime: '2025-01-06 09:00:00',
    });
    expect(evidence.baoquan).toMatch(/^BQ20250106\d{12}$/);
    expect(evidence.chainhash).toMatch(/^[0-9a-f]{64}$/);
    expect(evidence.path).toMatch(/^[A-Za-z0-9]{23}[A-Za-z0-9+*=]+$/);

    const listed = await list(alice.token);
    expect(listed.body.data).toEqual({ count: 1, list: [evidence] });

    const view = await get<Certificate>(t, `/api/check/bqview?baoquan=${evidence.baoquan}`, alice.token);
    expect(view.body.data).toMatchObject({
      baoquan: evidence.baoquan,
      limited: false,
      isSelf: 1,
      title: '现场照片.png',
      label: '合同纠纷',
      owner: '13600136001',
      filehash: evidence.filehash,
      chainhash: evidence.chainhash,
      explorerUrl: `/explorer/${evidence.chainhash}`,
    });

    await preserve(t, alice.token, { name: 'b.pdf', content: PDF_BYTES }, { label: '借款' });
    await preserve(t, alice.token, { name: 'c.pdf', content: Buffer.concat([PDF_BYTES, Buffer.from('x')]) }, { label: '借款' });
    expect((await get<{ list: string[] }>(t, '/api/data/getLabelList', alice.token)).body.data).toEqual({ list: ['借款', '合同纠纷'] });
  });

  it('takes the title field over the file name, and refuses bad fields, a missing file and no session', async () => {
    const alice = await register(t, '13600136001');
    const titled = await preserve(t, alice.token, { name: 'IMG_0001.png', content: PNG_BYTES }, { title: '  门店照片  ' });
    expect(titled.title).toBe(copyText('staff-desks:kyc.detail.imageAlt', { name: '门店' }));
    expect(titled.label).toBe('');

    const longLabel = await upload(t, alice.token, { name: 'a.png', content: PNG_BYTES }, { label: 'x'.repeat(51) });
    expect(longLabel.status).toBe(400);
    expect(longLabel.body.msg).toBe(copyText('validation:labelMax'));

    const { payload, contentType } = multipartBody({ label: 'a' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/data/upload',
      headers: { 'content-type': contentType, authorization: `Bearer ${alice.token}` },
      payload,
    });
    expect(noFile.json()).toMatchObject({ code: 400, msg: copyText('preservation:noFile') });

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/data/upload', headers: { 'content-type': contentType }, payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 408 });
    expect(await evidenceRows()).toBe(1);
  });

  it('keeps the same file preserved twice as two records sharing one stored object', async () => {
    const alice = await register(t, '13600136001');
    const bob = await register(t, '13600136002');
    const before = (await storedObjects()).length;
    const first = await preserve(t, alice.token, { name: 'same.pdf', content: PDF_BYTES });
    const second = await preserve(t, alice.token, { name: 'same-again.pdf', content: PDF_BYTES });
    const third = await preserve(t, bob.token, { name: 'bobs.pdf', content: PDF_BYTES });
    expect(new Set([first.baoquan, second.baoquan, third.baoquan]).size).toBe(3);
    expect(new Set([first.chainhash, second.chainhash, third.chainhash]).size).toBe(3);
    expect(first.filehash).toBe(second.filehash);
    expect((await storedObjects()).length - before).toBe(before === 0 ? 1 : 0);
    expect(await evidenceRows()).toBe(3);
    expect(await tempFiles()).toEqual([]);
  });
});

describe('broken uploads leave nothing behind', () => {
  it('a multipart body cut short mid-file: no record, no stored object, no temporary file', async () => {
    const alice = await register(t, '13600136001');
    const content = randomBytes(256 * 1024);
    const { payload, contentType } = multipartBody({ label: 'x' }, { name: 'cut.bin', content });
    const cut = payload.subarray(0, Math.floor(payload.length / 2));
    const before = await storedObjects();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/data/upload',
      headers: { 'content-type': contentType, authorization: `Bearer ${alice.token}` },
      payload: cut,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, msg: copyText('preservation:uploadBroken') });
    expect(await evidenceRows()).toBe(0);
    expect(await storedObjects()).toEqual(before);
    expect(await tempFiles()).toEqual([]);
  });

  it('a client that disconnects mid-upload over real HTTP: no record, no file', async () => {
    const alice = await register(t, '13600136001');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (t.app.server.address() as AddressInfo).port;
      expect(address).toContain(String(port));
      const content = randomBytes(2 * 1024 * 1024);
      const { payload, contentType } = multipartBody({ label: 'x' }, { name: 'abort.bin', content });
      const before = await storedObjects();
      await new Promise<void>((resolve) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/data/upload',
          headers: { 'content-type': contentType, 'content-length': payload.length, authorization: `Bearer ${alice.token}` },
        });
        req.on('error', () => resolve());
        req.write(payload.subarray(0, 1024 * 1024), () => {
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 100);
        });
      });
      // The server notices the closed socket and cleans up.
      for (let i = 0; i < 50 && (await tempFiles()).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      expect(await tempFiles()).toEqual([]);
      expect(await storedObjects()).toEqual(before);
      expect(await evidenceRows()).toBe(0);
    } finally {
      // Stops listening (it answers nothing to wait for); the app itself closes after the suite.
      t.app.server.close();
    }
  });

  it('a file over UPLOAD_MAX_BYTES is refused while streaming', async () => {
    const small = await createTestApp({ config: { UPLOAD_MAX_BYTES: '1000' } });
    try {
      const alice = await register(small, '13600136001');
      const ok = await upload(small, alice.token, { name: 'ok.bin', content: randomBytes(1000) });
      expect(ok.body.code).toBe(200);
      const big = await upload(small, alice.token, { name: 'big.bin', content: randomBytes(5000) });
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ code: 400, msg: copyText('preservation:tooLarge', { size: '1000B' }) });
      expect((await filesIn(join(small.dataDir, 'files', 'objects'))).length).toBe(1);
      expect(await filesIn(join(small.dataDir, 'files', 'tmp'))).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('upload with the file as the whole body (application/octet-stream)', () => {
  const rawUpload = (app: TestApp, token: string, body: Buffer, query: string) =>
    app.app.inject({
      method: 'POST',
      url: `/api/data/upload?${query}`,
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
      payload: body,
    });

  it('preserves the bytes with the label, title and file name of the query', async () => {
    const alice = await register(t, '13600136001');
    const content = randomBytes(70_000);
    const reply = await rawUpload(
      t,
      alice.token,
      content,
      `label=${encodeURIComponent('合同')}&fileName=${encodeURIComponent('扫描件.pdf')}`,
    );
    expect(reply.statusCode).toBe(200);
    const evidence = reply.json<{ data: Evidence }>().data;
    expect(evidence).toMatchObject({ filehash: sha256(content), size: 70_000, label: '合同', title: '扫描件.pdf' });
    expect((await list(alice.token)).body.data.count).toBe(1);
  });

  it('refuses a bad label before storing anything, and a file over the limit while streaming', async () => {
    const alice = await register(t, '13600136001');
    const bad = await rawUpload(t, alice.token, randomBytes(100), `label=${'x'.repeat(51)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, msg: copyText('validation:labelMax') });
    expect(await evidenceRows()).toBe(0);

    const small = await createTestApp({ config: { UPLOAD_MAX_BYTES: '1000' } });
    try {
      const bob = await register(small, '13600136002');
      const big = await rawUpload(small, bob.token, randomBytes(5000), 'label=x');
      expect(big.statusCode).toBe(413);
      expect(await filesIn(join(small.dataDir, 'files', 'objects'))).toEqual([]);
      expect(await filesIn(join(small.dataDir, 'files', 'tmp'))).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('needs a session', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/data/upload',
      headers: { 'content-type': 'application/octet-stream' },
      payload: randomBytes(10),
    });
    expect(reply.json()).toMatchObject({ code: 408 });
    expect(await evidenceRows()).toBe(0);
  });
});

describe('list filters and paging', () => {
  /** China midnight of 2025-01-06 is 2025-01-05T16:00Z; the clock starts at 2025-01-06 09:00 China time. */
  const DAY_START = Date.parse('2025-01-05T16:00:00Z') / 1000;

  it('filters by date range with the end of day inclusive (start + 86400 - 1)', async () => {
    const alice = await register(t, '13600136001');
    t.clock.set('2025-01-05T15:59:59.900Z'); // 23:59:59.9 of the day before
    const before = await preserve(t, alice.token, { name: 'before.pdf', content: PDF_BYTES });
    t.clock.set('2025-01-05T16:00:00.000Z'); // 00:00:00.0
    const first = await preserve(t, alice.token, { name: 'first.pdf', content: PDF_BYTES });
    t.clock.set('2025-01-06T15:59:59.999Z'); // 23:59:59.999, the last instant of the day
    const last = await preserve(t, alice.token, { name: 'last.pdf', content: PDF_BYTES });
    t.clock.set('2025-01-06T16:00:00.000Z'); // next day
    const after = await preserve(t, alice.token, { name: 'after.pdf', content: PDF_BYTES });

    const day = await list(alice.token, `startTime=${DAY_START}&endTime=${DAY_START + 86400 - 1}`);
    expect(day.body.data.list.map((e) => e.baoquan)).toEqual([last.baoquan, first.baoquan]);
    expect(day.body.data.count).toBe(2);
    const fromDay = await list(alice.token, `startTime=${DAY_START}`);
    expect(fromDay.body.data.list.map((e) => e.title)).toEqual(['after.pdf', 'last.pdf', 'first.pdf']);
    const untilDayBefore = await list(alice.token, `endTime=${DAY_START - 1}`);
    expect(untilDayBefore.body.data.list.map((e) => e.baoquan)).toEqual([before.baoquan]);
    expect(after.saveTime).toBe('2025-01-07 00:00:00');
  });

  it('filters by type, label, keyword (literally) and isApp; pages 20 newest first', async () => {
    const alice = await register(t, '13600136001');
    for (let i = 0; i < 23; i++) {
      t.clock.advance(1000);
      await preserve(
        t,
        alice.token,
        { name: `doc-${i}.pdf`, content: Buffer.concat([PDF_BYTES, Buffer.from(String(i))]) },
        { label: i % 2 ? '奇' : '偶' },
      );
    }
    t.clock.advance(1000);
    await preserve(t, alice.token, { name: '100%_sure.png', content: PNG_BYTES }, { label: '图' });
    const app = await preserve(t, alice.token, { name: 'app-video.mp4', content: PNG_BYTES });
    await t.db.updateTable('evidence').set({ is_app: true, type: 5 }).where('baoquan', '=', app.baoquan).execute();

    const page1 = await list(alice.token);
    expect(page1.body.data.count).toBe(24);
    expect(page1.body.data.list).toHaveLength(20);
    expect(page1.body.data.list[0]!.title).toBe('100%_sure.png');
    expect(page1.body.data.list[1]!.title).toBe('doc-22.pdf');
    const page2 = await list(alice.token, 'page=2');
    expect(page2.body.data.list.map((e) => e.title)).toEqual(['doc-3.pdf', 'doc-2.pdf', 'doc-1.pdf', 'doc-0.pdf']);

    expect((await list(alice.token, 'fileType=image')).body.data.list.map((e) => e.title)).toEqual(['100%_sure.png']);
    expect((await list(alice.token, 'fileType=document')).body.data.count).toBe(23);
    expect((await list(alice.token, `label=${encodeURIComponent('奇')}`)).body.data.count).toBe(11);
    expect((await list(alice.token, 'keyword=doc-1')).body.data.list.map((e) => e.title)).toEqual([
      'doc-19.pdf',
      'doc-18.pdf',
      'doc-17.pdf',
      'doc-16.pdf',
      'doc-15.pdf',
      'doc-14.pdf',
      'doc-13.pdf',
      'doc-12.pdf',
      'doc-11.pdf',
      'doc-10.pdf',
      'doc-1.pdf',
    ]);
    expect((await list(alice.token, 'keyword=%25')).body.data.list.map((e) => e.title)).toEqual(['100%_sure.png']);
    expect((await list(alice.token, 'keyword=c_')).body.data.count).toBe(0);
    const apps = await list(alice.token, 'isApp=1');
    expect(apps.body.data.list.map((e) => [e.title, e.isApp])).toEqual([['app-video.mp4', 1]]);
    expect((await list(alice.token, 'fileType=movie')).status).toBe(400);
    // A page past the end still counts; an empty filter counts none.
    expect((await list(alice.token, 'page=3')).body.data).toEqual({ count: 24, list: [] });
    expect((await list(alice.token, 'keyword=nothing')).body.data).toEqual({ count: 0, list: [] });
    // Each record shows its owner's verification status as it is now (read in the same statement as the page).
    expect(page1.body.data.list.every((e) => e.userStatus === 1)).toBe(true);
    await t.db.updateTable('users').set({ user_status: 3 }).where('phone', '=', '13600136001').execute();
    expect((await list(alice.token, 'page=2')).body.data.list.map((e) => e.userStatus)).toEqual([3, 3, 3, 3]);
  });
});

describe("another user's record answers as a missing one", () => {
  it('on every owner call; publicly it is the limited certificate', async () => {
    const alice = await register(t, '13600136001');
    const bob = await register(t, '13600136002');
    const mine = await preserve(t, alice.token, { name: 'secret.pdf', content: PDF_BYTES }, { label: '私密' });
    const missingId = mine.id + 1000;

    expect((await list(bob.token)).body.data).toEqual({ count: 0, list: [] });
    expect((await get<{ list: string[] }>(t, '/api/data/getLabelList', bob.token)).body.data.list).toEqual([]);

    const pairs: [string, Record<string, string>, Record<string, string>][] = [
      ['/api/data/delData', { id: String(mine.id) }, { id: String(missingId) }],
      ['/api/data/downloadBatch', { ids: String(mine.id) }, { ids: String(missingId) }],
      ['/api/data/downContract', { dataIdStr: String(mine.id) }, { dataIdStr: String(missingId) }],
    ];
    for (const [url, theirs, missing] of pairs) {
      const a = await t.post(url, theirs, bob.token);
      const b = await t.post(url, missing, bob.token);
      expect(a.status, url).toBe(b.status);
      expect(a.body, url).toEqual(b.body);
      expect(a.body.code, url).not.toBe(200);
    }
    const token = await get(t, `/api/check/viewToken?no=${mine.baoquan}`, bob.token);
    const tokenMissing = await get(t, `/api/check/viewToken?no=BQ20250106000000000000`, bob.token);
    expect(token).toEqual(tokenMissing);
    expect(token.body).toMatchObject({ code: 404, msg: copyText('preservation:notFound') });

    const limited = await get<Certificate>(t, `/api/check/bqview?baoquan=${mine.baoquan}`, bob.token);
    expect(limited.body.data).toMatchObject({ limited: true, isSelf: 0, title: null, label: null, owner: '136****6001' });
    const anonymous = await get<Certificate>(t, `/api/check/bqview?baoquan=${mine.baoquan}`);
    expect(anonymous.body.data).toEqual(limited.body.data);
    expect((await get(t, '/api/check/bqview?baoquan=BQ20250106000000000000')).body).toMatchObject({
      code: 404,
      msg: copyText('preservation:notFound'),
    });
    // Still there for its owner.
    expect((await list(alice.token)).body.data.count).toBe(1);
  });
});

describe('sharing with the extraction code', () => {
  it('opens the full certificate and the download with the right code; wrong codes are refused and limited', async () => {
    const alice = await register(t, '13600136001');
    const evidence = await preserve(t, alice.token, { name: '借条.pdf', content: PDF_BYTES }, { label: '借款' });
    const wrongBeforeSet = await t.post('/api/share/getView', { baoquan: evidence.baoquan, code: 'anything' });
    expect(wrongBeforeSet.body).toMatchObject({ code: 400, msg: copyText('preservation:wrongCode') });
    await t.post('/api/user/setExtractCode', { extractCode: 'open-sesame' }, alice.token);

    const view = await t.post<Certificate>('/api/share/getView', { baoquan: evidence.baoquan, code: 'open-sesame' });
    expect(view.body.data).toMatchObject({ limited: false, isSelf: 0, title: '借条.pdf', label: '借款', owner: '136****6001' });
    const link = await t.post<{ url: string; expiresAt: number }>('/api/share/downBaoquan', {
      baoquan: evidence.baoquan,
      code: 'open-sesame',
    });
    const file = await fetchBytes(link.body.data.url);
    expect(file.status).toBe(200);
    expect(sha256(file.body)).toBe(evidence.filehash);
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent('借条.pdf'));

    // One wrong try was spent above. Nine more (the owner's limit), then every try is refused, the
    // right code too, from any address: the code is the account's, so its wrong tries count together.
    for (let i = 0; i < 9; i++) {
      const wrong = await t.post('/api/share/downBaoquan', { baoquan: evidence.baoquan, code: `guess-${i}` });
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe(copyText('preservation:wrongCode'));
    }
    const locked = await t.post('/api/share/getView', { baoquan: evidence.baoquan, code: 'open-sesame' });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 429, msg: copyText('preservation:codeLocked', { minutes: 15 }) });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/share/getView',
      remoteAddress: '10.1.2.3',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ baoquan: evidence.baoquan, code: 'open-sesame' }).toString(),
    });
    expect(elsewhere.json()).toMatchObject({ code: 429 });

    t.clock.advance(15 * 60_000 + 1000);
    expect((await t.post('/api/share/getView', { baoquan: evidence.baoquan, code: 'open-sesame' })).body.code).toBe(200);
    expect((await t.post('/api/share/getView', { baoquan: 'BQ20250106000000000000', code: 'open-sesame' })).body).toMatchObject({
      code: 404,
    });
    expect((await t.post('/api/share/getView', { baoquan: evidence.baoquan, code: '' })).body.msg).toBe(
      validationText('required|extractCode'),
    );
  });
});

describe('downloads', () => {
  it('batch: one zip whose files match byte for byte, with certificates, manifest and SHA256SUMS', async () => {
    const alice = await register(t, '13600136001');
    const contents = [randomBytes(3000), randomBytes(70_000), Buffer.alloc(0), PNG_BYTES];
    const a = await preserve(t, alice.token, { name: '报告.pdf', content: Buffer.concat([PDF_BYTES, contents[0]!]) });
    const b = await preserve(t, alice.token, { name: '报告.pdf', content: Buffer.concat([PDF_BYTES, contents[1]!]) });
    const c = await preserve(t, alice.token, { name: 'empty.txt', content: contents[2]! });
    const d = await preserve(t, alice.token, { name: 'photo', content: contents[3]! });
    const other = await preserve(t, await register(t, '13600136002').then((s) => s.token), { name: 'x.pdf', content: PDF_BYTES });
    const records = [a, b, c, d];

    const noChoice = await t.post('/api/data/downloadBatch', { ids: '' }, alice.token);
    expect(noChoice.body.msg).toBe(copyText('validation:selectEvidence'));
    const link = await t.post<{ url: string; expiresAt: number }>(
      '/api/data/downloadBatch',
      { ids: [...records.map((r) => r.id), other.id].join(',') },
      alice.token,
    );
    expect(link.body.code).toBe(200);
    expect(link.body.data.expiresAt).toBe(Date.parse('2025-01-06T01:00:00Z') / 1000 + 300);

    const zipReply = await fetchBytes(link.body.data.url);
    expect(zipReply.status).toBe(200);
    expect(zipReply.headers['content-type']).toBe('application/zip');
    const zip = await fromBufferPromise(zipReply.body, { lazyEntries: true });
    const entries = new Map<string, Buffer>();
    for await (const entry of zip.eachEntry()) {
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      entries.set(entry.fileName, Buffer.concat(chunks));
    }
    const names = [...entries.keys()];
    expect(names.filter((n) => n.startsWith('files/')).sort()).toEqual([
      'files/empty.txt',
      'files/photo.png',
      'files/报告 (2).pdf',
      'files/报告.pdf',
    ]);
    expect(sha256(entries.get('files/报告.pdf')!)).toBe(a.filehash);
    expect(sha256(entries.get('files/报告 (2).pdf')!)).toBe(b.filehash);
    expect(entries.get('files/empty.txt')!.length).toBe(0);
    expect(entries.get('files/photo.png')!.equals(contents[3]!)).toBe(true);
    for (const r of records) {
      const html = entries.get(`certificates/${r.baoquan}.html`)!.toString('utf8');
      expect(html).toContain(copyText('common:titles.certificate'));
      expect(html).toContain(r.filehash);
    }
    expect(names.some((n) => n.includes(other.baoquan))).toBe(false);

    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as Record<string, unknown>[];
    expect(manifest).toEqual(
      records.map((r, i) => ({
        baoquan: r.baoquan,
        title: r.title,
        file: ['files/报告.pdf', 'files/报告 (2).pdf', 'files/empty.txt', 'files/photo.png'][i],
        size: r.size,
        sha256: r.filehash,
        chainhash: r.chainhash,
        saveTime: r.saveTime,
        certificate: `certificates/${r.baoquan}.html`,
      })),
    );
    const sums = entries.get('SHA256SUMS')!.toString('utf8').trim().split('\n');
    expect(sums).toContain(`${a.filehash}  files/报告.pdf`);
    expect(entries.get('README.txt')!.toString('utf8')).toContain('manifest.json');

    // The link expires; a changed link is refused.
    expect((await fetchBytes(link.body.data.url.replace(/ids=[^&]+/, `ids=${other.id}`))).status).toBe(403);
    t.clock.advance(301_000);
    expect((await fetchBytes(link.body.data.url)).status).toBe(403);
  });

  it('a web record carries the app forensics fields of spec section 3 as nulls, top-level, and no nested form', async () => {
    const alice = await register(t, '13600136001');
    await preserve(t, alice.token, { name: 'a.pdf', content: PDF_BYTES });
    const [record] = (await get<{ list: Evidence[] }>(t, '/api/data/getList', alice.token)).body.data.list;
    expect(record).toMatchObject({
      appAddress: null,
      appType: null,
      duration: null,
      configName: null,
      configModelName: null,
      configVersion: null,
      configProcessor: null,
      configCore: null,
    });
    expect(record).not.toHaveProperty('forensics');
  });

  it('batch: 无下载文件 when none of the chosen records has its file, not an empty package', async () => {
    const alice = await register(t, '13600136001');
    const a = await preserve(t, alice.token, { name: 'a.pdf', content: Buffer.concat([PDF_BYTES, randomBytes(64)]) });
    const b = await preserve(t, alice.token, { name: 'b.png', content: PNG_BYTES });
    const keyOf = async (id: number) =>
      (await t.db.selectFrom('evidence').select('file_key').where('id', '=', id).executeTakeFirstOrThrow()).file_key;
    const both = await t.post<{ url: string }>('/api/data/downloadBatch', { ids: `${a.id},${b.id}` }, alice.token);
    expect(both.body.code).toBe(200);

    // One file gone: the package is still made, of the other.
    const store = new FileStore(join(t.dataDir, 'files'));
    await store.remove(await keyOf(a.id));
    const one = await t.post<{ url: string }>('/api/data/downloadBatch', { ids: `${a.id},${b.id}` }, alice.token);
    expect(one.body.code).toBe(200);
    // Both gone: refused with the spec's words, at the call and at a link made before.
    await store.remove(await keyOf(b.id));
    const none = await t.post('/api/data/downloadBatch', { ids: `${a.id},${b.id}` }, alice.token);
    expect(none.body).toMatchObject({ code: 400, msg: copyText('evidence:pages.batch.noFiles'), data: null });
    const stale = await fetchBytes(both.body.data.url);
    expect(stale.status).toBe(404);
    expect(JSON.parse(stale.body.toString('utf8'))).toMatchObject({ msg: copyText('evidence:pages.batch.noFiles') });
  });

  it('downContract: a signed link per own record, which expires', async () => {
    const alice = await register(t, '13600136001');
    const a = await preserve(t, alice.token, { name: 'a.pdf', content: PDF_BYTES });
    const b = await preserve(t, alice.token, { name: 'b.png', content: PNG_BYTES });
    const reply = await t.post<{ list: { id: number; baoquan: string; url: string }[] }>(
      '/api/data/downContract',
      { dataIdStr: `${a.id},${b.id}` },
      alice.token,
    );
    expect(reply.body.data.list.map((x) => x.baoquan)).toEqual([a.baoquan, b.baoquan]);
    const png = await fetchBytes(reply.body.data.list[1]!.url);
    expect(png.body.equals(PNG_BYTES)).toBe(true);
    expect(png.headers['content-type']).toBe('image/png');
    t.clock.advance(301_000);
    const expired = await fetchBytes(reply.body.data.list[1]!.url);
    expect(expired.status).toBe(403);
    expect(JSON.parse(expired.body.toString('utf8'))).toMatchObject({ msg: copyText('preservation:linkInvalid') });
  });
});

describe('the log', () => {
  it('a deleted record leaves its owner’s list and lookups, while its proof still verifies against a signed checkpoint', async () => {
    const alice = await register(t, '13600136001');
    const records: Evidence[] = [];
    for (let i = 0; i < 5; i++)
      records.push(await preserve(t, alice.token, { name: `f${i}.pdf`, content: Buffer.concat([PDF_BYTES, Buffer.from([i])]) }));
    const gone = records[2]!;
    const deleted = await t.post('/api/data/delData', { id: String(gone.id) }, alice.token);
    expect(deleted.body).toEqual({ code: 200, msg: copyText('server:deleted'), data: null });
    expect((await t.post('/api/data/delData', { id: String(gone.id) }, alice.token)).body).toMatchObject({
      code: 404,
      msg: copyText('preservation:notFound'),
    });
    expect((await list(alice.token)).body.data.list.map((e) => e.baoquan)).not.toContain(gone.baoquan);
    expect((await t.post('/api/check/bqno', { baoquan: gone.baoquan })).body.data).toEqual({ found: false, list: [] });

    const key = (await get<{ algorithm: string; publicKey: string; keyId: string }>(t, '/api/chain/publicKey')).body.data;
    expect(key.algorithm).toBe('Ed25519');
    for (const record of records) {
      const proof = await get<{ leafIndex: number; entry: string; leafHash: string; auditPath: string[]; checkpoint: Checkpoint }>(
        t,
        `/api/chain/proof?chainhash=${record.chainhash}`,
      );
      const p = proof.body.data;
      expect(p.leafHash).toBe(record.chainhash);
      expect(JSON.parse(p.entry)).toMatchObject({ n: p.leafIndex, baoquan: record.baoquan, filehash: record.filehash });
      expect(Object.keys(JSON.parse(p.entry) as object)).toEqual(['n', 'baoquan', 'filehash', 'time', 'owner']);
      expect(
        createHash('sha256')
          .update(Buffer.concat([Buffer.from([0]), Buffer.from(p.entry, 'utf8')]))
          .digest('hex'),
      ).toBe(record.chainhash);
      expect(p.checkpoint.treeSize).toBe(5);
      expect(p.checkpoint.signedText).toBe(`evidence-log-v1\n5\n${p.checkpoint.rootHash}\n${p.checkpoint.timestamp}`);
      expect(verifyText(key.publicKey, p.checkpoint.signedText, p.checkpoint.signature)).toBe(true);
      expect(p.checkpoint.keyId).toBe(key.keyId);
      const path = p.auditPath.map((h) => Buffer.from(h, 'hex'));
      expect(
        verifyInclusion(
          Buffer.from(p.leafHash, 'hex'),
          p.leafIndex,
          p.checkpoint.treeSize,
          path,
          Buffer.from(p.checkpoint.rootHash, 'hex'),
        ),
      ).toBe(true);
    }
    const latest = await get<Checkpoint>(t, '/api/chain/checkpoint');
    expect(latest.body.data.treeSize).toBe(5);
    // The entry names its owner only through an opaque reference.
    const entry = (await t.db.selectFrom('log_entries').select('entry').where('idx', '=', 0).executeTakeFirstOrThrow()).entry;
    expect(entry).not.toContain('13600136001');
    expect((await get(t, `/api/chain/proof?chainhash=${'0'.repeat(64)}`)).body).toMatchObject({ code: 404 });
    expect((await get(t, '/api/chain/proof?chainhash=xyz')).status).toBe(400);
  });

  it('signs the empty tree when asked before any record', async () => {
    const cp = (await get<Checkpoint>(t, '/api/chain/checkpoint')).body.data;
    expect(cp).toMatchObject({ treeSize: 0, rootHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' });
  });

  it('serialises concurrent appends: indexes 0..n-1, each once', async () => {
    const alice = await register(t, '13600136001');
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        preserve(t, alice.token, { name: `c${i}.pdf`, content: Buffer.concat([PDF_BYTES, Buffer.from([i])]) }),
      ),
    );
    const indexes = (await t.db.selectFrom('evidence').select('log_index').execute()).map((r) => r.log_index).sort((x, y) => x - y);
    expect(indexes).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(made.map((m) => m.chainhash)).size).toBe(8);
    const cp = (await get<Checkpoint>(t, '/api/chain/checkpoint')).body.data;
    expect(cp.treeSize).toBe(8);
  });
});

describe('public checks', () => {
  it('looks records up by number and by file hash, telling nothing of owner or content', async () => {
    const alice = await register(t, '13600136001');
    const bob = await register(t, '13600136002');
    const first = await preserve(t, alice.token, { name: 'a.pdf', content: PDF_BYTES });
    t.clock.advance(60_000);
    const second = await preserve(t, bob.token, { name: 'b.pdf', content: PDF_BYTES });
    const byNo = await t.post<{ found: boolean; list: unknown[] }>('/api/check/bqno', { baoquan: first.baoquan });
    expect(byNo.body.data).toEqual({
      found: true,
      list: [
        { baoquan: first.baoquan, fileType: 'document', saveTime: first.saveTime, chainhash: first.chainhash, filehash: first.filehash },
      ],
    });
    const byHash = await t.post<{ found: boolean; list: { baoquan: string }[] }>('/api/check/checkNo', {
      hash: sha256(PDF_BYTES).toUpperCase(),
    });
    expect(byHash.body.data.list.map((r) => r.baoquan)).toEqual([first.baoquan, second.baoquan]);
    const changed = await t.post('/api/check/checkNo', { hash: sha256(Buffer.concat([PDF_BYTES, Buffer.from('!')])) });
    expect(changed.body.data).toEqual({ found: false, list: [] });
    expect((await t.post('/api/check/checkNo', { hash: 'abc' })).status).toBe(400);
    expect((await t.post('/api/check/bqno', { baoquan: 'nope' })).body.data).toEqual({ found: false, list: [] });
  });

  it('mobile certificate: owner-made view token, mobile detail with HTML and preview link, preview info', async () => {
    const alice = await register(t, '13600136001');
    const photo = await preserve(t, alice.token, { name: '现场.png', content: PNG_BYTES });
    const token = await get<{ viewToken: string; expiresAt: number }>(t, `/api/check/viewToken?no=${photo.baoquan}`, alice.token);
    expect(token.body.code).toBe(200);
    expect((await get(t, `/api/check/viewToken?no=${photo.baoquan}`)).status).toBe(401);

    const detail = await get<{ certificate: Certificate; certificateHtml: string; previewUrl: string | null }>(
      t,
      `/api/check/mobileDetail?no=${photo.baoquan}&viewToken=${encodeURIComponent(token.body.data.viewToken)}`,
    );
    expect(detail.body.data.certificate).toMatchObject({ baoquan: photo.baoquan, limited: false, title: '现场.png' });
    expect(detail.body.data.certificateHtml).toContain(copyText('common:titles.certificate'));
    expect(detail.body.data.certificateHtml).not.toMatch(/<script/i);
    const preview = await fetchBytes(detail.body.data.previewUrl!);
    expect(preview.body.equals(PNG_BYTES)).toBe(true);
    expect(String(preview.headers['content-disposition'])).toMatch(/^inline;/);

    const info = await t.post('/api/share/getMpsInfo', { fileUrl: encodeURIComponent(detail.body.data.previewUrl!) });
    expect(info.body.data).toEqual({
      fileType: 'image',
      title: '现场.png',
      size: PNG_BYTES.length,
      url: detail.body.data.previewUrl,
      isDownload: 1,
    });
    // The stored path is no permission: only its owner may turn it into a link.
    expect((await t.post('/api/share/getMpsInfo', { fileUrl: photo.path })).body).toMatchObject({ code: 400 });
    const own = await t.post<{ url: string }>('/api/share/getMpsInfo', { fileUrl: photo.path }, alice.token);
    expect(own.body.data).toMatchObject({ fileType: 'image', title: '现场.png', isDownload: 1 });

    const otherRecord = await get(
      t,
      `/api/check/mobileDetail?no=BQ20250106000000000000&viewToken=${encodeURIComponent(token.body.data.viewToken)}`,
    );
    expect(otherRecord.body).toMatchObject({ code: 400, msg: copyText('preservation:viewTokenInvalid') });
    t.clock.advance(24 * 3600_000 + 1000);
    const expired = await get(t, `/api/check/mobileDetail?no=${photo.baoquan}&viewToken=${encodeURIComponent(token.body.data.viewToken)}`);
    expect(expired.body.code).toBe(400);
  });
});

it('streams uploads: the request body is never parsed into memory', async () => {
  const alice = await register(t, '13600136001');
  const content = randomBytes(3 * 1024 * 1024);
  const evidence = await preserve(t, alice.token, { name: 'big.bin', content });
  expect(evidence).toMatchObject({ size: content.length, filehash: sha256(content), fileType: 'other' });
  const link = await t.post<{ list: { url: string }[] }>('/api/data/downContract', { dataIdStr: String(evidence.id) }, alice.token);
  const body = await fetchBytes(link.body.data.list[0]!.url);
  expect(sha256(body.body)).toBe(evidence.filehash);
});
