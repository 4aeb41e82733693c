import { createSHA256 } from 'hash-wasm';

/** Bytes read per step: large enough to keep the WASM hasher busy, small enough to keep memory flat. */
export const HASH_CHUNK_BYTES = 4 * 1024 * 1024;

export type HashProgress = { loaded: number; total: number };

/**
 * SHA-256 of a Blob (a File), read chunk by chunk so that a file of any size hashes in constant memory.
 * Reports progress after each chunk; `isCancelled` is checked between chunks.
 */
export async function hashBlob(
  blob: Blob,
  options: { chunkSize?: number; onProgress?: (progress: HashProgress) => void; isCancelled?: () => boolean } = {},
): Promise<string | null> {
  const { chunkSize = HASH_CHUNK_BYTES, onProgress, isCancelled } = options;
  const hasher = await createSHA256();
  hasher.init();
  const total = blob.size;
  onProgress?.({ loaded: 0, total });
  for (let offset = 0; offset < total; offset += chunkSize) {
    if (isCancelled?.()) return null;
    const end = Math.min(total, offset + chunkSize);
    hasher.update(new Uint8Array(await blob.slice(offset, end).arrayBuffer()));
    onProgress?.({ loaded: end, total });
  }
  return hasher.digest('hex');
}
