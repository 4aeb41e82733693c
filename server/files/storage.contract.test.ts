import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bucketKeys, S3_TEST_BUCKET, trackMultipartUploads, S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from '../test-support/s3';
import { createS3Client, S3Storage } from './s3-storage';
import { LocalStorage, type ObjectStorage } from './storage';
import { FileStore, FileTooLargeError, FileTypeError } from './store';
import { sweepOrphans } from './sweep';
import { OWNER_TAG, tempName } from './temp';

/**
 * The storage contract, one suite run against both implementations: the local disk and an
 * S3-compatible bucket (s3rver on 127.0.0.1). Every stored object is read back and compared byte for byte,
 * which is what catches a client that stores `aws-chunked` framing or checksum trailers into the object.
 */
interface Backend {
  storage: ObjectStorage;
  /** Every file or key this storage holds, objects and leftovers alike (temporary files, unfinished uploads). */
  everything(): Promise<string[]>;
  /** Leaves a temporary file or object named `name`, as a writer does while uploading. */
  plantTemp(name: string): Promise<void>;
}

interface Harness {
  name: string;
  start(): Promise<void>;
  fresh(): Promise<Backend>;
  stop(): Promise<void>;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const local = (): Harness => {
  const roots: string[] = [];
  return {
    name: 'local disk',
    start: () => Promise.resolve(),
    async fresh() {
      const root = await mkdtemp(join(tmpdir(), 'storage-contract-'));
      roots.push(root);
      return {
        storage: new LocalStorage(root),
        everything: () => filesUnder(root),
        async plantTemp(name) {
          await mkdir(join(root, 'tmp'), { recursive: true });
          await writeFile(join(root, 'tmp', name), 'partial');
        },
      };
    },
    async stop() {
      await Promise.all(roots.map((r) => rm(r, { recursive: true, force: true })));
    },
  };
};

const s3 = (): Harness => {
  let server: LocalS3;
  let client: S3Client;
  let unfinished: () => string[];
  let n = 0;
  return {
    name: 'S3-compatible (s3rver)',
    async start() {
      server = await startLocalS3();
      client = createS3Client({
        bucket: S3_TEST_BUCKET,
        region: 'us-east-1',
        endpoint: server.endpoint,
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
      unfinished = trackMultipartUploads(client);
    },
    fresh() {
      // A prefix of its own per test, like each store's folder in the bucket.
      const prefix = `run${++n}/files`;
      return Promise.resolve({
        storage: new S3Storage(client, S3_TEST_BUCKET, prefix),
        async everything() {
          const keys = (await bucketKeys(client)).filter((k) => k.startsWith(`${prefix}/`));
          return [...keys, ...unfinished().map((key) => `unfinished upload: ${key}`)];
        },
        async plantTemp(name) {
          await client.send(new PutObjectCommand({ Bucket: S3_TEST_BUCKET, Key: `${prefix}/tmp/${name}`, Body: 'partial' }));
        },
      });
    },
    async stop() {
      client.destroy();
      await server.close();
    },
  };
};

const MB = 1024 * 1024;
/** Above the kernel's largest pid (pid_max is at most 2^22): never a running process here. */
const DEAD_PID = 2 ** 22 + 17;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('identity card photo '.repeat(300))]);
/** A body in several chunks, as a socket delivers it. */
const chunked = (bytes: Buffer, size = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  );
const broken = (first: Buffer) =>
  Readable.from(
    (function* () {
      yield first;
      throw new Error('connection reset');
    })(),
  );

describe.each([local(), s3()])('storage contract: $name', (harness) => {
  let backend: Backend;
  let store: FileStore;
  beforeAll(() => harness.start());
  afterAll(() => harness.stop());
  beforeEach(async () => {
    backend = await harness.fresh();
    store = new FileStore(backend.storage);
  });

  it('stores a streamed body (hashed and counted on the way) and gives back the same bytes, whole and by range', async () => {
    const content = randomBytes(300 * 1024);
    const stored = await store.put(chunked(content), { maxBytes: MB });
    expect(stored).toMatchObject({ sha256: sha(content), size: content.length, key: `${sha(content).slice(0, 2)}/${sha(content)}` });
    expect(await store.has(stored.key)).toBe(true);
    expect(await store.stat(stored.key)).toEqual({ size: content.length });
    const whole = await store.open(stored.key);
    expect(whole.size).toBe(content.length);
    expect((await buffer(whole.stream)).equals(content)).toBe(true);
    expect((await buffer(store.openRange(stored.key, 1000, 70_000))).equals(content.subarray(1000, 70_001))).toBe(true);
    expect((await buffer(store.openRange(stored.key, content.length - 5, content.length - 1))).equals(content.subarray(-5))).toBe(true);
    // Nothing but the object is left (no temporary file or object).
    expect(await backend.everything()).toHaveLength(1);
  });

  it('stores a body larger than one upload part (multipart on S3) byte for byte', async () => {
    const content = randomBytes(9 * MB + 123);
    const stored = await store.put(chunked(content, MB), { maxBytes: 20 * MB });
    expect(stored.size).toBe(content.length);
    expect(sha(await buffer((await store.open(stored.key)).stream))).toBe(sha(content));
    expect((await buffer(store.openRange(stored.key, 8 * MB - 10, 8 * MB + 10))).equals(content.subarray(8 * MB - 10, 8 * MB + 11))).toBe(
      true,
    );
    expect(await backend.everything()).toHaveLength(1);
  });

  it('stores an empty body', async () => {
    const stored = await store.put(Readable.from([]), { maxBytes: 10 });
    expect(stored.size).toBe(0);
    expect((await buffer((await store.open(stored.key)).stream)).length).toBe(0);
    expect((await buffer(store.openRange(stored.key, 0, 0, true))).length).toBe(0);
  });

  it('refuses a body over the maximum size while streaming and leaves nothing (not even an unfinished upload)', async () => {
    await expect(store.put(chunked(randomBytes(12 * MB), MB), { maxBytes: 10 * MB })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(store.put(chunked(randomBytes(1000), 100), { maxBytes: 999 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await backend.everything()).toEqual([]);
  });

  it('refuses a refused type by its first bytes and leaves nothing', async () => {
    await expect(store.put(chunked(randomBytes(2000)), { maxBytes: MB, accept: (type) => type === 'png' })).rejects.toBeInstanceOf(
      FileTypeError,
    );
    expect(await backend.everything()).toEqual([]);
  });

  it('aborts when the source breaks, early or after several parts, and leaves no object', async () => {
    await expect(store.put(broken(randomBytes(100)), { maxBytes: 20 * MB })).rejects.toThrow('connection reset');
    await expect(store.put(broken(randomBytes(11 * MB)), { maxBytes: 20 * MB })).rejects.toThrow('connection reset');
    expect(await backend.everything()).toEqual([]);
  });

  it('stores equal content once', async () => {
    const content = randomBytes(5000);
    const first = await store.put(chunked(content, 1000), { maxBytes: MB });
    const second = await store.put(chunked(content, 700), { maxBytes: MB });
    expect(second.key).toBe(first.key);
    const listed = [];
    for await (const object of store.objects()) listed.push(object.key);
    expect(listed).toEqual([first.key]);
    expect((await buffer((await store.open(first.key)).stream)).equals(content)).toBe(true);
  });

  it('lists, deletes, and answers a missing object as missing', async () => {
    const a = await store.put(Readable.from([randomBytes(100)]), { maxBytes: MB });
    const b = await store.put(Readable.from([randomBytes(200)]), { maxBytes: MB });
    const listed: string[] = [];
    for await (const object of store.objects()) {
      expect(object.mtimeMs).toBeGreaterThan(0);
      listed.push(object.key);
    }
    expect(listed.sort()).toEqual([a.key, b.key].sort());
    await store.remove(a.key);
    expect(await store.has(a.key)).toBe(false);
    expect(await store.has(b.key)).toBe(true);
    expect(await store.modifiedAt(a.key)).toBeNull();
    await expect(store.stat(a.key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.open(a.key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(buffer(store.openRange(a.key, 0, 10))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(buffer(store.openRange('../../etc/passwd', 0, 1))).rejects.toThrow('not a file key');
    await expect(store.has('../x')).rejects.toThrow('not a file key');
  });

  it('is what the orphan sweep lists and deletes from: unnamed objects past the grace period go, named ones stay', async () => {
    const kept = await store.put(Readable.from([randomBytes(100)]), { maxBytes: MB });
    const orphan = await store.put(Readable.from([randomBytes(100)]), { maxBytes: MB });
    const later = Date.now() + 60_000;
    // Within the grace period nothing goes.
    expect(await sweepOrphans(store, () => Promise.resolve(new Set([kept.key])), 3_600_000, later)).toBe(0);
    expect(await sweepOrphans(store, () => Promise.resolve(new Set([kept.key])), 1000, later)).toBe(1);
    expect(await store.has(orphan.key)).toBe(false);
    expect(await store.has(kept.key)).toBe(true);
  });

  it('seals objects before they leave the process (AES-256-GCM) and opens them again', async () => {
    const sealed = new FileStore(backend.storage, { sealKey: randomBytes(32) });
    const stored = await sealed.put(chunked(PNG, 500), { maxBytes: MB, accept: (type) => type === 'png' });
    expect(stored.key).not.toContain(stored.sha256);
    const raw = await buffer(await backend.storage.read(stored.key));
    expect(raw.includes(Buffer.from('identity card photo'))).toBe(false);
    expect(raw.length).toBe(PNG.length + 33);
    expect((await buffer((await sealed.open(stored.key)).stream)).equals(PNG)).toBe(true);
    expect(await sealed.stat(stored.key)).toEqual({ size: PNG.length });
    expect(await sealed.directLink(stored.key, { contentType: 'image/png', contentDisposition: 'inline', ttlSeconds: 60 })).toBeNull();
  });

  it('removes what a dead writer left in the temporary area, not what a live one (this process) is writing', async () => {
    const dead = `${OWNER_TAG}-${DEAD_PID}-0123456789abcdef.part`;
    const mine = tempName('part');
    await backend.plantTemp(dead);
    await backend.plantTemp(mine);
    expect(await backend.everything()).toHaveLength(2);
    expect(await store.removeAbandonedTemps(3_600_000)).toBe(1);
    const left = await backend.everything();
    expect(left).toHaveLength(1);
    expect(left[0]).toContain(mine);
  });
});
