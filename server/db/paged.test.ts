import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './database';
import { migrate } from './migrate';
import { countAndPage, pageOf, withinTimeRange } from './paged';

// 2025-03-10 00:00:00 +08:00 as epoch seconds: the start of a China day, as the web app sends it.
const DAY = Date.UTC(2025, 2, 9, 16) / 1000;
const END_OF_DAY = DAY + 86400 - 1;

describe('paged queries', () => {
  let database: Database;
  let userId: number;

  beforeAll(async () => {
    database = await openPglite();
    await migrate(database.db);
    const user = await database.db
      .insertInto('users')
      .values({ phone: '13800000001', password_hash: 'x', created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = Number(user.id);
    const at = (seconds: number) => new Date(seconds * 1000);
    const rows = [
      { content: 'before', created_at: at(DAY - 1) },
      { content: 'first second', created_at: at(DAY) },
      { content: 'noon', created_at: at(DAY + 43200) },
      { content: 'last second', created_at: at(END_OF_DAY) },
      { content: 'last millisecond', created_at: new Date(END_OF_DAY * 1000 + 999) },
      { content: 'next day', created_at: at(END_OF_DAY + 1) },
    ];
    await database.db
      .insertInto('notifications')
      .values(rows.map((r) => ({ ...r, user_id: userId })))
      .execute();
  });

  afterAll(async () => {
    await database.close();
  });

  const base = () => database.db.selectFrom('notifications').where('user_id', '=', userId);
  const newestFirst = <Q extends ReturnType<typeof base>>(q: Q) => q.select(['content']).orderBy('created_at', 'desc');

  it('keeps the whole end day: its last second and what lies before the next one, not the next day', async () => {
    const { count, rows } = await countAndPage(
      withinTimeRange(base(), 'created_at', { startTime: DAY, endTime: END_OF_DAY }),
      newestFirst,
      pageOf(1, 50),
    );
    expect(count).toBe(4);
    expect(rows.map((r) => r.content)).toEqual(['last millisecond', 'last second', 'noon', 'first second']);
  });

  it('applies each bound alone, and none when neither is given', async () => {
    const from = await countAndPage(withinTimeRange(base(), 'created_at', { startTime: DAY + 1 }), newestFirst, pageOf(1, 50));
    expect(from.rows.map((r) => r.content)).toEqual(['next day', 'last millisecond', 'last second', 'noon']);
    const until = await countAndPage(withinTimeRange(base(), 'created_at', { endTime: DAY }), newestFirst, pageOf(1, 50));
    expect(until.rows.map((r) => r.content)).toEqual(['first second', 'before']);
    const all = await countAndPage(withinTimeRange(base(), 'created_at', {}), newestFirst, pageOf(1, 50));
    expect(all.count).toBe(6);
  });

  it('counts every matching row while answering one page of them', async () => {
    const second = await countAndPage(base(), newestFirst, pageOf(2, 4));
    expect(second.count).toBe(6);
    expect(second.rows.map((r) => r.content)).toEqual(['first second', 'before']);
    const beyond = await countAndPage(base(), newestFirst, pageOf(3, 4));
    expect(beyond).toEqual({ count: 6, rows: [] });
    // The count rides on the rows in the statement but is not left on them.
    expect(Object.keys(second.rows[0] ?? {})).toEqual(['content']);
    const none = await countAndPage(base().where('content', '=', 'nothing'), newestFirst, pageOf(1, 4));
    expect(none).toEqual({ count: 0, rows: [] });
  });

  it('counts a query that already selects columns (its selection is cleared for the count)', async () => {
    const selecting = base().select(['id', 'content']);
    const { count, rows } = await countAndPage(selecting, (q) => q.orderBy('id'), pageOf(1, 2));
    expect(count).toBe(6);
    expect(rows.map((r) => r.content)).toEqual(['before', 'first second']);
  });

  it('pageOf turns a page number from 1 into limit and offset', () => {
    expect(pageOf(1, 10)).toEqual({ limit: 10, offset: 0 });
    expect(pageOf(3, 20)).toEqual({ limit: 20, offset: 40 });
  });
});
