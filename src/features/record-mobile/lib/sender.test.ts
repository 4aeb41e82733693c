import { describe, expect, it } from 'vitest';
import type { MobilePieceResponse } from '@contracts';
import { createMemoryPieceStore, type QueuedPiece } from './piece-store';
import { createPieceSender, retryDelay, type SenderOptions } from './sender';

const piece = (seq: number): QueuedPiece => ({ recordingId: 1, seq, hash: String(seq).padStart(64, '0'), bytes: new Blob([`p${seq}`]) });
const answer = (seq: number): MobilePieceResponse => ({ seq, chainHead: 'h', pieces: seq + 1, bytes: 0 });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

class Refused extends Error {}

function setup(overrides: Partial<SenderOptions> = {}) {
  const store = createMemoryPieceStore();
  const net = { online: true, down: false };
  const sent: number[] = [];
  const tried: number[] = [];
  const waits: number[] = [];
  const sender = createPieceSender({
    store,
    recordingId: 1,
    isOnline: () => net.online,
    isTransient: (error) => !(error instanceof Refused),
    sleep: async (ms) => {
      waits.push(ms);
      await flush();
    },
    upload: async (p) => {
      tried.push(p.seq);
      await flush();
      if (!net.online || net.down) throw new TypeError('Failed to fetch');
      sent.push(p.seq);
      return answer(p.seq);
    },
    ...overrides,
  });
  return { store, net, sent, tried, waits, sender };
}

describe('the piece sender', () => {
  it('sends pieces in seq order, one at a time, and empties the store', async () => {
    const { sender, sent, store } = setup();
    await Promise.all([sender.add(piece(0)), sender.add(piece(1)), sender.add(piece(2))]);
    await sender.drained();
    expect(sent).toEqual([0, 1, 2]);
    expect(await store.list(1)).toEqual([]);
  });

  it('keeps pieces while offline and sends them, in order, once resumed', async () => {
    const { sender, sent, net, store } = setup();
    net.online = false;
    sender.pause();
    await sender.add(piece(0));
    await sender.add(piece(1));
    await flush();
    expect(sent).toEqual([]);
    expect((await store.list(1)).map((p) => p.seq)).toEqual([0, 1]);
    let drained = false;
    void sender.drained().then(() => (drained = true));
    await flush();
    expect(drained).toBe(false);
    net.online = true;
    sender.resume();
    await sender.drained();
    expect(sent).toEqual([0, 1]);
    expect(drained).toBe(true);
  });

  it('pauses when the connection drops mid-send, then sends the same piece again', async () => {
    const { sender, sent, tried, net } = setup();
    await sender.add(piece(0));
    await sender.drained();
    net.online = false;
    await sender.add(piece(1));
    await sender.add(piece(2));
    await flush();
    net.online = true;
    sender.resume();
    await sender.drained();
    expect(sent).toEqual([0, 1, 2]);
    expect(tried.filter((seq) => seq === 1).length).toBe(2);
  });

  it('retries a transient failure with growing waits until it goes through', async () => {
    const { sender, sent, net, waits } = setup();
    net.down = true;
    await sender.add(piece(0));
    for (let i = 0; i < 10; i++) await flush();
    net.down = false;
    await sender.drained();
    expect(sent).toEqual([0]);
    expect(waits.slice(0, 3)).toEqual([retryDelay(0), retryDelay(1), retryDelay(2)]);
    expect(retryDelay(10)).toBe(5000);
  });

  it('gives up after a refused piece was tried maxAttempts times, and says so', async () => {
    const failures: unknown[] = [];
    const { sender, tried } = setup({
      maxAttempts: 3,
      upload: (p) => {
        tried.push(p.seq);
        return Promise.reject(new Refused('no'));
      },
      onFailed: (error) => failures.push(error),
    });
    await sender.add(piece(0));
    await expect(sender.drained()).rejects.toBeInstanceOf(Refused);
    expect(tried).toEqual([0, 0, 0]);
    expect(failures).toHaveLength(1);
  });

  it('reports how many pieces wait and each answer', async () => {
    const counts: number[] = [];
    const answers: MobilePieceResponse[] = [];
    const { sender } = setup({ onWaiting: (n) => counts.push(n), onSent: (a) => answers.push(a) });
    await sender.add(piece(0));
    await sender.drained();
    expect(counts).toEqual([1, 0]);
    expect(answers).toEqual([answer(0)]);
  });
});
