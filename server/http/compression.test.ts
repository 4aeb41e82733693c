import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createTestApp, type TestApp } from '../test-support/create-test-app';
import { register } from '../test-support/flows';
import { negotiateEncoding } from './compress';
import { compressTree } from './precompress';

// The web build is served precompressed, cached by kind and revalidated; API answers are compressed.
const BIG_JS = `export const words = [${Array.from({ length: 400 }, (_, i) => `"word number ${i}"`).join(',')}];\n`;
const INDEX = `<!doctype html><html><head><title>app</title></head><body>${'<div class="shell"></div>'.repeat(80)}</body></html>`;
const PRERENDERED = `<!doctype html><html><head><title>login page</title></head><body>${'<p>sign in here</p>'.repeat(80)}</body></html>`;
const SHELL = `<!doctype html><html><head><title>certificate</title></head><body>${'<p>loading the record</p>'.repeat(80)}</body></html>`;

let t: TestApp;
let web: FastifyInstance;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  root = mkdtempSync(join(tmpdir(), 'web-compress-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'login'));
  mkdirSync(join(root, 'attestation'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'attestation', '[param].html'), SHELL);
  writeFileSync(join(root, 'assets', 'main-abc123.js'), BIG_JS);
  writeFileSync(join(root, 'assets', 'tiny-abc123.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'logo-abc123.png'), Buffer.alloc(4000, 7));
  writeFileSync(join(root, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
  // What the build's plugin does; the prerendered page comes later (as a prerender step would write it) and
  // gets its siblings when the server starts.
  compressTree(root);
  writeFileSync(join(root, 'login', 'index.html'), PRERENDERED);
  web = await buildApp({ config: testConfig(), database: t.database, webRoot: root });
});
afterAll(async () => {
  await web.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => web.inject({ method: 'GET', url, headers });
const decode = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? brotliDecompressSync(body).toString() : encoding === 'gzip' ? gunzipSync(body).toString() : body.toString();

describe('static files of the web build', () => {
  it('makes brotli and gzip siblings at build only where they help', () => {
    const summary = compressTree(root, { onlyStale: true });
    expect(summary.files).toBeGreaterThanOrEqual(5);
  });

  it('sends br, gzip or identity as Accept-Encoding asks, always with Vary', async () => {
    const cases: [string, string | undefined][] = [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
      ['identity', undefined],
      // @fastify/static reads the no-preference `*` as gzip (what every client decodes).
      ['*', 'gzip'],
    ];
    for (const [accept, expected] of cases) {
      const answer = await get('/assets/main-abc123.js', { 'accept-encoding': accept });
      expect(answer.statusCode, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(expected);
      expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(decode(answer.rawPayload, expected)).toBe(BIG_JS);
    }
    const plain = await get('/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('sends files that do not shrink (tiny files, images) as they are', async () => {
    for (const url of ['/assets/tiny-abc123.js', '/assets/logo-abc123.png']) {
      const answer = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
    }
  });

  it('caches hashed assets for a year, HTML never without revalidation, the rest for an hour', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
      expect((await get('/assets/main-abc123.js', headers)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await get('/', headers)).headers['cache-control']).toBe('no-cache');
      expect((await get('/index.html', headers)).headers['cache-control']).toBe('no-cache');
      expect((await get('/notary/detail?orderId=1', headers)).headers['cache-control']).toBe('no-cache');
      expect((await get('/login', headers)).headers['cache-control']).toBe('no-cache');
      expect((await get('/favicon.svg', headers)).headers['cache-control']).toBe('public, max-age=3600');
    }
  });

  it('serves index.html and client routes compressed, a prerendered page from its own file', async () => {
    const home = await get('/', { 'accept-encoding': 'br' });
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(decode(home.rawPayload, 'br')).toBe(INDEX);
    const deep = await get('/notary/detail?orderId=1', { 'accept-encoding': 'gzip' });
    expect(deep.headers['content-encoding']).toBe('gzip');
    expect(decode(deep.rawPayload, 'gzip')).toBe(INDEX);
    for (const url of ['/login', '/login/', '/login?redirect=%2Fsetting']) {
      const login = await get(url, { 'accept-encoding': 'br' });
      expect(login.statusCode, url).toBe(200);
      expect(login.headers['content-encoding'], url).toBe('br');
      expect(decode(login.rawPayload, 'br'), url).toBe(PRERENDERED);
    }
    // Not prerendered, or a path that tries to leave the folder: the app shell.
    for (const url of ['/register', '/login/../index', '/%2e%2e/%2e%2e/etc/passwd', '/a%00b', '/%zz']) {
      const answer = await get(url);
      if (answer.statusCode === 200) expect(answer.body, url).toBe(INDEX);
      else expect(answer.statusCode, url).toBeLessThan(500);
    }
  });

  it("sends a record page's prerendered shell for its parent's one-segment paths, and nothing deeper or above", async () => {
    for (const url of ['/attestation/BQ123', '/attestation/BQ123/', '/attestation/BQ123?code=abc']) {
      const answer = await get(url, { 'accept-encoding': 'gzip' });
      expect(answer.statusCode, url).toBe(200);
      expect(decode(answer.rawPayload, 'gzip'), url).toBe(SHELL);
    }
    for (const url of ['/attestation', '/attestation/BQ1/x', '/explorer/abc', '/x/../attestation/a/b']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toBe(INDEX);
    }
  });

  it('answers revalidation with 304 (ETag and Last-Modified) for each encoding', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
      const first = await get('/assets/main-abc123.js', headers);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      expect(first.headers['last-modified']).toBeTruthy();
      expect((await get('/assets/main-abc123.js', { ...headers, 'if-none-match': etag })).statusCode).toBe(304);
      const since = await get('/assets/main-abc123.js', { ...headers, 'if-modified-since': String(first.headers['last-modified']) });
      expect(since.statusCode).toBe(304);
      const index = await get('/', headers);
      expect((await get('/', { ...headers, 'if-none-match': index.headers.etag as string })).statusCode).toBe(304);
      expect((await get('/assets/main-abc123.js', { ...headers, 'if-none-match': '"stale"' })).statusCode).toBe(200);
    }
    // Each encoding has its own validator: a gzip ETag does not validate the brotli body.
    const br = await get('/assets/main-abc123.js', { 'accept-encoding': 'br' });
    const gz = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).not.toBe(gz.headers.etag);
  });

  it('answers a missing asset with 404 in every encoding, never the app shell', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const answer = await get('/assets/missing-abc.js', accept ? { 'accept-encoding': accept } : {});
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('<title>');
    }
  });

  it('never serves a file for an API path, even one the build folder holds', async () => {
    mkdirSync(join(root, 'api'), { recursive: true });
    writeFileSync(join(root, 'api', 'stray.json'), '{"secret":true}');
    try {
      const answer = await get('/api/stray.json');
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 404 });
      expect(answer.body).not.toContain('secret');
    } finally {
      rmSync(join(root, 'api'), { recursive: true, force: true });
    }
  });

  it('survives hostile Accept-Encoding headers', async () => {
    const hostile = [
      'br;q=abc, gzip',
      'br;q=2',
      'br;q=-1, gzip;q=0.1',
      ';;;,,,',
      'q=1',
      'x'.repeat(20_000),
      `${'gzip;q=0.5,'.repeat(2000)}br`,
      'br;q=1e999',
      'BR',
      'gzip;q=0.0001',
    ];
    for (const accept of hostile) {
      const answer = await get('/assets/main-abc123.js', { 'accept-encoding': accept });
      expect(answer.statusCode, accept.slice(0, 40)).toBe(200);
      expect(decode(answer.rawPayload, answer.headers['content-encoding']), accept.slice(0, 40)).toBe(BIG_JS);
      const api = await web.inject({ method: 'POST', url: '/api/news/notice', headers: { 'accept-encoding': accept } });
      expect(api.statusCode).toBe(200);
      expect(JSON.parse(decode(api.rawPayload, api.headers['content-encoding']))).toMatchObject({ code: 200 });
    }
  });
});

