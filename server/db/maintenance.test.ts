import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPglite, type Database } from './database';
import { scheduleEmbeddedVacuum, vacuumEmbedded } from './maintenance';

let database: Database | null = null;
afterEach(async () => {
  vi.useRealTimers();
  await database?.close();
  database = null;
});

async function tableWithDeadRows(): Promise<Database> {
  const opened = await openPglite();
  await sql`CREATE TABLE t (id int PRIMARY KEY, v text)`.execute(opened.db);
  await sql`INSERT INTO t SELECT g, repeat('x', 100) FROM generate_series(1, 2000) g`.execute(opened.db);
  await sql`DELETE FROM t WHERE id % 2 = 0`.execute(opened.db);
  return opened;
}

const allVisiblePages = async (db: Database) =>
  (await sql<{ n: number }>`SELECT relallvisible AS n FROM pg_class WHERE relname = 't'`.execute(db.db)).rows[0]?.n ?? -1;

describe('the embedded database has no autovacuum: the server vacuums it', () => {
  it('VACUUM (ANALYZE) marks the pages visible (index-only scans stop reading the table) and counts the rows', async () => {
    database = await tableWithDeadRows();
    expect(await allVisiblePages(database)).toBe(0);
    await vacuumEmbedded(database);
    expect(await allVisiblePages(database)).toBeGreaterThan(0);
    const stats = await sql<{ n: number }>`SELECT reltuples::int AS n FROM pg_class WHERE relname = 't'`.execute(database.db);
    expect(stats.rows[0]?.n).toBe(1000);
  });

  it('runs a minute after the start and then at every interval, and stops when asked', async () => {
    database = await tableWithDeadRows();
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const errors: unknown[] = [];
    const stop = scheduleEmbeddedVacuum(database, 3_600_000, (error) => errors.push(error));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(await allVisiblePages(database)).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(async () => expect(await allVisiblePages(database!)).toBeGreaterThan(0));
    stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('does nothing when the interval is 0', async () => {
    database = await tableWithDeadRows();
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    scheduleEmbeddedVacuum(database, 0, () => {});
    expect(vi.getTimerCount()).toBe(0);
  });
});
