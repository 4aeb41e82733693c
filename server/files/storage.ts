import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, stat, unlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { removeAbandonedTemps, syncDir, tempName } from './temp';

/** One stored object as listed for the orphan sweep: its key and last write time. */
export interface ObjectInfo {
  key: string;
  mtimeMs: number;
}

/** Inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a direct (presigned) download link says about the file. */
export interface DirectDownload {
  contentType: string;
  contentDisposition: string;
  ttlSeconds: number;
}

/**
 * Where a FileStore keeps its objects: the local disk (LocalStorage) or an S3-compatible bucket
 * (S3Storage, s3-storage.ts). Keys are `<two hex digits>/<64 hex digits>`; the FileStore above hashes,
 * checks and seals the bytes, a storage only moves them.
 */
export interface ObjectStorage {
  /**
   * Streams `body` to a temporary place; once it has ended without error, makes it the object `keyOf()`
   * names (equal content: the object stays one, its time is refreshed so the sweep spares it). When the body
   * breaks nothing is left: no object, no temporary file, no unfinished multipart upload.
   */
  write(body: Readable, keyOf: () => string): Promise<void>;
  /** Size in bytes; throws an error with code ENOENT for an unknown key. */
  size(key: string): Promise<number>;
  /** The bytes (or the range); throws an error with code ENOENT for an unknown key. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Last write time, null for an unknown key (the sweep checks it again just before deleting). */
  modifiedAt(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Every object (what the orphan sweep walks). */
  list(): AsyncGenerator<ObjectInfo>;
  /** Removes what dead uploads left (temporary files or objects, unfinished multipart uploads); answers how many. */
  removeAbandonedTemps(staleMs: number, nowMs: number): Promise<number>;
  /** A URL the client may fetch the object at without any header, or null when the storage serves none. */
  directLink(key: string, download: DirectDownload): Promise<string | null>;
}

const OBJECT_KEY = /^([0-9a-f]{2})\/\1[0-9a-f]{62}$/;

/** Throws unless `key` is a store key (`ab/ab…`, 64 hex digits): a link's parameter never names another path. */
export function checkKey(key: string): string {
  if (!/^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key)) throw new Error(`not a file key: ${key}`);
  return key;
}

export const isObjectKey = (key: string) => OBJECT_KEY.test(key);

/** An error like the file system's for a missing object, whatever the storage. */
export function notFound(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`no stored object ${key}`), { code: 'ENOENT' });
}

/** A stream given at once whose source is being opened (zip entries, replies): an open error becomes a stream error. */
export function lazyStream(open: () => Promise<Readable>): Readable {
  const out = new PassThrough();
  open().then(
    (source) => pipeline(source, out).catch((error: unknown) => out.destroy(error as Error)),
    (error: unknown) => out.destroy(error as Error),
  );
  return out;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Objects on local disk: `<root>/objects/ab/<key>`, temporary files in `<root>/tmp` (named after their
 * owner, temp.ts). A write goes to a temporary file, flushed (fsync) and renamed into place only when
 * complete, so a refused or broken upload leaves nothing behind.
 */
export class LocalStorage implements ObjectStorage {
  readonly #tmp: string;

  constructor(readonly root: string) {
    this.#tmp = join(root, 'tmp');
  }

  async write(body: Readable, keyOf: () => string): Promise<void> {
    await mkdir(this.#tmp, { recursive: true });
    const temp = join(this.#tmp, tempName('part'));
    // flush: the bytes reach the disk before the rename below makes them an object.
    const file = createWriteStream(temp, { flags: 'wx', flush: true });
    try {
      await pipeline(body, file);
    } catch (error) {
      // The pipeline destroyed the file stream, which may still be opening (a body that breaks at once):
      // wait until it has closed, or the open would create the file after the unlink below.
      if (!file.closed) await once(file, 'close').catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    const key = checkKey(keyOf());
    const target = this.#path(key);
    const folder = join(this.root, 'objects', key.slice(0, 2));
    await mkdir(folder, { recursive: true });
    if (await exists(target)) {
      await unlink(temp);
      // Equal content already stored, perhaps an orphan about to be swept: a fresh time gives the caller's
      // row the whole grace period to commit (the sweep spares objects younger than it).
      const now = new Date();
      await utimes(target, now, now).catch(() => undefined);
    } else {
      await rename(temp, target);
      await syncDir(folder);
    }
  }

  async size(key: string): Promise<number> {
    return (await stat(this.#path(key))).size;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.#path(key);
    // Open first, so a missing object is an ENOENT here rather than a stream error later.
    const stream = range ? createReadStream(path, { start: range.start, end: range.end }) : createReadStream(path);
    await once(stream, 'open');
    return stream;
  }

  async exists(key: string): Promise<boolean> {
    return exists(this.#path(key));
  }

  async modifiedAt(key: string): Promise<number | null> {
    const info = await stat(this.#path(key)).catch(() => null);
    return info?.isFile() ? info.mtimeMs : null;
  }

  async delete(key: string): Promise<void> {
    await unlink(this.#path(key)).catch(() => undefined);
  }

  async *list(): AsyncGenerator<ObjectInfo> {
    const objects = join(this.root, 'objects');
    const folders = await readdir(objects).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    for (const folder of folders.sort()) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      const names = await readdir(join(objects, folder)).catch(() => [] as string[]);
      for (const name of names.sort()) {
        const key = `${folder}/${name}`;
        if (!OBJECT_KEY.test(key)) continue;
        const info = await stat(join(objects, key)).catch(() => null);
        if (info?.isFile()) yield { key, mtimeMs: info.mtimeMs };
      }
    }
  }

  removeAbandonedTemps(staleMs: number, nowMs: number): Promise<number> {
    return removeAbandonedTemps(this.#tmp, staleMs, nowMs, (name) => name.endsWith('.part'));
  }

  directLink(): Promise<string | null> {
    return Promise.resolve(null);
  }

  #path(key: string): string {
    return join(this.root, 'objects', checkKey(key));
  }
}
