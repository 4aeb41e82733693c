import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { migrationFiles } from '../../db/migrate';

export type CheckResult = 'ok' | 'fail' | 'pending';

/** One check may take this long before it counts as failed (a database that does not answer is not ready). */
export const CHECK_TIMEOUT_MS = 3000;

export function withTimeout<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`check took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The database answers a query. */
export async function databaseReady(db: Kysely<DB>): Promise<CheckResult> {
  await sql`SELECT 1`.execute(db);
  return 'ok';
}

/** Every migration file of this build is recorded as applied ('pending' otherwise: another process is migrating). */
export async function migrationsReady(db: Kysely<DB>, files: string[] = migrationFiles()): Promise<CheckResult> {
  const rows = await db.selectFrom('schema_migrations').select('name').execute();
  const applied = new Set(rows.map((row) => row.name));
  return files.every((name) => applied.has(name)) ? 'ok' : 'pending';
}

/**
 * Storage hook: the data folder (DATA_DIR, where files, keys and temporary files live) is writable now,
 * proved by writing and removing a small file. An object-store backend replaces or extends this check
 * (e.g. a HEAD of its bucket) by passing its own `storageReady` to registerHealthRoutes.
 */
export async function storageReady(dataDir: string): Promise<CheckResult> {
  await mkdir(dataDir, { recursive: true });
  const probe = join(dataDir, `.ready-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await writeFile(probe, 'ready');
  } finally {
    await rm(probe, { force: true });
  }
  return 'ok';
}
