import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Translator } from '../../i18n';
import type { FileStore } from '../../files/store';
import { formatChinaTime } from '../../lib/time';
import type { EvidenceRow } from './repository';
import { downloadName } from './service';

export interface PackageEntry {
  row: EvidenceRow;
  /** The record's certificate as a complete HTML document. */
  certificateHtml: string;
}

export interface ManifestItem {
  baoquan: string;
  title: string;
  /** Path of the file inside the package; null when the stored object is missing. */
  file: string | null;
  size: number;
  sha256: string;
  chainhash: string;
  saveTime: string;
  certificate: string;
}

/** Characters no common file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const safeName = (name: string) => name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').replace(/^\.+/, '_') || '_';

/** `a.pdf`, `a (2).pdf`, `a (3).pdf`: case-insensitive, as Windows and macOS compare names. */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((original) => {
    const name = safeName(original);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * One zip streamed as it is made (yazl): `files/` (stored, not recompressed: evidence is mostly media),
 * `certificates/<baoquan>.html`, `manifest.json`, `SHA256SUMS` (sha256sum -c) and a short README. Files are
 * opened one at a time as the zip reaches them; nothing is held in memory but the small text entries.
 */
export async function streamPackage(store: FileStore, t: Translator, entries: PackageEntry[], now: Date): Promise<Readable> {
  const zip = new ZipFile();
  const mtime = now;
  const present = await Promise.all(entries.map((e) => store.has(e.row.file_key)));
  const names = uniqueNames(entries.map((e) => downloadName(e.row)));
  const manifest: ManifestItem[] = [];
  const sums: string[] = [];
  entries.forEach(({ row, certificateHtml }, i) => {
    const file = present[i] ? `files/${names[i]}` : null;
    if (file) {
      zip.addReadStreamLazy(file, { mtime, compress: false, size: row.size }, (cb) => {
        cb(null, store.openRange(row.file_key, 0, Math.max(0, row.size - 1), row.size === 0));
      });
      sums.push(`${row.file_hash}  ${file}`);
    }
    const certificate = `certificates/${row.baoquan}.html`;
    zip.addBuffer(Buffer.from(certificateHtml, 'utf8'), certificate, { mtime });
    manifest.push({
      baoquan: row.baoquan,
      title: row.title,
      file,
      size: row.size,
      sha256: row.file_hash,
      chainhash: row.chainhash,
      saveTime: formatChinaTime(row.created_at),
      certificate,
    });
  });
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'), 'manifest.json', { mtime });
  zip.addBuffer(Buffer.from(`${sums.join('\n')}\n`, 'utf8'), 'SHA256SUMS', { mtime });
  zip.addBuffer(Buffer.from(t.t('certificate:packageReadme', { time: now }), 'utf8'), 'README.txt', { mtime });
  zip.end();
  return zip.outputStream as Readable;
}
