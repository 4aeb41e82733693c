import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { RECORD_FILE, type SessionRecord } from './live-session';
import { packRecording, unpackRecording } from './recording-pack';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'recpack-'));
  dirs.push(dir);
  return dir;
};

async function recording(frames: Buffer[], names = frames.map((_, i) => `frames/${String(i + 1).padStart(6, '0')}.jpg`)) {
  const dir = await tempDir();
  await mkdir(join(dir, 'frames'));
  for (const [i, bytes] of frames.entries()) await writeFile(join(dir, names[i] ?? ''), bytes);
  const record: SessionRecord = {
    startUrl: 'http://example.test/',
    startedAt: '2025-01-01T00:00:00.000Z',
    endedAt: '2025-01-01T00:00:05.000Z',
    durationMs: 5000,
    viewport: { width: 1280, height: 800 },
    frames: names.map((file, i) => ({ file, t: i * 100 })),
    actions: [{ t: 50, type: 'click', x: 1, y: 2 }],
    browser: 'test',
  };
  await writeFile(join(dir, RECORD_FILE), JSON.stringify(record));
  return { dir, record };
}

/** Delivers `bytes` in chunks of `size` (the storage may cut anywhere). */
const chunked = (bytes: Buffer, size: number) =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));

describe('recording pack (a stopped session as one stored object)', () => {
  it('carries the record and every frame byte for byte, however the stream is cut', async () => {
    const frames = [randomBytes(70_000), Buffer.alloc(0), randomBytes(3), randomBytes(150_000)];
    const { dir, record } = await recording(frames);
    const packed = await buffer(await packRecording(dir));
    for (const size of [1, 7, 65_536, packed.length]) {
      const out = await tempDir();
      expect(await unpackRecording(chunked(packed, size), out)).toEqual(record);
      expect((await readdir(join(out, 'frames'))).sort()).toEqual(record.frames.map((f) => f.file.slice('frames/'.length)));
      for (const [i, frame] of record.frames.entries())
        expect((await readFile(join(out, frame.file))).equals(frames[i] ?? Buffer.alloc(1))).toBe(true);
    }
  });

  it('refuses a cut pack, bytes after the frames, another format and a frame named outside its folder', async () => {
    const { dir } = await recording([randomBytes(1000), randomBytes(1000)]);
    const packed = await buffer(await packRecording(dir));
    await expect(unpackRecording(chunked(packed.subarray(0, packed.length - 1), 100), await tempDir())).rejects.toThrow(/ends early/);
    await expect(unpackRecording(chunked(Buffer.concat([packed, Buffer.from('x')]), 100), await tempDir())).rejects.toThrow(
      /after its frames/,
    );
    await expect(unpackRecording(chunked(Buffer.from('PK\u0003\u0004 not a pack at all'), 4), await tempDir())).rejects.toThrow(
      /not a recording pack/,
    );
    const evil = await recording([randomBytes(10)], ['frames/000001.jpg']);
    const record = JSON.parse(await readFile(join(evil.dir, RECORD_FILE), 'utf8')) as SessionRecord;
    record.frames = [{ file: '../../escape.jpg', t: 0 }];
    await writeFile(join(evil.dir, RECORD_FILE), JSON.stringify(record));
    await expect(packRecording(evil.dir)).rejects.toThrow(/not a frame file/);
    const header = Buffer.from(JSON.stringify({ record, sizes: [10] }));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(header.length);
    const forged = Buffer.concat([Buffer.from('RECPACK1'), length, header, randomBytes(10)]);
    const out = await tempDir();
    await expect(unpackRecording(chunked(forged, 50), out)).rejects.toThrow(/bad frame/);
    await expect(readFile(join(out, '..', 'escape.jpg'))).rejects.toThrow();
  });
});
