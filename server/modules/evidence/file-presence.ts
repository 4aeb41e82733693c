import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { FileStore } from '../../files/store';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Whether a record's file is in the store is kept in `evidence.file_present`: lists read it with
 * the rows instead of asking the store once per row. These keep it in step with the store.
 */

/** The object `fileKey` was stored (again): every record of those bytes has its file. */
export async function markFilePresent(db: Db, fileKey: string): Promise<void> {
  await db
    .updateTable('evidence')
    .set({ file_present: true })
    .where('file_key', '=', fileKey)
    .where('file_present', 'is not', true)
    .execute();
}

/** The object `fileKey` is gone from the store: no record of those bytes can be downloaded. */
export async function markFileMissing(db: Db, fileKey: string): Promise<void> {
  await db
    .updateTable('evidence')
    .set({ file_present: false })
    .where('file_key', '=', fileKey)
    .where('file_present', 'is not', false)
    .execute();
}

/**
 * Rows not checked yet (from before the column): asks the store once per distinct file and records the answer.
 * Run at start; returns how many files were checked. Batches of 500 keys keep each update small.
 */
export async function checkUncheckedFiles(db: Kysely<DB>, files: FileStore): Promise<number> {
  let checked = 0;
  for (;;) {
    const keys = (await db.selectFrom('evidence').select('file_key').distinct().where('file_present', 'is', null).limit(500).execute()).map(
      (r) => r.file_key,
    );
    if (keys.length === 0) return checked;
    const present: string[] = [];
    const missing: string[] = [];
    // A store that cannot answer (S3 unreachable) throws: the rows stay unchecked and are asked about per row.
    for (const key of keys) ((await files.has(key)) ? present : missing).push(key);
    if (present.length > 0) await db.updateTable('evidence').set({ file_present: true }).where('file_key', 'in', present).execute();
    if (missing.length > 0) await db.updateTable('evidence').set({ file_present: false }).where('file_key', 'in', missing).execute();
    checked += keys.length;
  }
}

/** What a row says of its file, or the store's answer for a row not checked yet. */
export function filePresent(row: { file_present: boolean | null; file_key: string }, files: FileStore): Promise<boolean> | boolean {
  return row.file_present ?? files.has(row.file_key);
}
