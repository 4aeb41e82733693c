import { protocol, types, type messages, type PGlite } from '@electric-sql/pglite';
import { type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';
import { GENERIC_PLAN } from './plan';

type Command = PostgresQueryResult<unknown>['command'];
const COMMANDS: ReadonlySet<string> = new Set(['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE', 'COMMIT', 'ROLLBACK']);

/**
 * Kysely reads the command tag to report affected rows; PGlite does not return it, so take the first keyword after
 * any comments (`/* generic plan *\/ insert ...`).
 */
function commandOf(sql: string): Command {
  const word = /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT';
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

type Parser = (text: string, typeId: number) => unknown;

/** A prepared statement: its name, its parameters' types, and how to make an object of each row it answers. */
interface Statement {
  name: string;
  types: number[];
  columns: { name: string; typeId: number; parse: Parser | undefined }[];
}

/** A statement marked with `GENERIC_PLAN` (`plan.ts`) at its front runs with `plan_cache_mode=force_generic_plan`. */
const isMarkedGeneric = (sql: string) => sql.startsWith(GENERIC_PLAN) || sql.startsWith(`select ${GENERIC_PLAN}`);
const SET_PLAN_CACHE_MODE = `select set_config('plan_cache_mode', $1, false)`;
type PlanCacheMode = 'auto' | 'force_generic_plan';

/** What the embedded file systems need after a statement: nothing (NodeFS and memory write through; PGlite's
 * sync step is for IndexedDB), so the statements skip PGlite's lock around that step. */
const NO_SYNC = { syncToFs: false } as const;
const EXECUTE = protocol.serialize.execute({});
const SYNC = protocol.serialize.sync();
const EXECUTE_AND_SYNC = concat(EXECUTE, SYNC);
const WRITES: ReadonlySet<string> = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * Statements with parameters run as named prepared statements, each prepared once per SQL text.
 * PGlite's own `query()` parses, plans and describes the statement on every call, in six trips into the
 * WebAssembly; here a known statement is bound and executed in one trip, and PostgreSQL may keep its plan. The
 * columns a statement answers are described once, when it is prepared: each execution then makes its rows from
 * the data rows alone (PGlite decoded the same description again for every call, a tenth of a list call's
 * database time; docs/bench.md).
 */
export class PreparedStatements {
  readonly #statements = new Map<string, Statement>();
  #next = 0;
  /** The session's plan cache mode: PostgreSQL's default until set here; unknown after a failure. */
  #mode: PlanCacheMode | undefined = 'auto';

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
    // The mode is set only when it changes (a run of list calls sets it once). The mode's own statement is
    // prepared first: preparing the other one after it cannot close it.
    const mode: PlanCacheMode = isMarkedGeneric(sql) ? 'force_generic_plan' : 'auto';
    const setMode = this.#mode === mode ? undefined : await this.#setModeMessages(mode);
    const statement = await this.#prepared(sql);
    const serializers = this.pg.serializers as Record<number, ((value: unknown) => string) | undefined>;
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = serializers[statement.types[i] ?? 0];
      // As PGlite does for a type without a serializer.
      return serialize ? serialize(value) : (value as { toString(): string }).toString();
    });
    const bind = protocol.serialize.bind({ statement: statement.name, values });
    let messages: messages.BackendMessage[];
    try {
      ({ messages } = await this.pg.execProtocol(
        setMode ? concat(setMode, bind, EXECUTE_AND_SYNC) : concat(bind, EXECUTE_AND_SYNC),
        NO_SYNC,
      ));
    } catch (error) {
      // The failed transaction undid a setting made in it.
      this.#mode = undefined;
      throw error;
    }
    this.#mode = mode;
    const { columns } = statement;
    const rows: R[] = [];
    let affectedRows = 0;
    // The statement's results are those of the first portal, or of the second after the mode's.
    let portal = setMode ? -1 : 0;
    for (const message of messages) {
      if (portal !== 0) {
        if (message.name === 'commandComplete') portal += 1;
      } else if (message.name === 'dataRow') {
        const { fields } = message as messages.DataRowMessage;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < columns.length; i++) {
          const column = columns[i]!;
          const text = fields[i] ?? null;
          row[column.name] = text === null || !column.parse ? text : column.parse(text, column.typeId);
        }
        rows.push(row as R);
      } else if (message.name === 'commandComplete') {
        // "INSERT 0 3", "UPDATE 2", "SELECT 5": rows written count, rows read do not (as PGlite's own results).
        const words = (message as messages.CommandCompleteMessage).text.split(' ');
        const count = Number.parseInt(words[words.length - 1] ?? '', 10);
        if (WRITES.has(words[0] ?? '') && !Number.isNaN(count)) affectedRows += count;
        portal += 1;
      }
    }
    return { rows, affectedRows };
  }

  /**
   * Runs statements without parameters through the simple protocol (several at once: migrations), as node-postgres
   * does, always in PostgreSQL's default plan mode (their triggers and functions plan their own statements under
   * it). BEGIN, SAVEPOINT, COMMIT and ROLLBACK all come this way, so every transaction and savepoint starts in that
   * mode and a rollback to one of them comes back to it: afterwards the mode is the default, unless setting it
   * failed (an aborted transaction refuses every statement but its rollback) or the statements did.
   */
  async exec(sql: string): ReturnType<PGlite['exec']> {
    let known = true;
    if (this.#mode !== 'auto') {
      try {
        await this.pg.runExclusive(async () => {
          await this.pg.execProtocol(concat(await this.#setModeMessages('auto'), SYNC), NO_SYNC);
        });
      } catch {
        known = false;
      }
    }
    try {
      const results = await this.pg.exec(sql);
      this.#mode = known ? 'auto' : undefined;
      return results;
    } catch (error) {
      this.#mode = undefined;
      throw error;
    }
  }

  /** Bind and Execute of the statement that sets the plan cache mode (rarely: only when the mode changes). */
  async #setModeMessages(mode: PlanCacheMode): Promise<Uint8Array> {
    const { name } = await this.#prepared(SET_PLAN_CACHE_MODE);
    return concat(protocol.serialize.bind({ statement: name, values: [mode] }), EXECUTE);
  }

  async #prepared(sql: string): Promise<Statement> {
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
    const { messages: described } = await this.pg.execProtocol(
      concat(protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()),
      NO_SYNC,
    );
    const parsers = this.pg.parsers as Record<number, Parser | undefined>;
    const defaults = types.parsers as Record<number, Parser | undefined>;
    let statementTypes: number[] = [];
    let columns: Statement['columns'] = [];
    for (const message of described) {
      if (message.name === 'parameterDescription') statementTypes = (message as messages.ParameterDescriptionMessage).dataTypeIDs;
      if (message.name === 'rowDescription') {
        columns = (message as messages.RowDescriptionMessage).fields.map((field) => ({
          name: field.name,
          typeId: field.dataTypeID,
          parse: parsers[field.dataTypeID] ?? defaults[field.dataTypeID],
        }));
      }
    }
    const statement = { name, types: statementTypes, columns };
    this.#statements.set(sql, statement);
    return statement;
  }

  async #forget(sql: string): Promise<void> {
    const statement = this.#statements.get(sql);
    if (!statement) return;
    this.#statements.delete(sql);
    await this.pg.execProtocol(concat(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()), NO_SYNC);
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
      const results = await prepared.exec(sql);
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
