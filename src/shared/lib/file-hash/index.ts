export { HASH_CHUNK_BYTES, hashBlob } from './hash-blob';
export type { HashProgress } from './hash-blob';
export { HashCancelledError, hashFileInWorker } from './hash-file';
