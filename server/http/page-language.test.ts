import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Languages from '../languages';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createTestApp, type TestApp } from '../test-support/create-test-app';
import { pageLanguage } from './page-language';
import { htmlFileFor } from './web-app';

// The pages in English beside the default's, whether or not locales/languages.json lists English yet.
vi.mock('../languages', async (importOriginal) => {
  const real = await importOriginal<typeof Languages>();
  return real.SUPPORTED_LANGUAGES.includes('en') ? real : { ...real, SUPPORTED_LANGUAGES: [...real.SUPPORTED_LANGUAGES, 'en'] };
});

const LIST = { default: 'zh-CN', supported: ['zh-CN', 'en'], fallback: 'en' };
const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('the language a page is sent in', () => {
  it('is the cookie’s when supported, over the browser’s header', () => {
    expect(pageLanguage(request({ cookie: 'a=1; lang=en', 'accept-language': 'zh-CN' }), LIST)).toBe('en');
    expect(pageLanguage(request({ cookie: 'lang=zh-CN', 'accept-language': 'en-US,en' }), LIST)).toBe('zh-CN');
    // A cookie naming no supported language is no choice: the header decides.
    expect(pageLanguage(request({ cookie: 'lang=fr', 'accept-language': 'en' }), LIST)).toBe('en');
    expect(pageLanguage(request({ cookie: 'lang=%E0%A4%A', 'accept-language': 'zh' }), LIST)).toBe('zh-CN');
  });

  it('matches the header: any Chinese is zh-CN, only unsupported ones the fallback, none at all the default', () => {
    expect(pageLanguage(request({ 'accept-language': 'zh-TW' }), LIST)).toBe('zh-CN');
    expect(pageLanguage(request({ 'accept-language': 'en-US,en;q=0.9' }), LIST)).toBe('en');
    expect(pageLanguage(request({ 'accept-language': 'fr' }), LIST)).toBe('en');
    expect(pageLanguage(request({ 'accept-language': 'fr, zh;q=0.5' }), LIST)).toBe('zh-CN');
    expect(pageLanguage(request({}), LIST)).toBe('zh-CN');
    expect(pageLanguage(request({ 'accept-language': '' }), LIST)).toBe('zh-CN');
  });

  it('gives the default language when the list has no usable fallback', () => {
    expect(pageLanguage(request({ 'accept-language': 'fr' }), { default: 'zh-CN', supported: ['zh-CN'], fallback: 'en' })).toBe('zh-CN');
  });
});

