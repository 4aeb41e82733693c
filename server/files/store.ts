import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, type CipherGCM } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { sniffType, SNIFF_BYTES, type SniffedType } from './sniff';
import { removeAbandonedTemps, syncDir, tempName } from './temp';

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

/** Sealed objects: `SEAL1`, a random 12-byte IV, the AES-256-GCM ciphertext, the 16-byte tag. */
const SEAL_MAGIC = Buffer.from('SEAL1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEAL_OVERHEAD = SEAL_MAGIC.length + IV_BYTES + TAG_BYTES;

/** Encrypts the bytes on their way to disk; the header goes first, the tag last. */
class Sealer extends Transform {
  readonly #cipher: CipherGCM;
  #started = false;
  readonly #iv = randomBytes(IV_BYTES);

  constructor(key: Buffer) {
    super();
    this.#cipher = createCipheriv('aes-256-gcm', key, this.#iv);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (!this.#started) {
      this.#started = true;
      this.push(Buffer.concat([SEAL_MAGIC, this.#iv]));
    }
    done(null, this.#cipher.update(chunk));
  }

  override _flush(done: TransformCallback): void {
    if (!this.#started) this.push(Buffer.concat([SEAL_MAGIC, this.#iv]));
    const last = this.#cipher.final();
    done(null, Buffer.concat([last, this.#cipher.getAuthTag()]));
  }
}

export interface FileStoreOptions {
  /**
   * A 32-byte key: objects are encrypted at rest (AES-256-GCM) and named by an HMAC of their content hash,
   * so neither the bytes nor the hash of, say, an identity-card photo can be read off the disk.
   */
  sealKey?: Buffer;
}

/**
 * Content-addressed files on local disk (`${DATA_DIR}/files/objects/ab/<sha256>`, temporary files in
 * `${DATA_DIR}/files/tmp`), shared by every domain that keeps uploads.
 * Bytes are streamed, never held whole: they are hashed and counted while written to a temporary file,
 * which is flushed (fsync) and renamed to its SHA-256 name only when complete and accepted, so a refused or
 * broken upload leaves nothing behind. A process killed mid-upload leaves only its temporary file, named
 * after its owner (temp.ts) and removed by removeAbandonedTemps at the next start; an object renamed into
 * place whose row never committed is an orphan, collected by the sweep (sweep.ts). Equal content is stored once. The store knows nothing of owners: callers keep
 * the key in their own rows and serve it only to whoever may see it (signed links, see signed-url.ts).
 */
export class FileStore {
  readonly #tmp: string;
  readonly #sealKey: Buffer | undefined;

  constructor(
    readonly root: string,
    options: FileStoreOptions = {},
  ) {
    this.#tmp = join(root, 'tmp');
    if (options.sealKey && options.sealKey.length !== 32) throw new Error('a sealed file store needs a 32-byte key');
    this.#sealKey = options.sealKey;
  }

  async put(source: Readable, options: PutOptions): Promise<StoredFile> {
    await mkdir(this.#tmp, { recursive: true });
    const temp = join(this.#tmp, tempName('part'));
    const inspector = new Inspector(options);
    // flush: the bytes reach the disk before the rename below makes them an object.
    const file = createWriteStream(temp, { flags: 'wx', flush: true });
    try {
      if (this.#sealKey) await pipeline(source, inspector, new Sealer(this.#sealKey), file);
      else await pipeline(source, inspector, file);
    } catch (error) {
      // The pipeline destroyed the file stream, which may still be opening (a body that breaks at once):
      // wait until it has closed, or the open would create the file after the unlink below.
      if (!file.closed) await once(file, 'close').catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      // Stop reading the rest of a refused upload.
      if (!source.destroyed) source.destroy();
      throw error;
    }
    const sha256 = inspector.hash.digest('hex');
    const name = this.#sealKey ? createHmac('sha256', this.#sealKey).update(sha256).digest('hex') : sha256;
    const key = `${name.slice(0, 2)}/${name}`;
    const target = this.#path(key);
    const folder = join(this.root, 'objects', name.slice(0, 2));
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
    return { sha256, size: inspector.size, key, type: inspector.type };
  }

  /**
   * A stream of the stored bytes; throws ENOENT for an unknown key. A sealed object is opened whole and its
   * tag checked before any byte is given out (sealed stores keep small files: identity images).
   */
  async open(key: string): Promise<{ stream: Readable; size: number }> {
    const path = this.#path(key);
    if (this.#sealKey) {
      const plain = this.#unseal(await readFile(path));
      return { stream: Readable.from([plain]), size: plain.length };
    }
    const { size } = await stat(path);
    return { stream: createReadStream(path), size };
  }

  /** Size of a stored object; throws ENOENT for an unknown key. */
  async stat(key: string): Promise<{ size: number }> {
    const { size } = await stat(this.#path(key));
    return { size: this.#sealKey ? size - SEAL_OVERHEAD : size };
  }

  /** Bytes start..end (inclusive) of a stored object; `empty` for a zero-byte object (no range exists). */
  openRange(key: string, start: number, end: number, empty = false): ReadStream {
    if (this.#sealKey) throw new Error('a sealed object is read whole (open)');
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

  /** Removes the temporary files of dead uploads (temp.ts: owner gone, or untouched for `staleMs`); answers how many. */
  removeAbandonedTemps(staleMs: number, nowMs = Date.now()): Promise<number> {
    return removeAbandonedTemps(this.#tmp, staleMs, nowMs, (name) => name.endsWith('.part'));
  }

  /** Every stored object with its last write time (what the orphan sweep walks). */
  async *objects(): AsyncGenerator<{ key: string; mtimeMs: number }> {
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

  #unseal(sealed: Buffer): Buffer {
    if (sealed.length < SEAL_OVERHEAD || !sealed.subarray(0, SEAL_MAGIC.length).equals(SEAL_MAGIC)) throw new Error('not a sealed object');
    const iv = sealed.subarray(SEAL_MAGIC.length, SEAL_MAGIC.length + IV_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.#sealKey as Buffer, iv);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(SEAL_MAGIC.length + IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
  }

  #path(key: string): string {
    if (!/^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key)) throw new Error(`not a file key: ${key}`);
    return join(this.root, 'objects', key);
  }
}

const OBJECT_KEY = /^([0-9a-f]{2})\/\1[0-9a-f]{62}$/;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
