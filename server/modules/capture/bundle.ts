import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { CaptureFileRow } from '../../db/schema';
import type { FileStore } from '../../files/store';

/** Version of the bundle layout, written into every manifest. */
export const BUNDLE_FORMAT = 'evidence-capture/1';

export interface BundlePart {
  name: string;
  role: CaptureFileRow['role'];
  mime: string;
  /** The bytes, or a file on disk (a recording). */
  source: Buffer | { path: string };
  /** Already compressed formats (PNG, WebM, JPEG) are stored as they are. */
  compress: boolean;
}

export interface Bundle {
  /** Each part as its own stored object (shown by the detail pages), with its SHA-256. */
  files: CaptureFileRow[];
  manifest: Record<string, unknown>;
  /** The zip, to be preserved (its SHA-256 is the evidence's file hash). */
  zip: () => Readable;
}

const open = (source: BundlePart['source']): Readable =>
  Buffer.isBuffer(source) ? Readable.from([source]) : createReadStream(source.path);

/**
 * Stores each part (content-addressed, so equal parts are kept once) and makes the zip that is preserved:
 * `manifest.json` first (format, what was captured, and every part's name, size and SHA-256), then the parts.
 * Anyone can unzip it and check each part against the manifest, and the zip against the certificate.
 */
export async function packBundle(store: FileStore, parts: BundlePart[], about: Record<string, unknown>, at: Date): Promise<Bundle> {
  const files: CaptureFileRow[] = [];
  for (const part of parts) {
    const stored = await store.put(open(part.source), { maxBytes: Number.MAX_SAFE_INTEGER });
    files.push({ name: part.name, role: part.role, key: stored.key, sha256: stored.sha256, size: stored.size, mime: part.mime });
  }
  const manifest = {
    format: BUNDLE_FORMAT,
    ...about,
    files: files.map((f) => ({ name: f.name, size: f.size, sha256: f.sha256, mime: f.mime })),
  };
  const zip = () => {
    const zipFile = new ZipFile();
    zipFile.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'), 'manifest.json', { mtime: at });
    parts.forEach((part, i) => {
      const size = files[i]?.size ?? 0;
      zipFile.addReadStreamLazy(part.name, { mtime: at, compress: part.compress, size }, (cb) => cb(null, open(part.source)));
    });
    zipFile.end();
    return zipFile.outputStream as Readable;
  };
  return { files, manifest, zip };
}
