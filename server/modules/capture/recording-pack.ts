import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RECORD_FILE, type SessionRecord } from './live-session';

/**
 * A stopped recording as one object: the session record and its frames travel from the process
 * that recorded them to whichever process encodes them, through the file store (local disk or S3).
 *
 *   `RECPACK1` | header length (4 bytes, big-endian) | header JSON {record, sizes} | frame bytes, in order
 *
 * `sizes[i]` is the byte length of `record.frames[i]`. Written and read as streams: a long recording is
 * hundreds of megabytes and is never held whole.
 */
const MAGIC = Buffer.from('RECPACK1');
/** Frame files are named by LiveSession only; anything else in a pack is refused (never a path outside the folder). */
const FRAME_FILE = /^frames\/\d{6}\.jpg$/;
const MAX_HEADER = 64 * 1024 ** 2;

interface PackHeader {
  record: SessionRecord;
  sizes: number[];
}

/** The pack of the recording in `dir` (its session.json and frames), as a stream. */
export async function packRecording(dir: string): Promise<Readable> {
  const record = JSON.parse(await readFile(join(dir, RECORD_FILE), 'utf8')) as SessionRecord;
  const files = await Promise.all(
    record.frames.map(async (frame) => {
      if (!FRAME_FILE.test(frame.file)) throw new Error(`not a frame file: ${frame.file}`);
      return readFile(join(dir, frame.file)).then((b) => b.length);
    }),
  );
  const header = Buffer.from(JSON.stringify({ record, sizes: files } satisfies PackHeader), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  async function* parts(): AsyncGenerator<Buffer> {
    yield Buffer.concat([MAGIC, length, header]);
    for (const frame of record.frames) {
      for await (const chunk of createReadStream(join(dir, frame.file))) yield chunk as Buffer;
    }
  }
  return Readable.from(parts(), { objectMode: false });
}

/** Reads exactly the bytes asked for from a chunk stream, keeping what is left over for the next read. */
class ChunkReader {
  #buffered: Buffer[] = [];
  #length = 0;
  readonly #source: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  async #fill(n: number): Promise<void> {
    while (this.#length < n) {
      const next = await this.#source.next();
      if (next.done) throw new Error('recording pack ends early');
      this.#buffered.push(next.value);
      this.#length += next.value.length;
    }
  }

  async take(n: number): Promise<Buffer> {
    await this.#fill(n);
    const all = Buffer.concat(this.#buffered);
    this.#buffered = [all.subarray(n)];
    this.#length = all.length - n;
    return all.subarray(0, n);
  }

  /** Streams `n` bytes to `write`, chunk by chunk. */
  async *chunks(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.#length === 0) await this.#fill(1);
      const head = this.#buffered.length === 1 ? (this.#buffered[0] as Buffer) : Buffer.concat(this.#buffered);
      const part = head.subarray(0, Math.min(left, head.length));
      this.#buffered = [head.subarray(part.length)];
      this.#length = head.length - part.length;
      left -= part.length;
      yield part;
    }
  }

  async atEnd(): Promise<boolean> {
    if (this.#length > 0) return false;
    const next = await this.#source.next();
    if (next.done) return true;
    this.#buffered.push(next.value);
    this.#length += next.value.length;
    return next.value.length === 0 ? this.atEnd() : false;
  }
}

/** Writes a pack's frames into `dir` (which must exist or is made) and answers its session record. */
export async function unpackRecording(source: Readable, dir: string): Promise<SessionRecord> {
  const reader = new ChunkReader(source);
  try {
    if (!(await reader.take(MAGIC.length)).equals(MAGIC)) throw new Error('not a recording pack');
    const length = (await reader.take(4)).readUInt32BE(0);
    if (length > MAX_HEADER) throw new Error('recording pack header too large');
    const header = JSON.parse((await reader.take(length)).toString('utf8')) as PackHeader;
    const { record, sizes } = header;
    if (!Array.isArray(record.frames) || !Array.isArray(sizes) || sizes.length !== record.frames.length)
      throw new Error('recording pack header does not match its frames');
    await mkdir(join(dir, 'frames'), { recursive: true });
    for (const [i, frame] of record.frames.entries()) {
      const size = sizes[i] ?? -1;
      if (!FRAME_FILE.test(frame.file) || !Number.isSafeInteger(size) || size < 0)
        throw new Error(`bad frame in recording pack: ${frame.file}`);
      await pipeline(Readable.from(reader.chunks(size)), createWriteStream(join(dir, frame.file)));
    }
    if (!(await reader.atEnd())) throw new Error('recording pack has bytes after its frames');
    return record;
  } finally {
    source.destroy();
  }
}
