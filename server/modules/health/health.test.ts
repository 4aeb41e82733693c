import { mkdir, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { migrationsReady } from './checks';

// One app for the file (starting one is slow); the tests run in order and the last one closes its database.
describe('health and readiness probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    // The database is already closed by the last test: closing it again must not hide the result.
    await t.close().catch(() => undefined);
    await rm(t.dataDir, { recursive: true, force: true });
  });

  it('answers 200 when the database, the migrations and the data folder are fine, never cached', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    // A build whose migration file is not applied yet (another process is migrating) is not ready.
    expect(await migrationsReady(t.db, ['0001_foundation.sql', '9999_not_yet.sql'])).toBe('pending');
  });

  it('answers 503 when the data folder cannot be written, 200 again once it can', async () => {
    // A file where the folder should be: nothing can be written under it.
    await rm(t.dataDir, { recursive: true, force: true });
    await writeFile(t.dataDir, 'not a folder');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'ok', storage: 'fail' } });
    await rm(t.dataDir, { force: true });
    await mkdir(t.dataDir);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 on /readyz once the database is closed; /healthz still 200', async () => {
    await t.database.close();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'fail', migrations: 'fail', storage: 'ok' } });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
