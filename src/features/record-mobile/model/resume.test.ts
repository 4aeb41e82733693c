import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { MobilePieceResponse, MobileRecordingStatus } from '@contracts';
import { ApiError } from '@/shared/api';
import { resumedStatusFx, sendPieceFx, stopResumedFx } from '../api/recording';
import { CHAIN_START, nextChainHead, pieceHash } from '../lib/chain';
import { createMemoryPieceStore, type PieceStore, type QueuedPiece } from '../lib/piece-store';
import { wentOffline, wentOnline } from './network';
import { openPieceStoreFx, RecorderGate } from './recorder';
import { $resumeNotice, resumeChecked } from './resume';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const status = (over: Partial<MobileRecordingStatus> = {}): MobileRecordingStatus => ({
  id: 7,
  kind: 'video',
  mime: 'video/webm',
  state: 'recording',
  pieces: 0,
  bytes: 0,
  chainHead: CHAIN_START,
  startedAt: '2026-01-01 10:00:00',
  lastPieceAt: null,
  gaps: [],
  limits: { pieceMaxBytes: 1 << 20, maxBytes: 1 << 30, maxSeconds: 3600, idleSeconds: 60 },
  baoquan: null,
  ...over,
});

async function piece(recordingId: number, seq: number, offsetMs?: number): Promise<QueuedPiece> {
  const bytes = new Blob([new Uint8Array([seq, seq + 1, seq + 2])]);
  return { recordingId, seq, hash: await pieceHash(bytes), bytes, offsetMs };
}

/** A server that keeps the chain as the real one does, starting from what it already has. */
function fakeServer(initial: MobileRecordingStatus | Error) {
  const sent: { id: number; seq: number }[] = [];
  const stops: unknown[] = [];
  let current = initial;
  const fns = {
    status: () => (current instanceof Error ? Promise.reject(current) : Promise.resolve(current)),
    send: async ({ id, seq, hash }: { id: number; seq: number; hash: string }): Promise<MobilePieceResponse> => {
      if (current instanceof Error || seq !== current.pieces) throw new ApiError({ code: 409, message: 'order' });
      const chainHead = await nextChainHead(current.chainHead, seq, hash);
      current = { ...current, pieces: seq + 1, chainHead };
      sent.push({ id, seq });
      return { seq, chainHead, pieces: seq + 1, bytes: 0 };
    },
    stop: (request: unknown) => {
      stops.push(request);
      return status({ state: 'done', baoquan: 'BQ7' });
    },
  };
  return { sent, stops, fns };
}

function scopeWith(store: PieceStore, server: ReturnType<typeof fakeServer>, online = true) {
  const scope = fork({
    handlers: [
      [openPieceStoreFx, () => store],
      [resumedStatusFx, server.fns.status],
      [sendPieceFx, server.fns.send],
      [stopResumedFx, server.fns.stop],
    ],
  });
  return { scope, ready: online ? Promise.resolve() : allSettled(wentOffline, { scope }) };
}

describe('finishing a recording an earlier visit left', () => {
  it("sends the waiting pieces after the server's, closes the chain it continues and links the record", async () => {
    const store = createMemoryPieceStore();
    const [p0, p1, p2] = [await piece(7, 0, 1000), await piece(7, 1, 2000), await piece(7, 2, 3400)];
    const headAfter0 = await nextChainHead(CHAIN_START, 0, p0.hash);
    // Piece 0 reached the server before the reload but was still in the store.
    for (const p of [p0, p1, p2]) await store.put(p);
    const server = fakeServer(status({ pieces: 1, chainHead: headAfter0 }));
    const { scope } = scopeWith(store, server);

    await allSettled(RecorderGate.open, { scope, params: {} });

    expect(server.sent).toEqual([
      { id: 7, seq: 1 },
      { id: 7, seq: 2 },
    ]);
    const expectedHead = await nextChainHead(await nextChainHead(headAfter0, 1, p1.hash), 2, p2.hash);
    expect(server.stops).toEqual([{ id: 7, pieces: 3, chainHead: expectedHead, duration: 3 }]);
    expect(await store.recordings()).toEqual([]);
    expect(scope.getState($resumeNotice)).toEqual({ id: 7, state: 'done', sent: 2, total: 2, href: '/evidencesPro/BQ7' });
  });

  it('only forgets the pieces of a recording the server has closed, or does not know', async () => {
    for (const answer of [status({ state: 'done' }), status({ state: 'failed' }), new ApiError({ code: 404, message: 'gone' })]) {
      const store = createMemoryPieceStore();
      await store.put(await piece(7, 0, 900));
      const server = fakeServer(answer);
      const { scope } = scopeWith(store, server);
      await allSettled(resumeChecked, { scope });
      expect(server.sent).toEqual([]);
      expect(server.stops).toEqual([]);
      expect(await store.recordings()).toEqual([]);
      expect(scope.getState($resumeNotice)).toBeNull();
    }
  });

  it('does not stop a recording whose waiting pieces do not continue the chain', async () => {
    const store = createMemoryPieceStore();
    await store.put(await piece(7, 2, 900));
    const server = fakeServer(status({ pieces: 1, chainHead: 'a'.repeat(64) }));
    const { scope } = scopeWith(store, server);
    await allSettled(resumeChecked, { scope });
    expect(server.sent).toEqual([]);
    expect(server.stops).toEqual([]);
    expect(await store.recordings()).toEqual([]);
  });

  it('takes the duration from the server when the pieces carry no offset', async () => {
    const store = createMemoryPieceStore();
    await store.put(await piece(7, 0));
    const server = fakeServer(status({ lastPieceAt: '2026-01-01 10:00:05' }));
    const { scope } = scopeWith(store, server);
    await allSettled(resumeChecked, { scope });
    expect(server.stops).toEqual([{ id: 7, pieces: 1, chainHead: expect.stringMatching(/^[0-9a-f]{64}$/), duration: 5 }]);
  });

  it('waits offline, keeps a recording it could not reach, and goes on when the network returns', async () => {
    const store = createMemoryPieceStore();
    await store.put(await piece(7, 0, 1000));
    const server = fakeServer(status());
    const { scope, ready } = scopeWith(store, server, false);
    await ready;
    await allSettled(resumeChecked, { scope });
    expect(server.sent).toEqual([]);
    expect(await store.recordings()).toEqual([7]);

    const unreachable = fork({
      handlers: [
        [openPieceStoreFx, () => store],
        [resumedStatusFx, () => Promise.reject(new ApiError({ code: -1, message: 'x', network: true }))],
      ],
    });
    await allSettled(resumeChecked, { scope: unreachable });
    expect(await store.recordings()).toEqual([7]);

    await allSettled(wentOnline, { scope });
    expect(server.sent).toEqual([{ id: 7, seq: 0 }]);
    expect(server.stops).toHaveLength(1);
    expect(await store.recordings()).toEqual([]);
  });
});
