/// <reference types="node" />
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashBlob } from './hash-blob';

describe('hashBlob', () => {
  it('equals node:crypto SHA-256 across chunk boundaries, with progress to the end', async () => {
    const bytes = randomBytes(10_000 + 7);
    const progress: number[] = [];
    const hash = await hashBlob(new Blob([bytes]), { chunkSize: 1024, onProgress: ({ loaded }) => progress.push(loaded) });
    expect(hash).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(bytes.length);
    expect(progress).toHaveLength(1 + Math.ceil(bytes.length / 1024));
  });

  it('hashes an empty file', async () => {
    expect(await hashBlob(new Blob([]))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('stops when cancelled', async () => {
    expect(await hashBlob(new Blob([randomBytes(4096)]), { chunkSize: 1024, isCancelled: () => true })).toBeNull();
  });
});
