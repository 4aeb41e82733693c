import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { FORWARDED_HEADER } from './forward';
import { isOneSessionViolation } from './sessions';
import { copyText } from '../../test-support/copy';

/**
 * A session call that reaches a process not holding the session is forwarded to the holder
 * (its row's holder_url) and the holder's answer is answered unchanged. The holder here is a plain HTTP
 * server that records what it was sent; the real two-process run is in server/scale-out.test.ts.
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let holder: Server;
let holderUrl = '';
const seen: Seen[] = [];
/** What the holder answers: a status and a body no process of ours would make up. */
const HOLDER_ANSWER = { code: 200, msg: '来自持有进程', data: { marker: 'from-holder' } };
let holderStatus = 200;

beforeAll(async () => {
  holder = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(holderStatus, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(HOLDER_ANSWER));
    });
  });
  holder.listen(0, '127.0.0.1');
  await once(holder, 'listening');
  holderUrl = `http://127.0.0.1:${(holder.address() as { port: number }).port}`;
  t = await createTestApp({ config: { CAPTURE_ALLOW_PRIVATE: 'true', CAPTURE_WORKERS: '0', CAPTURE_PROCESS_POINTS: '0', PORT: '3999' } });
}, 30_000);
beforeEach(async () => {
  seen.length = 0;
  holderStatus = 200;
  await t.reset();
  await sql`TRUNCATE jobs CASCADE`.execute(t.db);
});
afterAll(async () => {
  await t.close();
  holder.close();
});

async function account(phone: string) {
  const session = await register(t, phone);
  const { id } = await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  return { token: session.token, userId: id };
}

