import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import { MIGRATIONS_DIR } from '../paths';

/** Any constant works: it only has to be the same in every process that migrates this database. */
const MIGRATION_LOCK_KEY = 7_340_101;

export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort();
}

/**
 * Applies the SQL files not yet recorded in `schema_migrations`, in name order, in one transaction.
 * The advisory lock makes processes that start together wait for each other instead of racing.
 */
export async function migrate(db: Kysely<DB>, dir = MIGRATIONS_DIR): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
      trx,
    );
    const done = new Set((await trx.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
    const applied: string[] = [];
    for (const name of migrationFiles(dir)) {
      if (done.has(name)) continue;
      await sql.raw(readFileSync(join(dir, name), 'utf8')).execute(trx);
      await trx.insertInto('schema_migrations').values({ name, applied_at: new Date() }).execute();
      applied.push(name);
    }
    return applied;
  });
}
