import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { pglitePool } from './pglite-pool';

export interface Database {
  db: Kysely<DB>;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;
/** Ids, counts and hundredths of points stay far below 2^53, so int8 is read as a JS number by both drivers. */
const toNumber = (value: string) => Number(value);

export async function openPglite(dataDir?: string): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = resolve(dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  const pglite = new PGlite({ ...(dir ? { dataDir: dir } : {}), parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber } });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
  return { db, driver: 'pglite', close: () => db.destroy() };
}

export interface PostgresOptions {
  url: string;
  /** Tests run each file in its own schema of one database. */
  searchPath?: string;
  max?: number;
}

export function openPostgres({ url, searchPath, max = 10 }: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID ? toNumber : pg.types.getTypeParser(oid, format),
    } as pg.CustomTypesConfig,
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, driver: 'postgres', close: () => db.destroy() };
}

/** The embedded database in `${dataDir}/db` unless a PostgreSQL URL is configured. */
export function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }): Promise<Database> {
  if (config.DATABASE_URL) return Promise.resolve(openPostgres({ url: config.DATABASE_URL }));
  return openPglite(join(config.DATA_DIR));
}
