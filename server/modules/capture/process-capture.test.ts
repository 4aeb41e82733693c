import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { fromBufferPromise } from 'yauzl';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureDetail, CaptureItem, CapturePart, ProcessFrame, ProcessSession } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { get } from '../../test-support/uploads';
import { captureModuleOf, type CaptureModule } from './routes';
import { COUNTER_BUTTON, TestSite } from './test-site';
import { copyText, validationText } from '../../test-support/copy';

const site = new TestSite();
let t: TestApp;
let capture: CaptureModule;

beforeAll(async () => {
  await site.start();
  t = await createTestApp({
    config: {
      CAPTURE_ALLOW_PRIVATE: 'true',
      CAPTURE_WORKERS: '0',
      CAPTURE_TIMEOUT_SECONDS: '5',
      CAPTURE_PROCESS_POINTS: '10',
      CAPTURE_PROCESS_IDLE_SECONDS: '5',
    },
  });
  capture = captureModuleOf(t.app) as CaptureModule;
}, 30_000);
beforeEach(async () => {
  await capture.sessions.closeAll();
  await t.reset();
  await sql`TRUNCATE jobs CASCADE`.execute(t.db);
});
afterAll(async () => {
  await t.close();
  await site.stop();
});

async function account(phone: string, points = 100) {
  const session = await register(t, phone);
  await sql`UPDATE users SET points = ${points * 100} WHERE phone = ${phone}`.execute(t.db);
  return session.token;
}
const balance = async (token: string) => (await t.post<{ points: number }>('/api/user/getUserInfo', {}, token)).body.data.points;
const start = (token: string, url = site.url('/known'), title = '过程取证测试') =>
  t.post<ProcessSession>('/api/capture/process/start', { url, title, label: '录屏' }, token);
const frame = (token: string, id: number, after = 0) => get<ProcessFrame>(t, `/api/capture/process/frame?id=${id}&after=${after}`, token);
const input = (token: string, form: Record<string, string>) =>
  t.post<{ actions: number; elapsedMs: number }>('/api/capture/process/input', form, token);