/** A recording held by the process at `holder_url` (opened there: no page of it exists in this process). */
async function recordingOn(userId: number, holderAt: string) {
  const now = t.clock.now();
  const row = await t.db
    .insertInto('captures')
    .values({
      user_id: userId,
      kind: 'process',
      state: 'recording',
      title: '别处的会话',
      url: 'http://127.0.0.1:1/',
      price: 0,
      created_at: now,
      started_at: now,
      last_seen_at: now,
      holder_url: holderAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const call = (method: 'GET' | 'POST', url: string, token: string, form?: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...headers,
    },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });

describe('session calls reaching a process that does not hold the session', () => {
  it('forwards frame, input, stop and cancel to the holder with the caller’s token and a signed mark, and answers its answer unchanged', async () => {
    const { token, userId } = await account('13600136301');
    const id = await recordingOn(userId, holderUrl);
    const calls: { method: 'GET' | 'POST'; url: string; form?: Record<string, string> }[] = [
      { method: 'GET', url: `/api/capture/process/frame?id=${id}&after=3` },
      { method: 'POST', url: '/api/capture/process/input', form: { id: String(id), type: 'click', x: '10', y: '20' } },
      { method: 'POST', url: '/api/capture/process/stop', form: { id: String(id) } },
      { method: 'POST', url: '/api/capture/process/cancel', form: { id: String(id) } },
    ];
    for (const c of calls) {
      const reply = await call(c.method, c.url, token, c.form);
      expect(reply.statusCode, c.url).toBe(200);
      expect(reply.json(), c.url).toEqual(HOLDER_ANSWER);
    }
    expect(seen.map((s) => [s.method, s.url])).toEqual(calls.map((c) => [c.method, c.url]));
    for (const s of seen) {
      expect(s.headers.authorization).toBe(`Bearer ${token}`);
      expect(s.headers[FORWARDED_HEADER]).toMatch(/^\d+\.[0-9a-f]{64}$/);
    }
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ id: String(id), type: 'click', x: '10', y: '20' });
    expect(JSON.parse(seen[2]?.body ?? '')).toEqual({ id: String(id) });

    // The holder's refusal comes back as it was (status and body).
    holderStatus = 404;
    const refused = await call('POST', '/api/capture/process/stop', token, { id: String(id) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(HOLDER_ANSWER);
  });

  it('never forwards a forwarded call again: a call bearing a valid mark is answered here from the row', async () => {
    const { token, userId } = await account('13600136302');
    const id = await recordingOn(userId, holderUrl);
    await call('GET', `/api/capture/process/frame?id=${id}&after=0`, token);
    await call('POST', '/api/capture/process/input', token, { id: String(id), type: 'key', key: 'Tab' });
    expect(seen).toHaveLength(2);
    // The very calls the holder received, sent to this process (as if the row named it wrongly): no loop.
    const [frameCall, inputCall] = seen.splice(0);
    const again = await call('GET', frameCall?.url ?? '', token, undefined, {
      [FORWARDED_HEADER]: String(frameCall?.headers[FORWARDED_HEADER]),
    });
    expect(again.json()).toMatchObject({ code: 200, data: { state: 'recording', seq: null, frame: null } });
    const input = await t.app.inject({
      method: 'POST',
      url: inputCall?.url ?? '',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        [FORWARDED_HEADER]: String(inputCall?.headers[FORWARDED_HEADER]),
      },
      payload: inputCall?.body ?? '',
    });
    expect(input.statusCode).toBe(404);
    expect(input.json()).toMatchObject({ msg: expect.stringMatching(/[\u4e00-\u9fff]/) });
    expect(seen).toEqual([]);
  });

  it('refuses a forged, stale or misplaced mark with the Chinese envelope, forwarding nothing', async () => {
    const { token, userId } = await account('13600136303');
    const id = await recordingOn(userId, holderUrl);
    const url = `/api/capture/process/frame?id=${id}&after=0`;
    await call('GET', url, token);
    const mark = String(seen[0]?.headers[FORWARDED_HEADER]);
    seen.length = 0;
    const [time, mac] = mark.split('.');
    for (const bad of [
      `${time}.${'0'.repeat(64)}`,
      `${Number(time) - 3_600_000}.${mac}`,
      'garbage',
      // A valid mark for another URL (another session or position).
      mark,
    ]) {
      const target = bad === mark ? `/api/capture/process/frame?id=${id}&after=1` : url;
      const reply = await call('GET', target, token, undefined, { [FORWARDED_HEADER]: bad });
      expect(reply.statusCode, bad).toBe(400);
      expect(reply.json()).toMatchObject({ code: 400, msg: expect.stringMatching(/[\u4e00-\u9fff]/) });
    }
    // A mark made for another user's token does not pass with this one.
    const other = await account('13600136304');
    const replay = await call('GET', url, other.token, undefined, { [FORWARDED_HEADER]: mark });
    expect(replay.statusCode).toBe(400);
    expect(seen).toEqual([]);
  });

  it('answers another user’s, an ended and a self-held session here; a dead holder makes the call answer the session as ended', async () => {
    const alice = await account('13600136305');
    const bob = await account('13600136306');
    const id = await recordingOn(alice.userId, holderUrl);
    // Another user: missing, and the holder never hears of it.
    expect((await call('GET', `/api/capture/process/frame?id=${id}&after=0`, bob.token)).statusCode).toBe(404);
    expect((await call('POST', '/api/capture/process/stop', bob.token, { id: String(id) })).statusCode).toBe(404);
    // The row names this very process (its INTERNAL_URL): answered here.
    const own = await recordingOn(bob.userId, 'http://127.0.0.1:3999');
    expect((await call('GET', `/api/capture/process/frame?id=${own}&after=0`, bob.token)).json()).toMatchObject({
      data: { state: 'recording', frame: null },
    });
    // Ended: answered from the row.
    await t.db.updateTable('captures').set({ state: 'failed', reason: 'abandoned' }).where('id', '=', own).execute();
    expect((await call('GET', `/api/capture/process/frame?id=${own}&after=0`, bob.token)).json()).toMatchObject({
      data: { state: 'failed', frame: null },
    });
    expect(seen).toEqual([]);

    // A holder whose process is gone (nothing listens at its address).
    const dead = createServer();
    dead.listen(0, '127.0.0.1');
    await once(dead, 'listening');
    const deadUrl = `http://127.0.0.1:${(dead.address() as { port: number }).port}`;
    dead.close();
    await once(dead, 'close');
    await t.db.updateTable('captures').set({ holder_url: deadUrl }).where('id', '=', id).execute();
    expect((await call('GET', `/api/capture/process/frame?id=${id}&after=0`, alice.token)).json()).toMatchObject({
      code: 200,
      data: { state: 'recording', seq: null, frame: null },
    });
    const input = await call('POST', '/api/capture/process/input', alice.token, { id: String(id), type: 'key', key: 'Tab' });
    expect(input.statusCode).toBe(404);
    expect(input.json()).toMatchObject({ msg: copyText('capture:sessionMissing') });
  });

  it('one open session per user across processes: the database refuses a second recording, and start answers the existing refusal', async () => {
    const { token, userId } = await account('13600136307');
    await recordingOn(userId, holderUrl);
    const error = await recordingOn(userId, 'http://127.0.0.1:2').catch((e: unknown) => e);
    expect(isOneSessionViolation(error)).toBe(true);
    // Not a process capture, or not recording: not limited.
    await t.db.updateTable('captures').set({ state: 'processing' }).where('user_id', '=', userId).execute();
    await recordingOn(userId, holderUrl);
    const start = await t.post('/api/capture/process/start', { url: 'http://127.0.0.1:1/', title: '第二个', label: '' }, token);
    expect(start.body).toMatchObject({ code: 400, msg: copyText('capture:sessionOpen') });
    const rows = await t.db.selectFrom('captures').select('state').where('user_id', '=', userId).orderBy('id').execute();
    expect(rows.map((r) => r.state)).toEqual(['processing', 'recording']);
  });
});
