import type { MobilePieceResponse } from '@contracts';
import type { PieceStore, QueuedPiece } from './piece-store';

export type SenderOptions = {
  store: PieceStore;
  recordingId: number;
  upload: (piece: QueuedPiece) => Promise<MobilePieceResponse>;
  isOnline: () => boolean;
  /** A failure worth trying again (the connection, the server busy); any other is tried `maxAttempts` times. */
  isTransient: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
  onSent?: (answer: MobilePieceResponse) => void;
  onWaiting?: (count: number) => void;
  onFailed?: (error: unknown) => void;
};

export type PieceSender = {
  /** Keeps the piece in the store and sends it after the ones before it. */
  add(piece: QueuedPiece): Promise<void>;
  /** The browser is online again: sending resumes. */
  resume(): void;
  /** The browser went offline: the piece being sent fails and sending waits for `resume`. */
  pause(): void;
  /** Resolves once every added piece is on the server; rejects when sending gave up. */
  drained(): Promise<void>;
};

/** Waits before a retry: half a second, doubling, at most five seconds. */
export const retryDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 5000);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a recording's pieces one at a time in seq order (the server expects seq = pieces received), so a
 * piece is never sent before the one before it has been accepted. Offline it waits; a transient failure
 * is retried without end, another failure `maxAttempts` times before sending gives up.
 */
export function createPieceSender(options: SenderOptions): PieceSender {
  const { store, recordingId, upload, isOnline, isTransient, sleep = defaultSleep, maxAttempts = 4 } = options;
  let waiting = 0;
  let running = false;
  let paused = !isOnline();
  let failure: { error: unknown } | null = null;
  let waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];

  const settleWaiters = () => {
    if (failure) {
      const { error } = failure;
      waiters.forEach((w) => w.reject(error));
    } else if (waiting === 0 && !running) waiters.forEach((w) => w.resolve());
    else return;
    waiters = [];
  };

  async function sendOne(piece: QueuedPiece): Promise<'sent' | 'stop' | 'again'> {
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await upload(piece);
        await store.remove(recordingId, piece.seq);
        waiting = Math.max(0, waiting - 1);
        options.onWaiting?.(waiting);
        options.onSent?.(answer);
        return 'sent';
      } catch (error) {
        if (paused || !isOnline()) {
          paused = true;
          return 'stop';
        }
        if (!isTransient(error) && attempt + 1 >= maxAttempts) {
          failure = { error };
          options.onFailed?.(error);
          return 'stop';
        }
        await sleep(retryDelay(attempt));
        if (paused) return 'stop';
      }
    }
  }

  async function pump() {
    if (running || paused || failure) return;
    running = true;
    try {
      for (;;) {
        const [next] = await store.list(recordingId);
        if (!next || (await sendOne(next)) === 'stop') break;
      }
    } finally {
      running = false;
      settleWaiters();
    }
  }

  return {
    async add(piece) {
      await store.put(piece);
      waiting += 1;
      options.onWaiting?.(waiting);
      void pump();
    },
    resume() {
      paused = false;
      void pump();
    },
    pause() {
      paused = true;
    },
    drained() {
      return new Promise<void>((resolve, reject) => {
        waiters.push({ resolve, reject });
        settleWaiters();
      });
    },
  };
}