const item = (token: string, id: number) => get<CaptureItem>(t, `/api/capture/item?id=${id}`, token);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('process evidence (recorded remote browser session)', () => {
  it('records a session with two clicks: live screen, action log, WebM video, preserved with its duration, charged once', async () => {
    const token = await account('13600136201');
    const started = await start(token);
    expect(started.body.code, started.body.msg).toBe(200);
    expect(started.body.data).toMatchObject({ width: 1280, height: 800, maxSeconds: 1800, idleSeconds: 5 });
    const id = started.body.data.id;
    expect((await item(token, id)).body.data).toMatchObject({ state: 'recording', type: 2, url: site.url('/known') });

    // The page sees the remote screen as JPEG frames.
    const first = (await frame(token, id)).body.data;
    expect(first.state).toBe('recording');
    expect(first.seq).toBeGreaterThan(0);
    expect(first.frame).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    // Asking after the frame just seen answers only a newer one (the screen may have changed since), or none.
    const next = (await frame(token, id, first.seq ?? 0)).body.data;
    if (next.frame === null) expect(next.seq).toBeNull();
    else expect(next.seq).toBeGreaterThan(first.seq ?? 0);
    expect((await frame(token, id, 1_000_000_000)).body.data).toMatchObject({ seq: null, frame: null });

    // Two clicks on the page's counter button, a scroll and some typing reach the remote page.
    const button = { x: String(COUNTER_BUTTON.x), y: String(COUNTER_BUTTON.y) };
    site.clicks = 0;
    expect((await input(token, { id: String(id), type: 'click', ...button })).body.data.actions).toBe(1);
    await pause(300);
    expect((await input(token, { id: String(id), type: 'click', ...button })).body.data.actions).toBe(2);
    await input(token, { id: String(id), type: 'scroll', x: '600', y: '400', deltaY: '300' });
    await input(token, { id: String(id), type: 'key', key: 'Tab' });
    expect((await input(token, { id: String(id), type: 'key', key: 'F12' })).body.code).toBe(400);
    await pause(1200);
    expect(site.clicks).toBe(2);
    expect((await frame(token, id, first.seq ?? 0)).body.data.seq).toBeGreaterThan(first.seq ?? 0);

    const stopped = await t.post<CaptureItem>('/api/capture/process/stop', { id: String(id) }, token);
    expect(stopped.body).toMatchObject({ code: 200, msg: copyText('capture:stopped'), data: { state: 'processing' } });
    expect((await frame(token, id)).body.data).toMatchObject({ state: 'processing', frame: null });
    expect(await balance(token)).toBe(100);
    // The recording waits in the file store (any process may encode it), not in this process's folder.
    const waiting = await t.db.selectFrom('captures').select('recording_file_key').where('id', '=', id).executeTakeFirstOrThrow();
    const packed = waiting.recording_file_key ?? '';
    expect(packed).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}$/);
    await expect(access(capture.service.sessionDir(id))).rejects.toThrow();
    const packedPath = join(t.dataDir, 'files', 'objects', packed);
    await access(packedPath);

    expect(await capture.service.jobs.drain()).toBe(1);
    // Encoded from the store, preserved, and the packed recording deleted.
    expect(
      (await t.db.selectFrom('captures').select('recording_file_key').where('id', '=', id).executeTakeFirstOrThrow()).recording_file_key,
    ).toBeNull();
    await expect(access(capture.service.sessionDir(id))).rejects.toThrow();
    await expect(access(packedPath)).rejects.toThrow();
    const done = (await item(token, id)).body.data;
    expect(done).toMatchObject({ state: 'done', type: 2, points: 10 });
    expect(done.duration).toBeGreaterThan(0);
    expect(await balance(token)).toBe(90);

    const detail = (await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${done.baoquan}`, token)).body.data;
    expect(detail).toMatchObject({ type: 2, duration: done.duration });
    expect(detail.process?.startUrl).toBe(site.url('/known'));
    expect(detail.process?.actions.map((a) => a.type)).toEqual(['click', 'click', 'scroll', 'key']);
    expect(detail.process?.actions[0]).toMatchObject(COUNTER_BUTTON);
    const times = detail.process?.actions.map((a) => a.t) ?? [];
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(detail.files.map((f) => f.name)).toEqual(['recording.webm', 'actions.json']);

    const parts = (await get<{ list: CapturePart[] }>(t, `/api/evidences/other?baoquan=${done.baoquan}`, token)).body.data.list;
    expect(parts.map((p) => p.role)).toEqual(['video', 'actions', 'bundle']);
    const video = (await t.app.inject({ method: 'GET', url: parts[0]!.url })).rawPayload;
    // EBML magic, then the "webm" doc type in the header.
    expect(video.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(video.subarray(0, 64).includes(Buffer.from('webm'))).toBe(true);
    const zip = await fromBufferPromise((await t.app.inject({ method: 'GET', url: parts[2]!.url })).rawPayload, { lazyEntries: true });
    const names: string[] = [];
    for await (const entry of zip.eachEntry()) names.push(entry.fileName);
    expect(names).toEqual(['manifest.json', 'recording.webm', 'actions.json']);

    const listed = (await get<{ count: number; list: CaptureItem[] }>(t, '/api/Evidences/listing?type=2', token)).body.data;
    expect(listed.list.map((i) => [i.id, i.state])).toEqual([[id, 'done']]);
  }, 90_000);

  it('refuses a second session of one user, another user’s session answers as missing, cancel discards without charge', async () => {
    const alice = await account('13600136202');
    const bob = await account('13600136203');
    const id = (await start(alice)).body.data.id;
    expect((await start(alice)).body).toMatchObject({ code: 400, msg: copyText('capture:sessionOpen') });
    const missing = await frame(bob, id);
    expect(missing.status).toBe(404);
    expect((await input(bob, { id: String(id), type: 'click', x: '1', y: '1' })).status).toBe(404);
    expect((await t.post('/api/capture/process/stop', { id: String(id) }, bob)).status).toBe(404);
    expect((await item(bob, id)).status).toBe(404);
    expect((await t.post('/api/capture/process/cancel', { id: String(id) }, alice)).body.code).toBe(200);
    expect((await item(alice, id)).body.data).toMatchObject({ state: 'failed', reason: 'abandoned' });
    expect(await balance(alice)).toBe(100);
    expect((await t.post('/api/capture/process/stop', { id: String(id) }, alice)).status).toBe(404);
    expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  }, 60_000);

  it('refuses an address that cannot be opened, a balance that cannot pay, and bad input, keeping nothing open', async () => {
    const token = await account('13600136204', 5);
    expect((await start(token)).body).toMatchObject({ code: 400, msg: copyText('payment:insufficientPoints') });
    await sql`UPDATE users SET points = 10000 WHERE phone = '13600136204'`.execute(t.db);
    expect((await start(token, 'javascript:alert(1)')).body).toMatchObject({
      code: 400,
      msg: copyText('validation:urlInvalid'),
    });
    expect((await start(token, site.url('/known'), '')).body).toMatchObject({ code: 400, msg: validationText('required|title') });
    const closed = new TestSite();
    await closed.start();
    const url = closed.url('/known');
    await closed.stop();
    expect((await start(token, url)).body).toMatchObject({ code: 400, msg: copyText('capture:reason_unreachable') });
    const rows = await t.db.selectFrom('captures').select(['state', 'reason']).execute();
    expect(rows).toEqual([{ state: 'failed', reason: 'unreachable' }]);
    expect((await t.post('/api/capture/process/start', { url: site.url('/known'), title: 'x' })).body.code).toBe(408);
  }, 60_000);

  it('discards a session nobody looks at once the idle time has passed', async () => {
    const token = await account('13600136205');
    const id = (await start(token)).body.data.id;
    await pause(5500);
    await capture.sessions.sweep();
    expect((await item(token, id)).body.data).toMatchObject({ state: 'failed', reason: 'abandoned' });
    expect(await balance(token)).toBe(100);
  }, 60_000);

  it('fails a recording whose process died (its last_seen_at went stale)', async () => {
    const token = await account('13600136206');
    const userId = (await t.db.selectFrom('users').select('id').where('phone', '=', '13600136206').executeTakeFirstOrThrow()).id;
    const long_ago = new Date(t.clock.now().getTime() - 3600_000);
    const row = await t.db
      .insertInto('captures')
      .values({
        user_id: userId,
        kind: 'process',
        state: 'recording',
        title: '别的进程',
        url: site.url('/known'),
        price: 1000,
        created_at: long_ago,
        started_at: long_ago,
        last_seen_at: long_ago,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await capture.sessions.sweep();
    expect((await item(token, row.id)).body.data).toMatchObject({ state: 'failed', reason: 'interrupted' });
  });
});
