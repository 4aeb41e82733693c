import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { access, mkdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { sniffType, SNIFF_BYTES, type SniffedType } from './sniff';

export interface StoredFile {
  /** Hex SHA-256 of the content; also names the file. */
  sha256: string;
  size: number;
  /** What open() takes: `<first two hex digits>/<sha256>`. */
  key: string;
  /** The type read from the first bytes (magic numbers), null when unknown. */
  type: SniffedType | null;
}

export interface PutOptions {
  /** Refused (FileTooLargeError) as soon as more than this many bytes have arrived. */
  maxBytes: number;
  /** Checked on the first bytes; a false answer stops the upload (FileTypeError) before the rest is read. */
  accept?: (type: SniffedType | null) => boolean;
}

/** The upload was larger than PutOptions.maxBytes; nothing was stored. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

/** The content is not of an accepted type (by its magic bytes, not its name); nothing was stored. */
export class FileTypeError extends Error {
  constructor(readonly type: SniffedType | null) {
    super(`file type ${type ?? 'unknown'} refused`);
  }
}

/** Hashes, counts and checks the bytes on their way to the temporary file. */
class Inspector extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  type: SniffedType | null = null;
  #head: Buffer[] = [];
  #headLength = 0;
  #checked = false;

  constructor(private readonly options: PutOptions) {
    super();
  }

  #check(): Error | null {
    this.#checked = true;
    this.type = sniffType(Buffer.concat(this.#head));
    this.#head = [];
    return this.options.accept && !this.options.accept(this.type) ? new FileTypeError(this.type) : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.options.maxBytes) return done(new FileTooLargeError(this.options.maxBytes));
    if (!this.#checked) {
      this.#head.push(chunk);
      this.#headLength += chunk.length;
      if (this.#headLength >= SNIFF_BYTES) {
        const refused = this.#check();
        if (refused) return done(refused);
      }
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (!this.#checked) {
      const refused = this.#check();
      if (refused) return done(refused);
    }
    done();
  }
}

/**
 * Content-addressed files on local disk (`${DATA_DIR}/files/objects/ab/<sha256>`, temporary files in
 * `${DATA_DIR}/files/tmp`), shared by every domain that keeps uploads.
 * Bytes are streamed, never held whole: they are hashed and counted while written to a temporary file,
 * which is renamed to its SHA-256 name only when complete and accepted, so a refused or broken upload
 * leaves nothing behind. Equal content is stored once. The store knows nothing of owners: callers keep
 * the key in their own rows and serve it only to whoever may see it (signed links, see signed-url.ts).
 */
export class FileStore {
  readonly #tmp: string;

  constructor(readonly root: string) {
    this.#tmp = join(root, 'tmp');
  }

  async put(source: Readable, options: PutOptions): Promise<StoredFile> {
    await mkdir(this.#tmp, { recursive: true });
    const temp = join(this.#tmp, `${randomBytes(12).toString('hex')}.part`);
    const inspector = new Inspector(options);
    try {
      await pipeline(source, inspector, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      // Stop reading the rest of a refused upload.
      if (!source.destroyed) source.destroy();
      throw error;
    }
    const sha256 = inspector.hash.digest('hex');
    const key = `${sha256.slice(0, 2)}/${sha256}`;
    const target = this.#path(key);
    await mkdir(join(this.root, 'objects', sha256.slice(0, 2)), { recursive: true });
    if (await exists(target)) await unlink(temp);
    else await rename(temp, target);
    return { sha256, size: inspector.size, key, type: inspector.type };
  }

  /** A stream of the stored bytes; throws ENOENT for an unknown key. */
  async open(key: string): Promise<{ stream: ReadStream; size: number }> {
    const path = this.#path(key);
    const { size } = await stat(path);
    return { stream: createReadStream(path), size };
  }

  /** Size of a stored object; throws ENOENT for an unknown key. */
  async stat(key: string): Promise<{ size: number }> {
    const { size } = await stat(this.#path(key));
    return { size };
  }

  /** Bytes start..end (inclusive) of a stored object; `empty` for a zero-byte object (no range exists). */
  openRange(key: string, start: number, end: number, empty = false): ReadStream {
    const path = this.#path(key);
    return empty ? createReadStream(path) : createReadStream(path, { start, end });
  }

  has(key: string): Promise<boolean> {
    return exists(this.#path(key));
  }

  /**
   * Deletes the bytes. Content is shared between equal uploads, so only call this once no row of any
   * domain names the key any more.
   */
  async remove(key: string): Promise<void> {
    await unlink(this.#path(key)).catch(() => undefined);
  }

  #path(key: string): string {
    if (!/^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key)) throw new Error(`not a file key: ${key}`);
    return join(this.root, 'objects', key);
  }
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
