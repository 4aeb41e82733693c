import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PREPARED_MAX, pglitePool, PreparedStatements } from './pglite-pool';
import { GENERIC_PLAN } from './plan';

describe('prepared statements on PGlite', () => {
  let pg: PGlite;
  let prepared: PreparedStatements;

  beforeAll(async () => {
    pg = new PGlite();
    await pg.waitReady;
    await pg.exec(`create table t (id bigserial primary key, at timestamptz, doc jsonb, ok boolean, bytes bytea, name text)`);
    prepared = new PreparedStatements(pg);
  });
  afterAll(() => pg.close());

  it('answers what PGlite query() answers, with every parameter type the API sends, preparing each text once', async () => {
    const at = new Date('2026-11-26T03:04:05.678Z');
    const insert = 'insert into t (at, doc, ok, bytes, name) values ($1, $2, $3, $4, $5) returning id';
    const first = await prepared.run<{ id: number }>(insert, [at, JSON.stringify({ a: [1, '二'] }), true, new Uint8Array([0, 255]), "o'k"]);
    const second = await prepared.run<{ id: number }>(insert, [null, null, false, null, 'b']);
    expect(prepared.size).toBe(1);
    expect([first.affectedRows, second.affectedRows]).toEqual([1, 1]);
    const select = 'select * from t where id >= $1 order by id';
    const ours = await prepared.run(select, [first.rows[0]!.id]);
    const theirs = await pg.query(select, [first.rows[0]!.id]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]).toMatchObject({ at, doc: { a: [1, '二'] }, ok: true, bytes: new Uint8Array([0, 255]), name: "o'k" });
    const update = await prepared.run('update t set ok = $1 where name = $2', [true, 'nobody']);
    expect(update).toEqual({ rows: [], affectedRows: 0 });
  });

  it('makes rows from the description kept at prepare time as PGlite does from its own', async () => {
    const select = `select $1::int8 as big, $2::numeric as money, $3::text[] as tags, $4::int4[] as ns, null::date as nothing,
      '{"k":1}'::json as doc, $5::text as same, 'second' as same, $6::bool as flag, now() - now() as span`;
    const parameters = ['9007199254740993', '12.50', ['a', 'b,c', null], [1, 2], 'first', false];
    const ours = await prepared.run(select, parameters);
    const theirs = await pg.query(select, parameters);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]).toMatchObject({ big: 9007199254740993n, tags: ['a', 'b,c', null], same: 'second', flag: false });
    expect(await prepared.run('insert into t (name) select $1 from generate_series(1, 3)', ['x'])).toEqual({ rows: [], affectedRows: 3 });
    expect((await prepared.run('delete from t where name = $1', ['x'])).affectedRows).toBe(3);
  });

  it(`runs a statement marked ${GENERIC_PLAN} on one generic plan, and only that statement`, async () => {
    await pg.exec(`create table g (id int not null, kind int); insert into g select i, i % 2 from generate_series(1, 2000) i;
      create unique index g_kind1 on g (id) where kind = 1; analyze g`);
    const marked = `${GENERIC_PLAN} select count(*)::int as n from g where kind = $1 and id > $2`;
    // As Kysely's modifyFront writes it.
    const front = `select ${GENERIC_PLAN} count(*)::int as n from g where kind = $1 and id > $2`;
    const plain = 'select count(*)::int as n from g where kind = $1 and id > $2';
    // Enough executions for PostgreSQL to weigh its generic plan against the custom ones.
    for (let i = 0; i < 8; i++) {
      expect((await prepared.run<{ n: number }>(marked, [1, 1990])).rows).toEqual([{ n: 5 }]);
      expect((await prepared.run<{ n: number }>(front, [1, 1990])).rows).toEqual([{ n: 5 }]);
      expect((await prepared.run<{ n: number }>(plain, [1, 1990])).rows).toEqual([{ n: 5 }]);
    }
    const plans = await pg.query<{ statement: string; generic_plans: number; custom_plans: number }>(
      `select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%from g where%'`,
    );
    const of = (text: string) => plans.rows.find((row) => row.statement === text);
    expect(of(marked)).toMatchObject({ generic_plans: 8, custom_plans: 0 });
    expect(of(front)).toMatchObject({ generic_plans: 8, custom_plans: 0 });
    expect(of(plain)?.custom_plans).toBeGreaterThan(0);
    // Whatever came before (transactions, savepoints, rollbacks, failures), each statement runs in the mode it asks
    // for, and statements without parameters in PostgreSQL's default: each probe reads the mode it ran under.
    const probeMarked = `${GENERIC_PLAN} select current_setting('plan_cache_mode') as mode, $1::int as x`;
    const probePlain = `select current_setting('plan_cache_mode') as mode, $1::int as x`;
    const steps: (() => Promise<unknown>)[] = [
      () => prepared.exec('begin'),
      () => prepared.exec('savepoint s'),
      () => prepared.exec('rollback to savepoint s'),
      () => prepared.exec('release savepoint s'),
      () => prepared.exec('commit'),
      () => prepared.exec('rollback'),
      () => prepared.run(`${GENERIC_PLAN} select 1 / $1::int as x`, [0]),
      () => prepared.run('select 1 / $1::int as x', [0]),
      async () => expect((await prepared.run<{ mode: string }>(probeMarked, [1])).rows[0]?.mode).toBe('force_generic_plan'),
      async () => expect((await prepared.run<{ mode: string }>(probePlain, [1])).rows[0]?.mode).toBe('auto'),
      async () => expect((await prepared.exec(`select current_setting('plan_cache_mode') as mode`))[0]?.rows[0]).toEqual({ mode: 'auto' }),
    ];
    let seed = 7;
    let probed = 0;
    for (let i = 0; i < 600; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const step = seed % steps.length;
      try {
        await steps[step]!();
        if (step >= 8) probed += 1;
      } catch (error) {
        // A statement PostgreSQL refused (division by zero, no savepoint, an aborted transaction) is part of the
        // sequence; a probe that read the wrong mode is not.
        if ((error as { name?: string }).name === 'AssertionError') throw error;
      }
    }
    await prepared.exec('rollback');
    expect(probed).toBeGreaterThan(100);
    // An ON CONFLICT on a partial index whose predicate is a parameter needs a custom plan: unmarked, it has one.
    await prepared.run('insert into g (id, kind) values ($1, $2) on conflict (id) where kind = $3 do nothing', [5000, 1, 1]);
  });

  it('reports the rows a marked write changed (its command read after the mark)', async () => {
    // Its own database: one pool per PGlite, as the server has (statement names are the pool's).
    const own = new PGlite();
    const db = new Kysely<{ w: { id: number; name: string } }>({ dialect: new PostgresDialect({ pool: pglitePool(own) }) });
    try {
      await own.exec(`create table w (id serial primary key, name text); insert into w (name) values ('a'), ('a'), ('b')`);
      const result = await sql`${sql.raw(GENERIC_PLAN)} update w set name = ${'c'} where name = ${'a'}`.execute(db);
      expect(result.numAffectedRows).toBe(2n);
    } finally {
      await db.destroy();
    }
  });

  it('passes PostgreSQL errors on with their code and keeps working after them', async () => {
    await expect(prepared.run('select 1 / $1::int as x', [0])).rejects.toMatchObject({ code: '22012' });
    await expect(prepared.run('select nope from t where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    expect((await prepared.run<{ x: number }>('select 2 / $1::int as x', [1])).rows).toEqual([{ x: 2 }]);
  });

  it('prepares a statement again when its table changed shape under it', async () => {
    const select = 'select * from t where id = $1';
    await prepared.run(select, [1]);
    await pg.exec('alter table t add column extra text');
    const after = await prepared.run<Record<string, unknown>>(select, [1]);
    expect(Object.keys(after.rows[0] ?? {})).toContain('extra');
  });

  it(`keeps at most ${PREPARED_MAX} statements, closing the least recently used`, async () => {
    for (let i = 0; i < PREPARED_MAX + 20; i++) await prepared.run(`select $1::int + ${i} as x`, [1]);
    expect(prepared.size).toBe(PREPARED_MAX);
    const open = await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(open.rows[0]?.n).toBe(PREPARED_MAX);
    expect((await prepared.run<{ x: number }>('select $1::int + 0 as x', [1])).rows).toEqual([{ x: 1 }]);
  });
});
