import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pngWith } from '../test-support/uploads';
import { FileStore, FileTooLargeError } from './store';

const PNG = pngWith(Buffer.from('identity card photo '.repeat(200)));

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'store-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function objectsOnDisk(): Promise<string[]> {
  const dirs = await readdir(join(root, 'objects'));
  const names = await Promise.all(dirs.map(async (d) => (await readdir(join(root, 'objects', d))).map((f) => join(root, 'objects', d, f))));
  return names.flat();
}

describe('FileStore', () => {
  it('plain: names the object by its SHA-256 and gives the same bytes back', async () => {
    const store = new FileStore(root);
    const stored = await store.put(Readable.from([PNG]), { maxBytes: 1 << 20 });
    const sha = createHash('sha256').update(PNG).digest('hex');
    expect(stored).toMatchObject({ sha256: sha, key: `${sha.slice(0, 2)}/${sha}`, size: PNG.length, type: 'png' });
    const { stream, size } = await store.open(stored.key);
    expect(size).toBe(PNG.length);
    expect((await buffer(stream)).equals(PNG)).toBe(true);
    expect((await readFile(join(root, 'objects', stored.key))).equals(PNG)).toBe(true);
  });

  it('leaves no temporary file when the body breaks before the file is even open', async () => {
    const store = new FileStore(root);
    for (let i = 0; i < 5; i++) {
      const broken =
        i % 2 === 0
          ? new Readable({
              read() {
                this.destroy(new Error('connection reset'));
              },
            })
          : Readable.from(
              (function* () {
                yield PNG;
                throw new Error('connection reset');
              })(),
            );
      await expect(store.put(broken, { maxBytes: 1 << 20 })).rejects.toThrow('connection reset');
    }
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  describe('sealed', () => {
    const key = randomBytes(32);

    it('keeps neither the bytes nor their hash on disk, and opens them again', async () => {
      const store = new FileStore(root, { sealKey: key });
      const stored = await store.put(Readable.from([PNG]), { maxBytes: 1 << 20, accept: (t) => t === 'png' });
      const sha = createHash('sha256').update(PNG).digest('hex');
      expect(stored.sha256).toBe(sha);
      expect(stored.key).not.toContain(sha);
      const [file, ...others] = await objectsOnDisk();
      expect(others).toEqual([]);
      const onDisk = await readFile(file as string);
      expect(onDisk.includes(Buffer.from('identity card photo'))).toBe(false);
      expect(onDisk.length).toBe(PNG.length + 33);

      const { stream, size } = await store.open(stored.key);
      expect((await buffer(stream)).equals(PNG)).toBe(true);
      expect(size).toBe(PNG.length);
      expect(await store.stat(stored.key)).toEqual({ size: PNG.length });
    });

    it('refuses to open a tampered object or one sealed with another key', async () => {
      const store = new FileStore(root, { sealKey: key });
      const stored = await store.put(Readable.from([PNG]), { maxBytes: 1 << 20 });
      await expect(new FileStore(root, { sealKey: randomBytes(32) }).open(stored.key)).rejects.toThrow();
      const [file] = await objectsOnDisk();
      const bytes = await readFile(file as string);
      bytes[40] = (bytes[40] as number) ^ 1;
      await writeFile(file as string, bytes);
      await expect(store.open(stored.key)).rejects.toThrow();
    });

    it('still refuses an oversized upload and leaves nothing behind', async () => {
      const store = new FileStore(root, { sealKey: key });
      await expect(store.put(Readable.from([PNG]), { maxBytes: 100 })).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await readdir(join(root, 'tmp'))).toEqual([]);
    });

    it('needs a 32-byte key', () => {
      expect(() => new FileStore(root, { sealKey: randomBytes(16) })).toThrow();
    });
  });
});
