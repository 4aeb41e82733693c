import { resolve } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { migrate } from './migrate';
import { pglitePool } from './pglite-pool';
import type { DB } from './schema';
import { TEMPLATE_FILE, writeTemplate } from './template';

/** Applies every migration to a new in-memory database (the pool is left open: writeTemplate closes PGlite). */
export async function migrateTemplate(pglite: PGlite): Promise<void> {
  await migrate(new Kysely<DB>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) }));
}

// node --import tsx server/db/template-cli.ts [file]: the archive a new data folder starts from (scripts/build-server.mjs).
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const file = process.argv[2] ? resolve(process.argv[2]) : TEMPLATE_FILE;
  const started = performance.now();
  await writeTemplate(file, migrateTemplate);
  console.log(`pglite template: ${file} (${Math.round(performance.now() - started)} ms)`);
}
