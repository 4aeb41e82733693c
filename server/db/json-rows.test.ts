import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './database';
import { decodeJsonRows, jsonRowsOf } from './json-rows';
import { GENERIC_PLAN, withGenericPlan } from './plan';

interface Tables {
  t: { id: number; at: Date; gone: Date | null; name: string };
}

describe('query helpers of the database layer', () => {
  let database: Database;
  let db: Kysely<Tables>;

  beforeAll(async () => {
    database = await openPglite();
    db = database.db as unknown as Kysely<Tables>;
    await sql`create table t (id int primary key, at timestamptz not null, gone timestamptz, name text not null)`.execute(db);
    await db
      .insertInto('t')
      .values([
        { id: 1, at: new Date('2025-03-10T01:02:03.456Z'), gone: null, name: 'a' },
        { id: 2, at: new Date('2025-03-10T01:02:03.456Z'), gone: new Date('2025-03-11T00:00:00.000Z'), name: 'b' },
        { id: 3, at: new Date('2024-01-01T00:00:00.000Z'), gone: null, name: 'c' },
      ])
      .execute();
  });

  afterAll(async () => {
    await database.close();
  });

  it('puts the generic-plan mark where the embedded driver reads it', () => {
    const { sql: text } = withGenericPlan(db.selectFrom('t').selectAll()).compile();
    expect(text.startsWith(`select ${GENERIC_PLAN} `)).toBe(true);
  });

  it('answers the rows as one JSON array in the order asked, and reads their timestamps back into Dates', async () => {
    const rows = db.selectFrom('t').select(['id', 'at', 'gone', 'name']);
    const marked = withGenericPlan(
      db.selectNoFrom([
        jsonRowsOf(rows, [
          ['at', 'desc'],
          ['id', 'desc'],
        ]).as('page'),
      ]),
    );
    const result = await marked.executeTakeFirstOrThrow();
    const decoded = decodeJsonRows(result.page, ['at', 'gone']);
    expect(decoded.map((row) => row.id)).toEqual([2, 1, 3]);
    expect(decoded[0]).toEqual({
      id: 2,
      at: new Date('2025-03-10T01:02:03.456Z'),
      gone: new Date('2025-03-11T00:00:00.000Z'),
      name: 'b',
    });
    expect(decoded[1]?.gone).toBeNull();
  });

  it('answers an empty array when no row matches', async () => {
    const none = db.selectFrom('t').select(['id', 'at']).where('id', '<', 0);
    const result = await db.selectNoFrom([jsonRowsOf(none, [['id', 'asc']]).as('page')]).executeTakeFirstOrThrow();
    expect(result.page).toEqual([]);
  });
});
