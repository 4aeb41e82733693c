import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureDetail, CaptureItem } from '../../../contracts/index';
import { FileStore } from '../../files/store';
import { REFERENCES, storeRoots, sweepOrphans } from '../../files/sweep';
import { copyText } from '../../test-support/copy';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import {
  chainOf,
  recordingStatus,
  sendPiece,
  sha256,
  startRecording,
  stopRecording,
  webmPieces,
} from '../../test-support/mobile-recording';
import { sizeText } from '../evidence/index';
import { captureModuleOf, type CaptureModule } from './routes';

let t: TestApp;
let capture: CaptureModule;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      CAPTURE_WORKERS: '0',
      CAPTURE_MOBILE_POINTS: '1.5',
      MOBILE_PIECE_MAX_BYTES: '8192',
      MOBILE_RECORDING_MAX_BYTES: '12000',
      MOBILE_RECORDING_MAX_SECONDS: '600',
      MOBILE_RECORDING_IDLE_SECONDS: '300',
    },
  });
  capture = captureModuleOf(t.app) as CaptureModule;
});
beforeEach(() => t.reset());
afterAll(() => t.close());

async function account(phone: string, points = 100) {
  const session = await register(t, phone);
  await sql`UPDATE users SET points = ${points * 100} WHERE phone = ${phone}`.execute(t.db);
  return session.token;
}
const balance = async (token: string) => (await t.post<{ points: number }>('/api/user/getUserInfo', {}, token)).body.data.points;
const get = async <T>(url: string, token: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json<{
    code: number;
    msg: string;
    data: T;
  }>();

async function opened(token: string, input = {}) {
  const reply = await startRecording(t.app, token, input);
  expect(reply.body.code, reply.body.msg).toBe(200);
  return reply.body.data.id;
}

/** What must not move when a call is refused. */
async function snapshot(id: number, token: string) {
  const status = (await recordingStatus(t.app, token, id)).body.data;
  const pieces = await t.db
    .selectFrom('mobile_recording_pieces')
    .select(['seq', 'sha256'])
    .where('capture_id', '=', id)
    .orderBy('seq')
    .execute();
  return {
    state: status.state,
    pieces: status.pieces,
    bytes: status.bytes,
    chainHead: status.chainHead,
    rows: pieces,
    points: await balance(token),
  };
}

const mainStore = () => new FileStore(storeRoots(t.dataDir).main);

describe('mobile recordings sent in pieces', () => {
  it('chains three pieces, preserves their concatenation once stopped, charges once, lists and details it', async () => {
    const token = await account('13600136401');
    const started = await startRecording(t.app, token);
    expect(started.body.code, started.body.msg).toBe(200);
    expect(started.body.data).toMatchObject({
      kind: 'video',
      mime: 'video/webm',
      state: 'recording',
      pieces: 0,
      chainHead: '0'.repeat(64),
    });
    expect(started.body.data.limits).toEqual({ pieceMaxBytes: 8192, maxBytes: 12000, maxSeconds: 600, idleSeconds: 300 });
    const id = started.body.data.id;
    // The open recording is a type 4 capture in state recording: the mobile list and the queue page show it.
    const item = await get<CaptureItem>(`/api/capture/item?id=${id}`, token);
    expect(item.data).toMatchObject({ type: 4, state: 'recording', title: '现场录像' });
    const listed = await get<{ count: number; list: CaptureItem[] }>('/api/Evidences/listing?type=4', token);
    expect(listed.data.list.map((c) => c.id)).toEqual([id]);

    const pieces = webmPieces();
    let bytes = 0;
    for (const [seq, piece] of pieces.entries()) {
      t.clock.advance(2000);
      const reply = await sendPiece(t.app, token, id, seq, piece);
      expect(reply.body.code, reply.body.msg).toBe(200);
      bytes += piece.length;
      expect(reply.body.data).toEqual({ seq, chainHead: chainOf(pieces.slice(0, seq + 1)), pieces: seq + 1, bytes });
    }
    const stopped = await stopRecording(t.app, token, id, { pieces: 3, chainHead: chainOf(pieces), duration: 6 });
    expect(stopped.body.code, stopped.body.msg).toBe(200);
    expect(stopped.body.data).toMatchObject({ state: 'done', pieces: 3, bytes, chainHead: chainOf(pieces), gaps: [] });
    expect(stopped.body.data.baoquan).toBeTruthy();
    expect(await balance(token)).toBe(98.5);

    const done = (await get<CaptureItem>(`/api/capture/item?id=${id}`, token)).data;
    expect(done).toMatchObject({
      state: 'done',
      duration: 6,
      filehash: sha256(Buffer.concat(pieces)),
      size: bytes,
      fileType: 'video',
      appAddress: '31.2304, 121.4737 (±12 m)',
      appType: copyText('capture:mobileKind_video'),
      configName: 'Chrome 131',
      configModelName: 'Pixel 8',
      configVersion: 'Android 14.0.0',
      configProcessor: '',
      configCore: '',
    });
    const detail = (await get<CaptureDetail>(`/api/Evidences/detail?baoquan=${done.baoquan}`, token)).data;
    expect(detail.recording).toMatchObject({ kind: 'video', mime: 'video/webm', pieces: 3, chainHead: chainOf(pieces), gaps: [] });
    expect(detail.recording?.device.model).toBe('Pixel 8');
    // Nobody without the code sees the recording's facts.
    const limited = (await t.app.inject({ method: 'GET', url: `/api/Evidences/detail?baoquan=${done.baoquan}` })).json<{
      data: CaptureDetail;
    }>();
    expect(limited.data.recording).toBeNull();
    // The pieces are released: no row holds them any more.
    expect(await t.db.selectFrom('mobile_recording_pieces').selectAll().execute()).toEqual([]);

    // A stop repeated after done answers the same, charged once.
    const again = await stopRecording(t.app, token, id, { pieces: 3, chainHead: chainOf(pieces), duration: 6 });
    expect(again.body.code, again.body.msg).toBe(200);
    expect(again.body.data.baoquan).toBe(stopped.body.data.baoquan);
    expect(await balance(token)).toBe(98.5);
    expect(await t.db.selectFrom('evidence').selectAll().execute()).toHaveLength(1);
  });

  it('answers a piece sent again with the same bytes as before, and changes nothing', async () => {
    const token = await account('13600136402');
    const id = await opened(token);
    const pieces = webmPieces();
    const first = await sendPiece(t.app, token, id, 0, pieces[0]!);
    await sendPiece(t.app, token, id, 1, pieces[1]!);
    const before = await snapshot(id, token);
    const repeat = await sendPiece(t.app, token, id, 0, pieces[0]!);
    expect(repeat.body.code, repeat.body.msg).toBe(200);
    expect(repeat.body.data).toEqual(first.body.data);
    expect(await snapshot(id, token)).toEqual(before);
  });

  it('refuses every hostile piece with its message and changes nothing', async () => {
    const token = await account('13600136403');
    const other = await account('13600136404');
    const id = await opened(token);
    const pieces = webmPieces();
    await sendPiece(t.app, token, id, 0, pieces[0]!);
    const before = await snapshot(id, token);
    const cases: [string, () => Promise<{ body: { code: number; msg: string } }>, string][] = [
      [
        'a received seq with other bytes',
        () => sendPiece(t.app, token, id, 0, pieces[1]!),
        copyText('capture:mobilePieceConflict', { seq: 0 }),
      ],
      ['a seq out of order', () => sendPiece(t.app, token, id, 2, pieces[2]!), copyText('capture:mobilePieceOutOfOrder', { expected: 1 })],
      [
        'a hash that is not of the bytes',
        () => sendPiece(t.app, token, id, 1, pieces[1]!, sha256(pieces[2]!)),
        copyText('capture:mobilePieceHash', { seq: 1 }),
      ],
      [
        'a piece over the limit',
        () => sendPiece(t.app, token, id, 1, randomBytes(8193)),
        copyText('capture:mobilePieceTooLarge', { size: sizeText(8192) }),
      ],
      ['another user', () => sendPiece(t.app, other, id, 1, pieces[1]!), copyText('capture:notFound')],
      ['an unknown id', () => sendPiece(t.app, token, id + 100, 1, pieces[1]!), copyText('capture:notFound')],
      [
        'a stop with another count',
        () => stopRecording(t.app, token, id, { pieces: 2, chainHead: chainOf(pieces.slice(0, 2)) }),
        copyText('capture:mobileStopMismatch', { pieces: 1 }),
      ],
      [
        'a stop with another head',
        () => stopRecording(t.app, token, id, { pieces: 1, chainHead: chainOf([pieces[1]!]) }),
        copyText('capture:mobileStopMismatch', { pieces: 1 }),
      ],
      [
        'a stop of another user',
        () => stopRecording(t.app, other, id, { pieces: 1, chainHead: chainOf([pieces[0]!]) }),
        copyText('capture:notFound'),
      ],
    ];
    for (const [what, call, message] of cases) {
      const reply = await call();
      expect(reply.body.code, what).not.toBe(200);
      expect(reply.body.msg, what).toBe(message);
      expect(await snapshot(id, token), what).toEqual(before);
    }
    expect((await recordingStatus(t.app, other, id)).body.msg).toBe(copyText('capture:notFound'));

    // Over the whole recording's limit (12000 bytes): refused, the recording still open for its stop.
    expect((await sendPiece(t.app, token, id, 1, pieces[1]!)).body.code).toBe(200);
    const full = await snapshot(id, token);
    const over = await sendPiece(t.app, token, id, 2, randomBytes(4000));
    expect(over.body.msg).toBe(copyText('capture:mobileRecordingTooLarge', { size: sizeText(12000) }));
    expect(await snapshot(id, token)).toEqual(full);

    // Past MOBILE_RECORDING_MAX_SECONDS since the start.
    t.clock.advance(601_000);
    const late = await sendPiece(t.app, token, id, 2, pieces[2]!);
    expect(late.body.msg).toBe(copyText('capture:mobileRecordingTooLong', { minutes: 10 }));
    expect(await snapshot(id, token)).toEqual(full);
  });

  it('refuses pieces after the stop, and preserves once when two stops race', async () => {
    const token = await account('13600136405');
    const id = await opened(token);
    const pieces = webmPieces();
    for (const [seq, piece] of pieces.entries()) await sendPiece(t.app, token, id, seq, piece);
    const stop = { pieces: 3, chainHead: chainOf(pieces) };
    const [a, b] = await Promise.all([stopRecording(t.app, token, id, stop), stopRecording(t.app, token, id, stop)]);
    expect([a.body.code, b.body.code], `${a.body.msg} ${b.body.msg}`).toEqual([200, 200]);
    expect(a.body.data.baoquan).toBe(b.body.data.baoquan);
    expect(await balance(token)).toBe(98.5);
    expect(await t.db.selectFrom('evidence').selectAll().execute()).toHaveLength(1);
    const late = await sendPiece(t.app, token, id, 3, randomBytes(100));
    expect(late.body.msg).toBe(copyText('capture:mobileRecordingEnded'));
  });

  it('refuses to start when the balance cannot cover the price', async () => {
    const token = await account('13600136406', 1);
    const reply = await startRecording(t.app, token);
    expect(reply.body.msg).toBe(copyText('payment:insufficientPoints'));
    expect(await t.db.selectFrom('captures').selectAll().execute()).toEqual([]);
  });

  it('ends as failed, uncharged, when the bytes are not of the declared type', async () => {
    const token = await account('13600136407');
    const id = await opened(token);
    const text = Buffer.from('this is plain text, not a video\n'.repeat(200));
    await sendPiece(t.app, token, id, 0, text);
    const reply = await stopRecording(t.app, token, id, { pieces: 1, chainHead: chainOf([text]) });
    expect(reply.body.msg).toBe(copyText('capture:mobileTypeMismatch'));
    const item = (await get<CaptureItem>(`/api/capture/item?id=${id}`, token)).data;
    expect(item).toMatchObject({ state: 'failed', reason: 'typeMismatch', evidenceId: null });
    expect(await balance(token)).toBe(100);
    expect(await t.db.selectFrom('mobile_recording_pieces').selectAll().execute()).toEqual([]);
  });

  it('preserves a photo as one piece and refuses a second', async () => {
    const token = await account('13600136408');
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), randomBytes(200)]);
    const id = await opened(token, { kind: 'photo', mime: 'image/png' });
    await sendPiece(t.app, token, id, 0, png);
    expect((await sendPiece(t.app, token, id, 1, png)).body.msg).toBe(copyText('capture:mobilePhotoPieces'));
    // Sent as a url-encoded form, as the web app's post helper does.
    const reply = await t.post(
      `/api/capture/mobile/recordings/${id}/stop`,
      { pieces: '1', chainHead: chainOf([png]), duration: '0' },
      token,
    );
    expect(reply.body.code, reply.body.msg).toBe(200);
    const item = (await get<CaptureItem>(`/api/capture/item?id=${id}`, token)).data;
    expect(item).toMatchObject({ fileType: 'image', filehash: sha256(png), appType: copyText('capture:mobileKind_photo') });
  });

  it('keeps a sound recording in WebM as sound', async () => {
    const token = await account('13600136419');
    const pieces = webmPieces();
    const id = await opened(token, { kind: 'audio', mime: 'audio/webm;codecs=opus' });
    for (const [seq, piece] of pieces.entries()) await sendPiece(t.app, token, id, seq, piece);
    const stopped = await stopRecording(t.app, token, id, { pieces: 3, chainHead: chainOf(pieces), duration: 6 });
    expect(stopped.body.code, stopped.body.msg).toBe(200);
    const item = (await get<CaptureItem>(`/api/capture/item?id=${id}`, token)).data;
    expect(item).toMatchObject({
      fileType: 'audio',
      filehash: sha256(Buffer.concat(pieces)),
      appType: copyText('capture:mobileKind_audio'),
    });
  });

  it('states the silence between two arrivals as a gap', async () => {
    const token = await account('13600136409');
    const id = await opened(token);
    const pieces = webmPieces();
    t.clock.advance(2000);
    await sendPiece(t.app, token, id, 0, pieces[0]!);
    t.clock.advance(2000);
    await sendPiece(t.app, token, id, 1, pieces[1]!);
    // Offline for 40 s: the queued piece arrives after the silence.
    t.clock.advance(40_000);
    await sendPiece(t.app, token, id, 2, pieces[2]!);
    const status = (await recordingStatus(t.app, token, id)).body.data;
    const gap = { from: '2025-01-06 09:00:04', to: '2025-01-06 09:00:44', seconds: 40 };
    expect(status.gaps).toEqual([gap]);

    // The certificate names the gap, the chain head, and says "not available" for what a browser cannot know.
    const stopped = await stopRecording(t.app, token, id, { pieces: 3, chainHead: chainOf(pieces) });
    const no = stopped.body.data.baoquan ?? '';
    const view = await get<{ viewToken: string }>(`/api/check/viewToken?no=${no}`, token);
    const mobile = await get<{ certificateHtml: string }>(
      `/api/check/mobileDetail?no=${no}&viewToken=${encodeURIComponent(view.data.viewToken)}`,
      token,
    );
    const html = mobile.data.certificateHtml;
    expect(html).toContain(copyText('certificate:recordingGap', gap));
    expect(html).toContain(chainOf(pieces));
    expect(html).toContain(
      `<th scope="row">${copyText('certificate:configProcessor')}</th><td>${copyText('certificate:notAvailable')}</td>`,
    );
  });

  it('ends a silent recording as abandoned, uncharged, and its pieces are swept', async () => {
    const token = await account('13600136410');
    const id = await opened(token);
    const pieces = webmPieces();
    await sendPiece(t.app, token, id, 0, pieces[0]!);
    const keys = (await t.db.selectFrom('mobile_recording_pieces').select('file_key').execute()).map((r) => r.file_key);
    expect(await mainStore().has(keys[0]!)).toBe(true);
    // The orphan sweep counts an open recording's pieces as held.
    await sweepOrphans(mainStore(), () => REFERENCES.main.keys(t.db), 0, Date.now() + 1000);
    expect(await mainStore().has(keys[0]!)).toBe(true);

    t.clock.advance(299_000);
    await capture.recordings.sweep();
    expect((await recordingStatus(t.app, token, id)).body.data.state).toBe('recording');
    t.clock.advance(2000);
    await capture.recordings.sweep();
    const item = (await get<CaptureItem>(`/api/capture/item?id=${id}`, token)).data;
    expect(item).toMatchObject({ state: 'failed', reason: 'abandoned' });
    expect(await balance(token)).toBe(100);
    await sweepOrphans(mainStore(), () => REFERENCES.main.keys(t.db), 0, Date.now() + 1000);
    expect(await mainStore().has(keys[0]!)).toBe(false);
    expect((await sendPiece(t.app, token, id, 1, pieces[1]!)).body.msg).toBe(copyText('capture:mobileRecordingEnded'));
  });
});
