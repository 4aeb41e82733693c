import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ZipFile } from 'yazl';
import { sniffType } from '../../files/sniff';
import type { FileStore } from '../../files/store';
import { formatChinaTime } from '../../lib/time';
import { readContent } from '../../content';
import type { Section, SealImage } from './collect';
import { toCsv } from './csv';
import { DEFAULT_LANGUAGE } from '../../languages';

/** The description of every file of the copy (content/personal-data/README.md) in `language`, else the default's. */
export const readmeTemplate = async (language: string): Promise<string> =>
  (await readContent(language, 'personal-data', 'README.md')).toString('utf8');

/** The extension of a stored seal image by its first bytes (seals are PNG or JPEG, checked at upload). */
async function imageExtension(bytes: Buffer): Promise<string> {
  const type = await sniffType(bytes);
  return type === 'png' ? 'png' : type === 'jpeg' ? 'jpg' : 'bin';
}

/**
 * The zip of the copy (yazl), streamed into the store as it is made: `README.md`, then per section
 * `<name>.json` (an array of objects, UTF-8) and `<name>.csv` (csv.ts), and the seal images under `seals/`.
 * A seal whose image is gone from the store is listed without one.
 */
export async function buildPackage(
  sections: Section[],
  seals: SealImage[],
  sealStore: FileStore,
  now: Date,
  language: string = DEFAULT_LANGUAGE,
): Promise<Readable> {
  const zip = new ZipFile();
  const mtime = now;
  const images = new Map<number, string>();
  const sealFiles: { path: string; bytes: Buffer }[] = [];
  for (const seal of seals) {
    if (!(await sealStore.has(seal.fileKey))) continue;
    const bytes = await buffer((await sealStore.open(seal.fileKey)).stream);
    const path = `seals/${seal.id}.${await imageExtension(bytes)}`;
    images.set(seal.id, path);
    sealFiles.push({ path, bytes });
  }
  const readme = (await readmeTemplate(language)).replace(/\{\{\s*time\s*\}\}/g, formatChinaTime(now));
  zip.addBuffer(Buffer.from(readme, 'utf8'), 'README.md', { mtime });
  for (const section of sections) {
    const rows = section.name === 'seals' ? section.rows.map((row) => ({ ...row, image: images.get(Number(row.id)) ?? '' })) : section.rows;
    zip.addBuffer(Buffer.from(`${JSON.stringify(rows, null, 2)}\n`, 'utf8'), `${section.name}.json`, { mtime });
    zip.addBuffer(toCsv(rows), `${section.name}.csv`, { mtime });
  }
  for (const file of sealFiles) zip.addBuffer(file.bytes, file.path, { mtime, compress: false });
  zip.end();
  return zip.outputStream as Readable;
}
