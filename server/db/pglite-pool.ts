import { parse, protocol, type PGlite } from '@electric-sql/pglite';
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

/** How many distinct statements stay prepared; the least recently used one is closed beyond it. */
export const PREPARED_MAX = 500;
/** "cached plan must not change result type": a table under a prepared `select *` changed (a migration). */
const CACHED_PLAN_CHANGED = '0A000';

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/**
 * Statements with parameters run as named prepared statements, each prepared once per SQL text (issue 20).
 * PGlite's own `query()` parses, plans and describes the statement on every call, in six trips into the
 * WebAssembly; here a known statement is bound, described and executed in one trip, and PostgreSQL may keep
 * its plan. On the evidence list's query that is about 1 ms of 2.2 saved per call (docs/bench.md).
 */
export class PreparedStatements {
  readonly #statements = new Map<string, { name: string; types: number[] }>();
  #next = 0;

  constructor(private readonly pg: PGlite) {}

  get size(): number {
    return this.#statements.size;
  }

  /** Runs `sql` with `parameters`; the caller holds the connection (one statement at a time). */
  run<R>(sql: string, parameters: readonly unknown[]): Promise<{ rows: R[]; affectedRows: number }> {
    return this.pg.runExclusive(async () => {
      try {
        return await this.#run<R>(sql, parameters);
      } catch (error) {
        if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED || !this.#statements.has(sql)) throw error;
        // PostgreSQL refused the old statement before running it: prepare it afresh, once.
        await this.#forget(sql);
        return this.#run<R>(sql, parameters);
      }
    });
  }

  async #run<R>(sql: string, parameters: readonly unknown[]): Promise<{ rows: R[]; affectedRows: number }> {
    const statement = await this.#prepared(sql);
    const serializers = this.pg.serializers as Record<number, ((value: unknown) => string) | undefined>;
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = serializers[statement.types[i] ?? 0];
      // As PGlite does for a type without a serializer.
      return serialize ? serialize(value) : (value as { toString(): string }).toString();
    });
    const { messages } = await this.pg.execProtocol(
      concat(
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ),
    );
    const [result] = parse.parseResults(messages, this.pg.parsers);
    return { rows: (result?.rows ?? []) as R[], affectedRows: result?.affectedRows ?? 0 };
  }

  async #prepared(sql: string): Promise<{ name: string; types: number[] }> {
    const known = this.#statements.get(sql);
    if (known) {
      // Most recently used last, so the first key is the one to close when full.
      this.#statements.delete(sql);
      this.#statements.set(sql, known);
      return known;
    }
    if (this.#statements.size >= PREPARED_MAX) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) await this.#forget(oldest);
    }
    this.#next += 1;
    const name = `kysely_${this.#next}`;
    const { messages } = await this.pg.execProtocol(
      concat(protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()),
      { syncToFs: false },
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(sql, statement);
    return statement;
  }

  async #forget(sql: string): Promise<void> {
    const statement = this.#statements.get(sql);
    if (!statement) return;
    this.#statements.delete(sql);
    await this.pg.execProtocol(concat(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()), {
      syncToFs: false,
    });
  }
}

/**
 * Presents one PGlite instance as a node-postgres pool of size one for Kysely's PostgresDialect.
 * `connect()` waits for the lock; `release()` hands it on.
 */
export function pglitePool(pg: PGlite): PostgresPool {
  const mutex = new Mutex();
  const prepared = new PreparedStatements(pg);
  let unlock: (() => void) | undefined;

  async function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (parameters.length === 0) {
      // The simple protocol accepts several statements (migrations), as node-postgres does without parameters.
      const results = await pg.exec(sql);
      const last = results[results.length - 1];
      return { command: commandOf(sql), rowCount: last?.affectedRows ?? 0, rows: (last?.rows ?? []) as R[] };
    }
    const result = await prepared.run<R>(sql, parameters);
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
