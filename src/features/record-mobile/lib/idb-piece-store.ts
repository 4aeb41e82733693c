// A small wrapper of our own over indexedDB: `idb` is in node_modules only as another package's dependency.
import { createMemoryPieceStore, type PieceStore, type QueuedPiece } from './piece-store';

const DB_NAME = 'mobile-recording';
const STORE = 'pieces';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexedDB request failed'));
  });

function openDatabase(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(STORE, { keyPath: ['recordingId', 'seq'] });
  };
  return done(request);
}

/** The pieces in the browser's IndexedDB; where it cannot be opened (private modes), in memory. */
export async function openPieceStore(): Promise<PieceStore> {
  if (typeof indexedDB === 'undefined') return createMemoryPieceStore();
  let db: IDBDatabase;
  try {
    db = await openDatabase();
  } catch {
    return createMemoryPieceStore();
  }
  const store = (mode: IDBTransactionMode) => db.transaction(STORE, mode).objectStore(STORE);
  const range = (recordingId: number) => IDBKeyRange.bound([recordingId, 0], [recordingId, Number.MAX_SAFE_INTEGER]);
  return {
    put: async (piece) => {
      await done(store('readwrite').put(piece));
    },
    list: async (recordingId) => {
      return (await done(store('readonly').getAll(range(recordingId)))) as QueuedPiece[];
    },
    remove: async (recordingId, seq) => {
      await done(store('readwrite').delete([recordingId, seq]));
    },
    recordings: async () => {
      const keys = (await done(store('readonly').getAllKeys())) as [number, number][];
      return [...new Set(keys.map(([recordingId]) => recordingId))];
    },
    clear: async (recordingId) => {
      await done(store('readwrite').delete(range(recordingId)));
    },
  };
}