const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body>${`<p>${name}</p>`.repeat(60)}</body></html>`;
const FILES: Record<string, string> = {
  'index.html': page('shell zh'),
  'index.en.html': page('shell en'),
  'login/index.html': page('login zh'),
  'login/index.en.html': page('login en'),
  'attestation/[param].html': page('certificate zh'),
  'attestation/[param].en.html': page('certificate en'),
  // Prerendered in the default language only.
  'register/index.html': page('register zh'),
};

let t: TestApp;
let web: FastifyInstance;
let root: string;
let bare: string;

beforeAll(async () => {
  t = await createTestApp();
  root = mkdtempSync(join(tmpdir(), 'web-languages-'));
  for (const [file, html] of Object.entries(FILES)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), html);
  }
  // A build with no page in English at all.
  bare = mkdtempSync(join(tmpdir(), 'web-one-language-'));
  mkdirSync(join(bare, 'login'));
  writeFileSync(join(bare, 'index.html'), FILES['index.html']!);
  writeFileSync(join(bare, 'login', 'index.html'), FILES['login/index.html']!);
  web = await buildApp({ config: testConfig(), database: t.database, webRoot: root });
});
afterAll(async () => {
  await web.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(bare, { recursive: true, force: true });
});

type Headers = Partial<Record<'accept-encoding' | 'accept-language' | 'cookie', string>>;
const get = (app: FastifyInstance, url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });
const varyOf = (value: unknown) =>
  String(value)
    .split(',')
    .map((token) => token.trim().toLowerCase());

describe('prerendered pages in the visitor’s language', () => {
  it('sends the page of the cookie’s language over the header’s, named in Content-Language', async () => {
    const english = await get(web, '/login', { cookie: 'lang=en', 'accept-language': 'zh-CN' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toBe(FILES['login/index.en.html']);
    expect(english.headers['content-language']).toBe('en');
    const chinese = await get(web, '/login', { cookie: 'lang=zh-CN', 'accept-language': 'en' });
    expect(chinese.body).toBe(FILES['login/index.html']);
    expect(chinese.headers['content-language']).toBe('zh-CN');
  });

  it('follows Accept-Language: fr gets the fallback, zh-TW zh-CN, no header the default', async () => {
    const cases: [Headers, string, string][] = [
      [{ 'accept-language': 'fr' }, 'en', 'login/index.en.html'],
      [{ 'accept-language': 'en-US,en;q=0.9' }, 'en', 'login/index.en.html'],
      [{ 'accept-language': 'zh-TW' }, 'zh-CN', 'login/index.html'],
      [{}, 'zh-CN', 'login/index.html'],
    ];
    for (const [headers, language, file] of cases) {
      const answer = await get(web, '/login/', headers);
      expect(answer.headers['content-language'], JSON.stringify(headers)).toBe(language);
      expect(answer.body, JSON.stringify(headers)).toBe(FILES[file]);
    }
  });

  it('sends the record shell and the app shell in the language too', async () => {
    const certificate = await get(web, '/attestation/BQ123?code=1', { 'accept-language': 'en' });
    expect(certificate.body).toBe(FILES['attestation/[param].en.html']);
    const shell = await get(web, '/notary/detail', { 'accept-language': 'en' });
    expect(shell.body).toBe(FILES['index.en.html']);
    expect(shell.headers['content-language']).toBe('en');
    expect((await get(web, '/', { cookie: 'lang=en' })).body).toBe(FILES['index.en.html']);
  });

  it('varies on Accept-Language, Cookie and Accept-Encoding, each named once, compressed or not', async () => {
    for (const headers of [{ 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip', 'accept-language': 'en' }, { cookie: 'lang=en' }]) {
      const answer = await get(web, '/login', headers);
      const vary = varyOf(answer.headers.vary);
      expect(vary.sort(), JSON.stringify(headers)).toEqual(['accept-encoding', 'accept-language', 'cookie']);
    }
    const head = await web.inject({ method: 'HEAD', url: '/home', headers: { 'accept-language': 'en' } });
    expect(head.headers['content-language']).toBe('en');
    expect(varyOf(head.headers.vary).sort()).toEqual(['accept-encoding', 'accept-language', 'cookie']);
  });

  it('a page missing in the language: its own app shell when the build has one, else the default language’s page', async () => {
    const register = await get(web, '/register', { 'accept-language': 'en' });
    expect(register.body).toBe(FILES['index.en.html']);
    expect(register.headers['content-language']).toBe('en');
    expect(htmlFileFor(bare, '/login', 'en', 'zh-CN')).toEqual({ file: 'login/index.html', language: 'zh-CN' });
    expect(htmlFileFor(bare, '/notary', 'en', 'zh-CN')).toEqual({ file: 'index.html', language: 'zh-CN' });
    const one = await buildApp({ config: testConfig(), database: t.database, webRoot: bare });
    try {
      const login = await get(one, '/login', { cookie: 'lang=en' });
      expect(login.body).toBe(FILES['login/index.html']);
      expect(login.headers['content-language']).toBe('zh-CN');
    } finally {
      await one.close();
    }
  });

  it('never leaves the build folder, whatever the path or the language asked for', async () => {
    for (const url of [
      '/login/../index',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/a%00b',
      '/%zz',
      '/..%2f..%2fetc/passwd',
      '/x/%2e%2e/%2e%2e/%2e%2e',
    ]) {
      for (const headers of [{ cookie: 'lang=en' }, { cookie: 'lang=../../etc/passwd' }, { 'accept-language': '../x' }, {}]) {
        const answer = await get(web, url, headers);
        expect(answer.statusCode, url).toBeLessThan(500);
        if (answer.statusCode === 200) expect([FILES['index.html'], FILES['index.en.html']], url).toContain(answer.body);
      }
    }
    expect(htmlFileFor(root, '/../../etc', 'en', 'zh-CN')).toEqual({ file: 'index.en.html', language: 'en' });
    // Only a listed language reaches the file name; any other still names no file outside the folder.
    expect(htmlFileFor(root, '/login', '/../../../etc/passwd', 'zh-CN')).toEqual({ file: 'login/index.html', language: 'zh-CN' });
  });
});
