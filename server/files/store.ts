import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, type CipherGCM } from 'node:crypto';
import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { sniffType, SNIFF_BYTES, type SniffedType } from './sniff';
import { lazyStream, LocalStorage, type DirectDownload, type ObjectInfo, type ObjectStorage } from './storage';

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

  /** Judges the head once (file-type is asynchronous); the chunk that completed it goes on only if it passes. */
  async #check(): Promise<Error | null> {
    this.#checked = true;
    const head = Buffer.concat(this.#head);
    this.#head = [];
    this.type = await sniffType(head);
    return this.options.accept && !this.options.accept(this.type) ? new FileTypeError(this.type) : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.options.maxBytes) return done(new FileTooLargeError(this.options.maxBytes));
    this.hash.update(chunk);
    if (this.#checked) return done(null, chunk);
    this.#head.push(chunk);
    this.#headLength += chunk.length;
    if (this.#headLength < SNIFF_BYTES) return done(null, chunk);
    this.#check().then(
      (refused) => done(refused, refused ? undefined : chunk),
      (error: unknown) => done(error as Error),
    );
  }

  override _flush(done: TransformCallback): void {
    if (this.#checked) return done();
    this.#check().then(
      (refused) => done(refused),
      (error: unknown) => done(error as Error),
    );
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
 * Content-addressed files, shared by every domain that keeps uploads, over an ObjectStorage (storage.ts):
 * the local disk (`${DATA_DIR}/files/objects/ab/<sha256>`, temporary files in `${DATA_DIR}/files/tmp`) or
 * an S3-compatible bucket (s3-storage.ts), chosen by STORAGE (stores.ts).
 * Bytes are streamed, never held whole: they are hashed, counted, checked (and sealed) on their way to the
 * storage, which makes them an object only once complete and accepted, so a refused or broken upload leaves
 * nothing behind. A process killed mid-upload leaves only a temporary file or upload named after its owner
 * (temp.ts), removed by removeAbandonedTemps; an object whose row never committed is an orphan, collected by
 * the sweep (sweep.ts), which is also the only deleter of objects (equal content is stored once and shared,
 * so "is it still used?" is only ever answered with the grace period's safety). The store knows nothing of
 * owners: callers keep the key in their own rows and serve it only to whoever may see it (signed links).
 */
export class FileStore {
  readonly #sealKey: Buffer | undefined;
  readonly storage: ObjectStorage;

  constructor(storage: ObjectStorage | string, options: FileStoreOptions = {}) {
    this.storage = typeof storage === 'string' ? new LocalStorage(storage) : storage;
    if (options.sealKey && options.sealKey.length !== 32) throw new Error('a sealed file store needs a 32-byte key');
    this.#sealKey = options.sealKey;
  }

  get sealed(): boolean {
    return this.#sealKey !== undefined;
  }

  async put(source: Readable, options: PutOptions): Promise<StoredFile> {
    const inspector = new Inspector(options);
    const sealKey = this.#sealKey;
    let stored: StoredFile | null = null;
    const body = new PassThrough();
    const piped = sealKey ? pipeline(source, inspector, new Sealer(sealKey), body) : pipeline(source, inspector, body);
    const written = this.storage.write(body, () => {
      const sha256 = inspector.hash.digest('hex');
      const name = sealKey ? createHmac('sha256', sealKey).update(sha256).digest('hex') : sha256;
      stored = { sha256, size: inspector.size, key: `${name.slice(0, 2)}/${name}`, type: inspector.type };
      return stored.key;
    });
    const [reading, writing] = await Promise.allSettled([
      // A storage that fails stops reading the rest of the upload.
      piped,
      written.catch((error: unknown) => {
        if (!source.destroyed) source.destroy();
        throw error;
      }),
    ]);
    // The reading side's error (too large, refused type, connection reset) says best what went wrong; by
    // now the storage has settled too, so nothing of the upload is left.
    if (reading.status === 'rejected') throw reading.reason;
    if (writing.status === 'rejected') throw writing.reason;
    if (!stored) throw new Error('the storage did not name the object');
    return stored;
  }

  /**
   * A stream of the stored bytes; throws ENOENT for an unknown key. A sealed object is read whole and its
   * tag checked before any byte is given out (sealed stores keep small files: identity images).
   */
  async open(key: string): Promise<{ stream: Readable; size: number }> {
    if (this.#sealKey) {
      const plain = this.#unseal(await buffer(await this.storage.read(key)));
      return { stream: Readable.from([plain]), size: plain.length };
    }
    const size = await this.storage.size(key);
    return { stream: await this.storage.read(key), size };
  }

  /** Size of a stored object; throws ENOENT for an unknown key. */
  async stat(key: string): Promise<{ size: number }> {
    const size = await this.storage.size(key);
    return { size: this.#sealKey ? size - SEAL_OVERHEAD : size };
  }

  /**
   * Bytes start..end (inclusive) of a stored object; `empty` for a zero-byte object (no range exists). The
   * stream is given at once and opened behind it (an unknown key is a stream error).
   */
  openRange(key: string, start: number, end: number, empty = false): Readable {
    if (this.#sealKey) throw new Error('a sealed object is read whole (open)');
    return lazyStream(() => this.storage.read(key, empty ? undefined : { start, end }));
  }

  has(key: string): Promise<boolean> {
    return this.storage.exists(key);
  }

  /**
   * A URL that serves the object straight from the storage (presigned, S3_DIRECT_DOWNLOADS), or null:
   * never for sealed objects, whose bytes only leave the process decrypted by it.
   */
  directLink(key: string, download: DirectDownload): Promise<string | null> {
    return this.#sealKey ? Promise.resolve(null) : this.storage.directLink(key, download);
  }

  /**
   * Deletes the bytes. Content is shared between equal uploads and a new upload of equal bytes may be
   * about to commit its row: only the orphan sweep calls this (sweep.ts), after its grace period.
   */
  async remove(key: string): Promise<void> {
    await this.storage.delete(key);
  }

  /** Removes what dead uploads left (temp.ts: owner gone, or untouched for `staleMs`); answers how many. */
  removeAbandonedTemps(staleMs: number, nowMs = Date.now()): Promise<number> {
    return this.storage.removeAbandonedTemps(staleMs, nowMs);
  }

  /** Every stored object with its last write time (what the orphan sweep walks). */
  objects(): AsyncGenerator<ObjectInfo> {
    return this.storage.list();
  }

  /** Last write time of an object, null when it is gone. */
  modifiedAt(key: string): Promise<number | null> {
    return this.storage.modifiedAt(key);
  }

  #unseal(sealed: Buffer): Buffer {
    if (sealed.length < SEAL_OVERHEAD || !sealed.subarray(0, SEAL_MAGIC.length).equals(SEAL_MAGIC)) throw new Error('not a sealed object');
    const iv = sealed.subarray(SEAL_MAGIC.length, SEAL_MAGIC.length + IV_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.#sealKey as Buffer, iv);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(SEAL_MAGIC.length + IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
  }
}
