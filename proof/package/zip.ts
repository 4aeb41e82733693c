/**
 * A small zip reader for the offline verifiers (browser and Node alike, no dependency): the central directory,
 * stored (0) and deflated (8) entries, the latter through DecompressionStream('deflate-raw'). Enough for the proof
 * packages the platform writes (yazl); zip64 archives (over 4 GiB) and encrypted entries are refused.
 */

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

export class ZipReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipReadError';
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** True when the bytes start like a zip (a local file header, or an empty archive's end record). */
export const looksLikeZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

/** Every file of the archive (folders left out), in the central directory's order. */
export async function readZip(bytes: Uint8Array): Promise<ZipEntry[]> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipReadError('no end of central directory');
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) throw new ZipReadError('zip64 archives are not supported');
  const decoder = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL) throw new ZipReadError('broken central directory');
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const local = view.getUint32(offset + 42, true);
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (flags & 1) throw new ZipReadError(`${name}: encrypted entries are not supported`);
    if (compressedSize === 0xffffffff || local === 0xffffffff) throw new ZipReadError('zip64 archives are not supported');
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL) throw new ZipReadError(`${name}: broken local header`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressedSize > bytes.length) throw new ZipReadError(`${name}: truncated`);
    const data = bytes.subarray(start, start + compressedSize);
    if (method === 0) entries.push({ name, bytes: data });
    else if (method === 8) entries.push({ name, bytes: await inflate(data) });
    else throw new ZipReadError(`${name}: compression method ${method} is not supported`);
  }
  return entries;
}
