import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appVersionResponse, envelope, noticeResponse, userInfoSchema } from '../contracts/index';
import { SUBMIT_GUARD_SOURCE } from '../contracts/index';
import { buildApp } from './app';
import { testConfig } from './config';
import { scriptHash } from './http/security';
import { createTestApp, type TestApp } from './test-support/create-test-app';
import { register } from './test-support/flows';
import { copyText } from './test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { BANNER_TITLE: '系统维护通知' } });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('envelope and errors', () => {
  it('answers unknown /api paths with a 404 envelope, never HTML', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/no/such/call' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ code: 404, msg: copyText('errors:notFound'), data: null });
    }
  });

  it('answers malformed and oversized bodies with a 4xx envelope', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, data: null });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `phone=${'1'.repeat(2 * 1024 * 1024)}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 400, data: null });
  });

  it('hides unexpected errors behind a 500 envelope', async () => {
    // A missing table stands in for any failure the code did not foresee.
    await sql`ALTER TABLE notices RENAME TO notices_away`.execute(t.db);
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/news/notice' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 500, msg: copyText('errors:server'), data: null });
    } finally {
      await sql`ALTER TABLE notices_away RENAME TO notices`.execute(t.db);
    }
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/news/notice' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "script-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    // The one inline script allowed is the prerendered pages' submit guard, by its hash; forms go only to us.
    expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' ${scriptHash(SUBMIT_GUARD_SOURCE)};`);
    expect(csp).toContain("form-action 'self';");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers).not.toHaveProperty('cross-origin-embedder-policy');
    expect(response.headers).not.toHaveProperty('x-powered-by');
  });

  it('sends the same headers, computed once, on every answer: an unknown call, a refused one, a page', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/news/notice' });
    const pick = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security'].map(
          (name) => [name, headers[name]],
        ),
      );
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/api/no/such/call' }),
      await t.app.inject({ method: 'POST', url: '/api/user/getUserInfo' }),
      await t.app.inject({ method: 'GET', url: '/login' }),
    ]) {
      expect(pick(response.headers)).toEqual(pick(first.headers));
    }
  });
});

describe('openapi.json', () => {
  it('lists every route with its schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>> }>();
    expect(doc.openapi).toMatch(/^3\.0/);
    const expected = [
      '/api/Register/getImgCode',
      '/api/Register/sendSMS',
      '/api/Register/sendLoginSMS',
      '/api/Register/sendResetSMS',
      '/api/Register',
      '/api/login',
      '/api/Login/smsLogin',
      '/api/login/resetPassword',
      '/api/user/logout',
      '/api/user/editPassword',
      '/api/user/getUserInfo',
      '/api/user/getBanner',
      '/api/news/notice',
      '/api/home/getAppVersion',
    ];
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(expected));
    expect(doc.paths['/api/user/getUserInfo']?.post?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/login']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/news/notice']?.get).toBeDefined();
  });
});

describe('account', () => {
  it('getUserInfo answers the contract shape, points from hundredths and unread notifications', async () => {
    const { token } = await register(t, '13812345678');
    await t.db.updateTable('users').set({ points: 123456 }).execute();
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    // Without the welcome notification of registration: exactly the three rows below.
    await t.db.deleteFrom('notifications').execute();
    const now = t.clock.now();
    await t.db
      .insertInto('notifications')
      .values([
        { user_id: user.id, content: 'a', created_at: now },
        { user_id: user.id, content: 'b', created_at: now },
        { user_id: user.id, content: 'c', created_at: now, is_read: true },
      ])
      .execute();
    const reply = await t.post('/api/user/getUserInfo', {}, token);
    const parsed = envelope(userInfoSchema.strict()).parse(reply.body);
    expect(parsed.data).toEqual({
      phone: '13812345678',
      userStatus: 1,
      status: 1,
      authType: 0,
      repairType: 0,
      points: 1234.56,
      newsNum: 2,
      contactPhone: '',
      company: '',
      contactName: '',
      language: null,
    });
  });

  it('getBanner answers the configured title', async () => {
    expect((await t.post('/api/user/getBanner')).body).toEqual({ code: 200, msg: copyText('server:ok'), data: { title: '系统维护通知' } });
  });
});

describe('content', () => {
  it('notices and the app version answer GET and POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const notices = envelope(noticeResponse).parse((await t.app.inject({ method, url: '/api/news/notice' })).json());
      expect(notices.data.list.length).toBeGreaterThan(0);
      expect(notices.data.list[0]?.addTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const version = envelope(appVersionResponse).parse((await t.app.inject({ method, url: '/api/home/getAppVersion' })).json());
      expect(version.data.version).toBe('1.0.0');
    }
  });
});

describe('sandbox SMS outbox', () => {
  it('shows sent messages newest first as a page without scripts and as JSON', async () => {
    await register(t, '13812345678');
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/sms?phone=13812345678' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(copyText('server:sandboxSmsTitle'));
    expect(page.body).toContain('13812345678');
    expect(page.body).not.toMatch(/<script/i);
    const json = (await t.app.inject({ method: 'GET', url: '/sandbox/sms.json?phone=13900000000' })).json<{ list: unknown[] }>();
    expect(json.list).toEqual([]);
  });
});

describe('web app', () => {
  it('serves the build with SPA fallback, long-cached assets and no-cache index', async () => {
    const root = mkdtempSync(join(tmpdir(), 'web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
    const app = await buildApp({ config: testConfig(), database: t.database, webRoot: root });
    try {
      const deep = await app.inject({ method: 'GET', url: '/notary/detail?orderId=1' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>app</title>');
      expect(deep.headers['cache-control']).toBe('no-cache');
      const index = await app.inject({ method: 'GET', url: '/' });
      expect(index.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      const api = await app.inject({ method: 'GET', url: '/api/nothing' });
      expect(api.json()).toEqual({ code: 404, msg: copyText('errors:notFound'), data: null });
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
