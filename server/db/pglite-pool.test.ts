import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED_MAX, PreparedStatements } from './pglite-pool';

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
