import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARCParser, type WARCRecord } from 'warcio';
import { fromBufferPromise } from 'yauzl';
import { proofPackageSchema, type CaptureItem, type CapturePart } from '../../../contracts/index';
import { readZip, verifyProofPackage } from '../../../proof/package/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { get } from '../../test-support/uploads';
import { captureModuleOf, type CaptureModule } from './routes';
import { ASSET_PATHS, ASSETS_TITLE, ECHO_BODY, KNOWN_TEXT, TestSite } from './test-site';
import { WACZ_VERSION } from './wacz';
import { copyText } from '../../test-support/copy';

const site = new TestSite();
let t: TestApp;
let capture: CaptureModule;

beforeAll(async () => {
  await site.start();
  t = await createTestApp({
    config: { CAPTURE_ALLOW_PRIVATE: 'true', CAPTURE_WORKERS: '0', CAPTURE_TIMEOUT_SECONDS: '10', CAPTURE_WEB_POINTS: '2' },
  });
  capture = captureModuleOf(t.app) as CaptureModule;
}, 30_000);
afterAll(async () => {
  await t.close();
  await site.stop();
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const bytes = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

async function unzip(zip: Buffer): Promise<{ entries: Map<string, Buffer>; stored: Map<string, boolean> }> {
  const archive = await fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  const stored = new Map<string, boolean>();
  for await (const entry of archive.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await archive.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
    stored.set(entry.fileName, entry.compressionMethod === 0);
  }
  return { entries, stored };
}

interface Parsed {
  record: WARCRecord;
  payload: Buffer;
}
async function parseWarc(warc: Buffer): Promise<Parsed[]> {
  const out: Parsed[] = [];
  for await (const record of new WARCParser(Readable.from([warc]))) {
    out.push({ record, payload: Buffer.from(await record.readFully(true)) });
  }
  return out;
}

/** Captures the assets page and answers the capture, its parts and the WACZ's files. */
async function captureAssets(phone: string) {
  const session = await register(t, phone);
  await sql`UPDATE users SET points = 10000 WHERE phone = ${phone}`.execute(t.db);
  const reply = await t.post<{ ids: number[] }>(
    '/api/capture/web',
    { urls: site.url('/assets'), title: '网页存档', label: '测试' },
    session.token,
  );
  expect(reply.body.code, reply.body.msg).toBe(200);
  await capture.service.jobs.drain();
  const item = (await get<CaptureItem>(t, `/api/capture/item?id=${reply.body.data.ids[0]}`, session.token)).body.data;
  expect(item.state).toBe('done');
  const parts = (await get<{ list: CapturePart[] }>(t, `/api/evidences/other?baoquan=${item.baoquan}`, session.token)).body.data.list;
  return { token: session.token, item, parts };
}

describe('replayable web capture (WACZ)', () => {
  it('records every request and response of the page in a WACZ 1.1.1 that the preserved bundle covers', { timeout: 90_000 }, async () => {
    const { token, item, parts } = await captureAssets('13600136201');
    expect(parts.map((p) => p.role)).toEqual(['screenshot', 'html', 'exchange', 'wacz', 'bundle']);
    const waczPart = parts.find((p) => p.role === 'wacz')!;
    expect(waczPart).toMatchObject({ name: 'page.wacz', mime: 'application/wacz' });
    const download = await t.app.inject({ method: 'GET', url: waczPart.url });
    expect(download.statusCode).toBe(200);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment/);
    const wacz = download.rawPayload;
    expect(wacz.length).toBe(waczPart.size);
    expect(wacz.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

    // The layout the spec requires; the WARC is stored (not deflated), so players can read it by offset.
    const { entries, stored } = await unzip(wacz);
    const required = ['archive/data.warc.gz', 'indexes/index.cdx', 'pages/pages.jsonl', 'datapackage.json', 'datapackage-digest.json'];
    for (const name of required) expect(entries.has(name), name).toBe(true);
    expect(entries.has('screenshot.png')).toBe(true);
    expect(stored.get('archive/data.warc.gz')).toBe(true);
    const warc = entries.get('archive/data.warc.gz')!;

    // WARC/1.1 request and response records for the page and each subresource, bodies as served.
    const records = await parseWarc(warc);
    expect(records[0]!.record.warcType).toBe('warcinfo');
    for (const { record } of records) expect(record.warcHeaders.statusline).toBe('WARC/1.1');
    const of = (type: string, path: string) =>
      records.filter((r) => r.record.warcType === type && r.record.warcTargetURI === site.url(path));
    for (const path of ['/assets', ...ASSET_PATHS]) {
      expect(of('request', path), `request ${path}`).toHaveLength(1);
      expect(of('response', path), `response ${path}`).toHaveLength(1);
      // Each request names its response and the other way round.
      const [request, response] = [of('request', path)[0]!.record, of('response', path)[0]!.record];
      expect(request.warcHeader('WARC-Concurrent-To')).toBe(response.warcHeader('WARC-Record-ID'));
      expect(response.warcHeader('WARC-Concurrent-To')).toBe(request.warcHeader('WARC-Record-ID'));
    }
    const page = of('response', '/assets')[0]!;
    expect(page.record.httpHeaders?.statusCode).toBe(200);
    expect(page.record.httpHeaders?.headers.get('x-test-site')).toBe('yes');
    expect(page.payload.toString('utf8')).toContain(ASSETS_TITLE);
    const post = of('request', '/assets/echo')[0]!;
    expect(post.record.httpHeaders?.method).toBe('POST');
    expect(post.payload.toString('utf8')).toBe(ECHO_BODY);
    expect(of('response', '/assets/echo')[0]!.record.httpHeaders?.statusCode).toBe(204);
    // A gzipped answer is kept decoded, its wire encoding named apart so a player does not decode it twice.
    const json = of('response', '/assets/data.json')[0]!;
    expect(json.payload.toString('utf8')).toContain(KNOWN_TEXT);
    expect(json.record.httpHeaders?.headers.get('content-encoding')).toBeNull();
    expect(json.record.httpHeaders?.headers.get('x-archive-orig-content-encoding')).toBe('gzip');
    expect(of('response', '/assets/pixel.png')[0]!.payload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const view = records.find((r) => r.record.warcType === 'resource')!;
    expect(view.record.warcTargetURI).toBe(`urn:view:${site.url('/assets')}`);
    expect(sha256(view.payload)).toBe(sha256(entries.get('screenshot.png')!));

    // pages.jsonl: the header line, then the page.
    const pages = entries
      .get('pages/pages.jsonl')!
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string>);
    expect(pages[0]).toEqual({ format: 'json-pages-1.0', id: 'pages', title: 'All Pages' });
    expect(pages.slice(1)).toEqual([expect.objectContaining({ url: site.url('/assets'), title: ASSETS_TITLE })]);
    expect(Number.isNaN(Date.parse(pages[1]!.ts!))).toBe(false);

    // Each CDXJ line is sorted and points at the record it names (offset and length into the gzipped WARC).
    const cdx = entries.get('indexes/index.cdx')!.toString('utf8').trim().split('\n');
    expect([...cdx].sort()).toEqual(cdx);
    const indexed = new Set<string>();
    for (const line of cdx) {
      const match = /^(\S+) (\d{14}) (\{.*\})$/.exec(line);
      expect(match, line).not.toBeNull();
      const entry = JSON.parse(match![3]!) as { url: string; offset: string; length: string; filename: string };
      expect(entry.filename).toBe('data.warc.gz');
      const slice = warc.subarray(Number(entry.offset), Number(entry.offset) + Number(entry.length));
      const [one, ...rest] = await parseWarc(slice);
      expect(rest).toEqual([]);
      expect(one!.record.warcTargetURI).toBe(entry.url);
      expect(['response', 'resource']).toContain(one!.record.warcType);
      indexed.add(entry.url);
    }
    for (const path of ['/assets', '/assets/style.css', '/assets/pixel.png', '/assets/app.js'])
      expect(indexed.has(site.url(path)), path).toBe(true);

    // datapackage.json lists every file with its SHA-256 and size; the digest file covers datapackage.json.
    const datapackage = JSON.parse(entries.get('datapackage.json')!.toString('utf8')) as {
      profile: string;
      wacz_version: string;
      mainPageUrl: string;
      resources: { name: string; path: string; hash: string; bytes: number }[];
    };
    expect(datapackage).toMatchObject({ profile: 'data-package', wacz_version: WACZ_VERSION, mainPageUrl: site.url('/assets') });
    expect(datapackage.resources.map((r) => r.path).sort()).toEqual([...entries.keys()].filter((n) => !n.startsWith('datapackage')).sort());
    for (const resource of datapackage.resources) {
      const file = entries.get(resource.path)!;
      expect(resource.hash, resource.path).toBe(`sha256:${sha256(file)}`);
      expect(resource.bytes, resource.path).toBe(file.length);
    }
    expect(JSON.parse(entries.get('datapackage-digest.json')!.toString('utf8'))).toEqual({
      path: 'datapackage.json',
      hash: `sha256:${sha256(entries.get('datapackage.json')!)}`,
    });

    // The preserved bundle holds the same WACZ, and its manifest names the WACZ's SHA-256.
    const bundle = await bytes(parts.find((p) => p.role === 'bundle')!.url);
    expect(sha256(bundle)).toBe(item.filehash);
    const inner = (await unzip(bundle)).entries;
    expect(sha256(inner.get('page.wacz')!)).toBe(sha256(wacz));
    const manifest = JSON.parse(inner.get('manifest.json')!.toString('utf8')) as { files: { name: string; sha256: string }[] };
    expect(manifest.files.find((f) => f.name === 'page.wacz')?.sha256).toBe(sha256(wacz));

    // One changed byte of the WACZ inside the preserved file fails the offline proof's file-hash step.
    const link = await t.post<{ url: string }>('/api/data/downProofPackage', { ids: String(item.evidenceId) }, token);
    expect(link.body.code, link.body.msg).toBe(200);
    const packaged = await readZip(new Uint8Array(await bytes(link.body.data.url)));
    const proof = proofPackageSchema.parse(JSON.parse(new TextDecoder().decode(packaged.find((e) => e.name === 'proof.json')!.bytes)));
    expect((await verifyProofPackage(proof, new Uint8Array(bundle))).every((s) => s.ok)).toBe(true);
    const at = bundle.indexOf(wacz);
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(bundle);
    tampered[at + Math.floor(wacz.length / 2)]! ^= 0x01;
    const steps = await verifyProofPackage(proof, new Uint8Array(tampered));
    expect(steps.find((s) => s.step === 'fileHash')?.ok).toBe(false);
  });

  it(
    'offers the WACZ to the owner only; a guessed number answers as missing, an altered link is refused',
    { timeout: 60_000 },
    async () => {
      const { item, parts } = await captureAssets('13600136202');
      const waczPart = parts.find((p) => p.role === 'wacz')!;
      // Someone else (no extraction code) gets no links at all; a number nobody holds answers as a missing record.
      const bob = (await register(t, '13600136203')).token;
      expect((await get<{ list: CapturePart[] }>(t, `/api/evidences/other?baoquan=${item.baoquan}`, bob)).body.data).toEqual({ list: [] });
      const guessed = await get(t, '/api/evidences/other?baoquan=BQ00000000000000000001', bob);
      const missing = await get(t, '/api/evidences/other?baoquan=BQ00000000000000000002');
      expect(guessed.body).toEqual(missing.body);
      expect(guessed.body.code).not.toBe(200);
      // The download link is signed: another file's key, or a changed signature, is refused with the envelope.
      const query = new URL(waczPart.url, 'http://x.invalid').searchParams;
      query.set('k', `00/${'0'.repeat(64)}`);
      const altered = await t.app.inject({ method: 'GET', url: `/api/files/download?${query.toString()}` });
      expect(altered.statusCode).toBe(403);
      expect(altered.json()).toMatchObject({ code: 400, msg: copyText('preservation:linkInvalid') });
    },
  );
});
