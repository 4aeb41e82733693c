import type { MobilePieceResponse, MobileRecordingStatus, MobileRecordingStopRequest } from '@contracts';
import { nextChainHead, pieceHash } from './chain';
import type { PieceStore, QueuedPiece } from './piece-store';
import { createPieceSender } from './sender';

export type ResumeOptions = {
  store: PieceStore;
  status: (id: number) => Promise<MobileRecordingStatus>;
  upload: (piece: QueuedPiece) => Promise<MobilePieceResponse>;
  stop: (request: { id: number } & MobileRecordingStopRequest) => Promise<MobileRecordingStatus>;
  isTransient: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
  /** Before the first piece and after each: how many of the waiting pieces are on the server. */
  onProgress?: (progress: { sent: number; total: number }) => void;
};

const MAX_DURATION = 24 * 3600;

/**
 * The head the server reaches once it has the waiting pieces, computed from its own head; null when the
 * pieces do not continue where the server is (a gap in seq, or bytes that no longer match their hash).
 */
export async function continueChain(head: string, from: number, pieces: QueuedPiece[]): Promise<string | null> {
  let next = head;
  for (const [index, piece] of pieces.entries()) {
    if (piece.seq !== from + index || (await pieceHash(piece.bytes)) !== piece.hash) return null;
    next = await nextChainHead(next, piece.seq, piece.hash);
  }
  return next;
}

const serverSeconds = (status: MobileRecordingStatus) => {
  const time = (text: string) => Date.parse(text.replace(' ', 'T'));
  const seconds = status.lastPieceAt ? (time(status.lastPieceAt) - time(status.startedAt)) / 1000 : 0;
  return Number.isFinite(seconds) ? seconds : 0;
};

/**
 * Finishes a recording the phone left with pieces waiting (the page was reloaded or closed): a recording
 * the server still has open gets the pieces it lacks, in order, and the stop with the count and the head
 * the two chains agree on; any other (done, failed, not this person's) only has its pieces forgotten.
 * Answers the stop's status, or null when there was nothing to finish. A refusal is thrown; the caller
 * decides whether the pieces are kept for the next visit.
 */
export async function finishInterrupted(id: number, options: ResumeOptions): Promise<MobileRecordingStatus | null> {
  const { store } = options;
  let status: MobileRecordingStatus;
  try {
    status = await options.status(id);
  } catch (error) {
    if (options.isTransient(error)) throw error;
    await store.clear(id);
    return null;
  }
  if (status.state !== 'recording') {
    await store.clear(id);
    return null;
  }
  const stored = await store.list(id);
  // Sent before the page went away but not yet forgotten here: the server has them.
  for (const piece of stored.filter((p) => p.seq < status.pieces)) await store.remove(id, piece.seq);
  const waiting = stored.filter((p) => p.seq >= status.pieces);
  const head = await continueChain(status.chainHead, status.pieces, waiting);
  if (head === null) throw new Error('the waiting pieces do not continue the chain');
  const total = waiting.length;
  if (status.pieces + total === 0) {
    await store.clear(id);
    return null;
  }

  let sent = 0;
  const last: { answer: MobilePieceResponse | null } = { answer: null };
  options.onProgress?.({ sent, total });
  const sender = createPieceSender({
    store,
    recordingId: id,
    upload: options.upload,
    // Offline the sends fail as transient and are tried again every few seconds until the network returns:
    // this sender is not tied to the page's online events, so it must not pause itself.
    isOnline: () => true,
    isTransient: options.isTransient,
    sleep: options.sleep,
    onSent: (answer) => {
      last.answer = answer;
      sent += 1;
      options.onProgress?.({ sent, total });
    },
  });
  for (const piece of waiting) await sender.add(piece);
  await sender.drained();
  if (last.answer && last.answer.chainHead !== head) throw new Error('the server reached another chain head');

  const lastOffset = waiting.at(-1)?.offsetMs;
  const seconds =
    status.kind === 'photo' ? 0 : lastOffset !== undefined ? lastOffset / 1000 : serverSeconds(total ? await options.status(id) : status);
  const duration = Math.min(MAX_DURATION, Math.max(0, Math.round(seconds)));
  const stopped = await options.stop({ id, pieces: status.pieces + total, chainHead: head, duration });
  await store.clear(id);
  return stopped;
}