describe('Accept-Encoding negotiation of API answers', () => {
  it('prefers br, respects q-values, ignores malformed entries', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
    expect(negotiateEncoding('*;q=0')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('br;q=abc, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=1.5')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('br,'.repeat(1000))).toBeNull();
  });

  it('compresses JSON answers above 1 KB, not small ones, with Vary', async () => {
    const { token } = await register(t, '13800138020');
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/news/notice',
      headers: { 'accept-encoding': 'gzip, br', authorization: `Bearer ${token}` },
    });
    const size = Buffer.byteLength(decode(list.rawPayload, list.headers['content-encoding']));
    if (size >= 1024) expect(list.headers['content-encoding']).toBe('br');
    else expect(list.headers['content-encoding']).toBeUndefined();
    const openApi = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(openApi.headers['content-encoding']).toBe('gzip');
    expect(openApi.headers.vary).toMatch(/accept-encoding/i);
    expect(openApi.headers['cache-control']).toBe('no-store');
    const spec = JSON.parse(gunzipSync(openApi.rawPayload).toString()) as { paths: object };
    expect(Object.keys(spec.paths).length).toBeGreaterThan(10);
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const small = await t.app.inject({ method: 'POST', url: '/api/user/getUserInfo', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 408 });
  });
});

describe('prerendered HTML written after the build', () => {
  it('gets fresh siblings when the server starts again', async () => {
    const page = join(root, 'login', 'index.html');
    writeFileSync(page, PRERENDERED.replace('login page', 'new login page'));
    const later = new Date(Date.now() + 5000);
    utimesSync(page, later, later);
    const again = await buildApp({ config: testConfig(), database: t.database, webRoot: root });
    try {
      const answer = await again.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
      expect(decode(answer.rawPayload, 'br')).toContain('new login page');
    } finally {
      await again.close();
    }
  });
});
