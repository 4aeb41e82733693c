import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

type Command = PostgresQueryResult<unknown>['command'];
const COMMANDS: ReadonlySet<string> = new Set(['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE', 'COMMIT', 'ROLLBACK']);

/** Kysely reads the command tag to report affected rows; PGlite does not return it, so take the first keyword. */
function commandOf(sql: string): Command {
  const word = /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT';
  return (COMMANDS.has(word) ? word : 'SELECT') as Command;
}

/** A FIFO lock: PGlite is a single connection, so a transaction must own it from BEGIN to COMMIT. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

/**
 * Presents one PGlite instance as a node-postgres pool of size one for Kysely's PostgresDialect.
 * `connect()` waits for the lock; `release()` hands it on.
 */
export function pglitePool(pg: PGlite): PostgresPool {
  const mutex = new Mutex();
  let unlock: (() => void) | undefined;

  async function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (parameters.length === 0) {
      // The simple protocol accepts several statements (migrations), as node-postgres does without parameters.
      const results = await pg.exec(sql);
      const last = results[results.length - 1];
      return { command: commandOf(sql), rowCount: last?.affectedRows ?? 0, rows: (last?.rows ?? []) as R[] };
    }
    const result = await pg.query<R>(sql, [...parameters]);
    return { command: commandOf(sql), rowCount: result.affectedRows ?? 0, rows: result.rows };
  }

  const client = {
    query,
    release() {
      const done = unlock;
      unlock = undefined;
      done?.();
    },
  } as PostgresPoolClient;

  return {
    options: {},
    async connect() {
      unlock = await mutex.acquire();
      return client;
    },
    async end() {
      const release = await mutex.acquire();
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}
