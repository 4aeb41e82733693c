import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/create-test-app';
import { UrlSigner } from './signed-url';
import { FileStore } from './store';
import { register } from '../test-support/flows';
import { preserve } from '../test-support/uploads';
import { checkFileLink, contentDisposition, FILE_DOWNLOAD_PATH, fileLink, parseRange, SignedLinks } from './links';
import { copyText } from '../test-support/copy';

let t: TestApp;
let links: SignedLinks;
beforeAll(async () => {
  t = await createTestApp();
  links = new SignedLinks(new UrlSigner(t.db, t.clock), 300);
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('signed links', () => {
  it('carry their parameters, and refuse any change, a foreign path and expiry', async () => {
    const link = await links.create('/api/x', { a: '1', name: '证据 (1).pdf' }, 60);
    const parsed = SignedLinks.parse(link.url)!;
    expect(parsed.path).toBe('/api/x');
    expect(await links.check('/api/x', parsed.query, ['a', 'name'])).toEqual({ a: '1', name: '证据 (1).pdf' });
    expect(await links.check('/api/x', { ...parsed.query, a: '2' }, ['a', 'name'])).toBeNull();
    expect(await links.check('/api/y', parsed.query, ['a', 'name'])).toBeNull();
    expect(await links.check('/api/x', { ...parsed.query, exp: String(link.expiresAt + 1000) }, ['a', 'name'])).toBeNull();
    expect(await links.check('/api/x', { ...parsed.query, sig: 'x' }, ['a', 'name'])).toBeNull();
    t.clock.advance(61_000);
    expect(await links.check('/api/x', parsed.query, ['a', 'name'])).toBeNull();
  });

  it('sign an optional parameter when present: a link without it still opens, one with it cannot lose or change it', async () => {
    const without = SignedLinks.parse((await links.create('/api/x', { a: '1' }, 60)).url)!;
    expect(await links.check('/api/x', without.query, ['a'], ['l'])).toEqual({ a: '1' });
    const withLanguage = SignedLinks.parse((await links.create('/api/x', { a: '1', l: 'en' }, 60)).url)!;
    expect(await links.check('/api/x', withLanguage.query, ['a'], ['l'])).toEqual({ a: '1', l: 'en' });
    const { l: _dropped, ...stripped } = withLanguage.query;
    expect(await links.check('/api/x', stripped, ['a'], ['l'])).toBeNull();
    expect(await links.check('/api/x', { ...withLanguage.query, l: 'zh-CN' }, ['a'], ['l'])).toBeNull();
    expect(await links.check('/api/x', { ...without.query, l: 'en' }, ['a'], ['l'])).toBeNull();
  });

  it('download a stored file with its name (RFC 5987), type and byte ranges; expire; refuse tampering', async () => {
    const content = Buffer.from('0123456789abcdef', 'utf8');
    const file = await new FileStore(join(t.dataDir, 'files')).put(Readable.from([content]), { maxBytes: 1000 });
    const { token } = await register(t, '13900139071');
    const record = await preserve(t, token, { name: 'a.txt', type: 'text/plain', content });
    const row = await t.db
      .selectFrom('evidence')
      .select(['id', 'user_id', 'file_key'])
      .where('baoquan', '=', record.baoquan)
      .executeTakeFirstOrThrow();
    expect(row.file_key).toBe(file.key);
    const holder = { owner: row.user_id, record: 'evidence' as const, id: row.id };
    const link = await fileLink(links, { key: file.key, name: '合同 "终稿".txt', type: 'text/plain; charset=utf-8', holder });
    const whole = await t.app.inject({ method: 'GET', url: link.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(content)).toBe(true);
    expect(whole.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(whole.headers['content-disposition']).toBe(contentDisposition('合同 "终稿".txt'));
    expect(whole.headers['content-disposition']).toContain("filename*=UTF-8''%E5%90%88%E5%90%8C%20%22%E7%BB%88%E7%A8%BF%22.txt");

    const part = await t.app.inject({ method: 'GET', url: link.url, headers: { range: 'bytes=4-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('4567');
    expect(part.headers['content-range']).toBe('bytes 4-7/16');

    const parsed = SignedLinks.parse(link.url)!;
    expect(await checkFileLink(links, FILE_DOWNLOAD_PATH, parsed.query)).toMatchObject({ key: file.key });
    const tampered = new URLSearchParams({ ...parsed.query, k: `${'0'.repeat(2)}/${'0'.repeat(64)}` });
    const refused = await t.app.inject({ method: 'GET', url: `${FILE_DOWNLOAD_PATH}?${tampered.toString()}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 400, msg: copyText('preservation:linkInvalid') });

    t.clock.advance(301_000);
    const expired = await t.app.inject({ method: 'GET', url: link.url });
    expect(expired.statusCode).toBe(403);
  });
});

describe('byte ranges and file names', () => {
  it('parses single ranges', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('invalid');
    expect(parseRange('bytes=5-2', 10)).toBe('invalid');
    expect(parseRange('bytes=0-1,3-4', 10)).toBe('invalid');
  });

  it('writes an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition('证据.png', 'inline')).toBe(`inline; filename="__.png"; filename*=UTF-8''%E8%AF%81%E6%8D%AE.png`);
  });
});
