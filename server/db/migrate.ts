import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import { MIGRATIONS_DIR } from '../paths';

/** Any constant works: it only has to be the same in every process that migrates this database. */
const MIGRATION_LOCK_KEY = 7_340_101;

/** A migration is known by its name without the number (`log_keys.sql`): the number only orders the files. */
const slugOf = (name: string) => name.slice(5);

/** The SQL files in order; two files with one number or one name are refused (the order would be a guess). */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  const names = readdirSync(dir)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort();
  for (const [index, name] of names.entries()) {
    const twin = names.find((other, at) => at !== index && (other.slice(0, 4) === name.slice(0, 4) || slugOf(other) === slugOf(name)));
    if (twin) throw new Error(`migrations ${name} and ${twin} share a number or a name`);
  }
  return names;
}

/**
 * Applies the SQL files not yet recorded in `schema_migrations` (by name without the number), in order, in one
 * transaction.
 * The advisory lock makes processes that start together wait for each other instead of racing.
 */
export async function migrate(db: Kysely<DB>, dir = MIGRATIONS_DIR): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
      trx,
    );
    const recorded = (await trx.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name);
    const done = new Map(recorded.map((name) => [slugOf(name), name]));
    const applied: string[] = [];
    for (const name of migrationFiles(dir)) {
      const known = done.get(slugOf(name));
      if (known !== undefined) {
        // Renumbered since it ran: the record follows the file, the SQL is not run twice.
        if (known !== name) await trx.updateTable('schema_migrations').set({ name }).where('name', '=', known).execute();
        continue;
      }
      await sql.raw(readFileSync(join(dir, name), 'utf8')).execute(trx);
      await trx.insertInto('schema_migrations').values({ name, applied_at: new Date() }).execute();
      applied.push(name);
    }
    return applied;
  });
}
