/**
 * One recorded piece waiting to be sent: its bytes, the hash the phone computed and, when known, the
 * milliseconds since the recording began at which it was handed over (the last one is the duration when the
 * recording has to be finished after the page was reloaded).
 */
export type QueuedPiece = { recordingId: number; seq: number; hash: string; bytes: Blob; offsetMs?: number };

/**
 * Where pieces wait until the server has them. The browser keeps them in IndexedDB (`idb-piece-store.ts`),
 * so a long stretch offline does not hold the recording in memory; tests use the in-memory store below.
 */
export type PieceStore = {
  put(piece: QueuedPiece): Promise<void>;
  /** The recording's pieces still waiting, lowest seq first. */
  list(recordingId: number): Promise<QueuedPiece[]>;
  remove(recordingId: number, seq: number): Promise<void>;
  /** The recordings that have pieces waiting (a reloaded page finishes them). */
  recordings(): Promise<number[]>;
  /** Forgets every waiting piece of the recording. */
  clear(recordingId: number): Promise<void>;
};

export function createMemoryPieceStore(): PieceStore {
  const pieces = new Map<string, QueuedPiece>();
  const key = (recordingId: number, seq: number) => `${recordingId}:${seq}`;
  return {
    put: (piece) => {
      pieces.set(key(piece.recordingId, piece.seq), piece);
      return Promise.resolve();
    },
    list: (recordingId) => Promise.resolve([...pieces.values()].filter((p) => p.recordingId === recordingId).sort((a, b) => a.seq - b.seq)),
    remove: (recordingId, seq) => {
      pieces.delete(key(recordingId, seq));
      return Promise.resolve();
    },
    recordings: () => Promise.resolve([...new Set([...pieces.values()].map((p) => p.recordingId))].sort((a, b) => a - b)),
    clear: (recordingId) => {
      for (const [k, piece] of pieces) if (piece.recordingId === recordingId) pieces.delete(k);
      return Promise.resolve();
    },
  };
}
