import type { MobilePieceResponse } from '@contracts';
import { CHAIN_START, nextChainHead, pieceHash } from './chain';
import type { PieceStore, QueuedPiece } from './piece-store';
import { createPieceSender, type SenderOptions } from './sender';

export type SessionOptions = Pick<SenderOptions, 'isOnline' | 'isTransient' | 'sleep' | 'onSent' | 'onWaiting' | 'onFailed'> & {
  recordingId: number;
  store: PieceStore;
  upload: (piece: QueuedPiece) => Promise<MobilePieceResponse>;
  /** After each recorded piece: how many pieces and bytes have been recorded so far. */
  onRecorded?: (totals: { pieces: number; bytes: number }) => void;
  /** Milliseconds since the recording began, kept with each piece. */
  offset?: () => number;
};

export type RecordingSession = {
  /** A piece the recorder produced: hashed, chained, kept and queued, strictly in the order given. */
  addPiece(bytes: Blob): Promise<void>;
  online(): void;
  offline(): void;
  /** Waits for every piece to reach the server; the count and the chain head to send with the stop. */
  finish(): Promise<{ pieces: number; chainHead: string }>;
};

/**
 * One recording on the phone: numbers the pieces from 0, keeps the chain head as the server computes it,
 * and hands each piece to the in-order sender. Pieces arrive from the recorder's events faster than they are
 * hashed, so each waits for the one before it.
 */
export function createRecordingSession(options: SessionOptions): RecordingSession {
  const { recordingId, store } = options;
  const sender = createPieceSender({ ...options, store, recordingId });
  let seq = 0;
  let bytes = 0;
  let head = CHAIN_START;
  let tail: Promise<void> = Promise.resolve();

  return {
    addPiece(piece) {
      tail = tail.then(async () => {
        const hash = await pieceHash(piece);
        head = await nextChainHead(head, seq, hash);
        const queued: QueuedPiece = { recordingId, seq, hash, bytes: piece, offsetMs: options.offset?.() };
        seq += 1;
        bytes += piece.size;
        options.onRecorded?.({ pieces: seq, bytes });
        await sender.add(queued);
      });
      return tail;
    },
    online: () => sender.resume(),
    offline: () => sender.pause(),
    async finish() {
      await tail;
      await sender.drained();
      return { pieces: seq, chainHead: head };
    },
  };
}
