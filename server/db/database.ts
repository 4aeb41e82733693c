import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import type pg from 'pg';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from '../config-housekeeping';
import type { DB } from './schema';
import { lockDatabaseFolder } from './folder-lock';
import { pglitePool } from './pglite-pool';
import { readTemplate } from './template';

export interface Database {
  db: Kysely<DB>;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on `channel` over a connection of its own (reconnected when it drops), so a
   * NOTIFY from any process reaches this one; resolves once listening, to the function that stops it.
   * Absent on PGlite, which serves one process (its wake-ups stay in-process).
   */
  listen?: (channel: string, onNotify: () => void, onError?: (error: unknown) => void) => Promise<() => Promise<void>>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;
/** Ids, counts and hundredths of points stay far below 2^53, so int8 is read as a JS number by both drivers. */
const toNumber = (value: string) => Number(value);

export interface PgliteOptions {
  /** A migrated empty database (`server/db/template.ts`) to start a new one from instead of creating a cluster. */
  template?: Blob | null;
  /** PostgreSQL's shared_buffers in MB: `PGLITE_SHARED_BUFFERS_MB`, whose default this is (PGlite's own: 160 MB). */
  sharedBuffersMb?: number | undefined;
}

/**
 * V8 compiles PGlite's WebAssembly quickly first and recompiles the functions that run a lot with its optimising
 * compiler, on background threads. At start-up nearly every function of PostgreSQL runs once, and with its default
 * budget V8 recompiled hundreds of them, taking the machine's other core from the start (200-300 ms of a
 * 2 s start on two cores). A ten times larger budget leaves start-up code alone; what runs on every request still
 * crosses it within the first requests (the bench's figures under load did not change). Set before the module is
 * compiled, once per process.
 */
const WASM_TIERING_BUDGET = 20_000_000;
let wasmTieringSet = false;
function setWasmTieringBudget(): void {
  if (wasmTieringSet) return;
  wasmTieringSet = true;
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}

/**
 * The embedded database: in memory without `dataDir`, else in `${dataDir}/db`. A new (missing or empty) folder
 * starts from the template when there is one. `db.unpacking` beside it marks an unpacking in progress: a process
 * killed while unpacking leaves the mark, and the next start removes that half database and unpacks again.
 */
export async function openPglite(
  dataDir?: string,
  { template = null, sharedBuffersMb = DEFAULT_PGLITE_SHARED_BUFFERS_MB }: PgliteOptions = {},
): Promise<Database> {
  let dir: string | undefined;
  let unlock = () => {};
  if (dataDir) {
    dir = resolve(dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
    // Before anything touches the folder: refused while another live process has it open (folder-lock.ts).
    unlock = lockDatabaseFolder(dir);
  }
  try {
    return await openPgliteLocked(dir, template, sharedBuffersMb, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPgliteLocked(
  dir: string | undefined,
  template: Blob | null,
  sharedBuffersMb: number,
  unlock: () => void,
): Promise<Database> {
  let unpacking: string | undefined;
  if (dir) {
    const mark = `${dir}.unpacking`;
    if (existsSync(mark)) rmSync(dir, { recursive: true, force: true });
    if (template && isEmptyOrMissing(dir)) {
      writeFileSync(mark, '');
      unpacking = mark;
    } else if (existsSync(mark)) rmSync(mark, { force: true });
    mkdirSync(dir, { recursive: true });
  }
  setWasmTieringBudget();
  const pglite = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
    ...(template && (unpacking || !dir) ? { loadDataDir: template } : {}),
    parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
  });
  await pglite.waitReady;
  if (unpacking) rmSync(unpacking, { force: true });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
  return {
    db,
    driver: 'pglite',
    close: async () => {
      try {
        await db.destroy();
      } finally {
        unlock();
      }
    },
  };
}

/** Only a folder with nothing in it is a new database: anything else is left to PGlite as it is. */
function isEmptyOrMissing(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

export interface PostgresOptions {
  url: string;
  /** Tests run each file in its own schema of one database. */
  searchPath?: string;
  max?: number;
}

/**
 * The PostgreSQL driver, loaded on first use: a server on the embedded database never loads it (start-up time,
 * start-up). A CommonJS package, so `require` keeps `openPostgres` synchronous.
 */
let pgModule: typeof pg | null = null;
function loadPg(): typeof pg {
  pgModule ??= createRequire(import.meta.url)('pg') as typeof pg;
  return pgModule;
}

export function openPostgres({ url, searchPath, max = 10 }: PostgresOptions): Database {
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
    types: {
      // pg-types declares its parsers as returning `any`; each takes the text of a value.
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID ? toNumber : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
    },
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    driver: 'postgres',
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await db.destroy();
    },
    listen: async (channel, onNotify, onError) => {
      const stop = await listenPostgres(url, channel, onNotify, onError);
      const tracked = async () => {
        listeners.delete(tracked);
        await stop();
      };
      listeners.add(tracked);
      return tracked;
    },
  };
}

const RELISTEN_DELAY_MS = 2000;

/** A dedicated client that LISTENs on `channel`; a dropped connection is opened again after a pause. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  onError?: (error: unknown) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new (loadPg().Client)({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    const lost = (error?: unknown) => {
      if (stopped || client !== next) return;
      client = null;
      if (error) onError?.(error);
      next.removeAllListeners('end');
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch((failure: unknown) => lost(failure)), RELISTEN_DELAY_MS);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', () => lost(new Error('listen connection ended')));
    client = next;
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    // Missed while (re)connecting: whoever listens looks at the table once now.
    onNotify();
  };
  try {
    await connect();
  } catch (error) {
    stopped = true;
    if (retry) clearTimeout(retry);
    const failed = client as pg.Client | null;
    await failed?.end().catch(() => undefined);
    throw error;
  }
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}

/** The embedded database in `${dataDir}/db` unless a PostgreSQL URL is configured. */
export function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  PGLITE_SHARED_BUFFERS_MB?: number;
}): Promise<Database> {
  if (config.DATABASE_URL) return Promise.resolve(openPostgres({ url: config.DATABASE_URL }));
  return openPglite(join(config.DATA_DIR), { template: readTemplate(), sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB });
}
