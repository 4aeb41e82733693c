import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR, PROJECT_ROOT } from '../paths';
import { migrationFiles } from './migrate';

/**
 * A migrated, empty embedded database packed as PGlite's data-folder archive, for a fast start-up. Creating a
 * cluster (initdb) is most of a new data folder's start and of each test file's database; unpacking this
 * archive is several times faster. It holds the schema and the migrations' seed rows only: every secret (log
 * signing key, HMAC keys, time-stamping keys) is made at run time by the process that first needs it, so no two
 * installations share one.
 */
export const TEMPLATE_FILE = join(PROJECT_ROOT, 'dist', 'server', 'pglite-template.tar.gz');

/** Names the migrations an archive was made from (their names and contents) and the PGlite version. */
export function migrationsFingerprint(dir = MIGRATIONS_DIR): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  for (const name of migrationFiles(dir))
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(dir, name)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  const file = join(PROJECT_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : 'unknown';
}

/**
 * Writes the archive of a new in-memory database after `migrate` has run on it, atomically (a temporary file
 * renamed into place): a reader never sees half an archive. The fingerprint goes beside it (`<file>.id`).
 */
export async function writeTemplate(file: string, migrate: (pglite: PGlite) => Promise<void>): Promise<void> {
  const pglite = new PGlite();
  try {
    await pglite.waitReady;
    await migrate(pglite);
    const archive = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, archive);
    writeFileSync(`${file}.id.${process.pid}.tmp`, migrationsFingerprint());
    renameSync(temporary, file);
    renameSync(`${file}.id.${process.pid}.tmp`, `${file}.id`);
  } finally {
    await pglite.close();
  }
}

/**
 * The archive at `file` when it was made from the migrations in this tree, else null (an archive from other
 * migrations would still be brought up to date by `migrate`, but one from a newer tree could hold tables this
 * code does not know: it is not used).
 */
export function readTemplate(file = TEMPLATE_FILE): Blob | null {
  return readArchive(file);
}

/** Where the test suite keeps its archive of the current migrations (made once by its global setup). */
export const testTemplateFile = () => join(PROJECT_ROOT, 'node_modules', '.cache', 'pglite-template', `${migrationsFingerprint()}.tar.gz`);

function readArchive(file: string): Blob | null {
  try {
    if (readFileSync(`${file}.id`, 'utf8').trim() !== migrationsFingerprint()) return null;
    return new Blob([readFileSync(file)]);
  } catch {
    return null;
  }
}
