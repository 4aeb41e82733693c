import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Evidence } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { get, PDF_BYTES, preserve } from '../../test-support/uploads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const total = async (token: string, query = '') =>
  (await get<{ count: number; list: Evidence[] }>(t, `/api/data/getList${query ? `?${query}` : ''}`, token)).body.data.count;

/** The kept counts beside the rows counted, per user and type: they must always agree. */
async function keptAndCounted() {
  const kept = await t.db
    .selectFrom('evidence_counts')
    .select(['user_id', 'type', 'live'])
    .where('live', '>', 0)
    .orderBy('user_id')
    .orderBy('type')
    .execute();
  const { rows } = await sql<{ user_id: number; type: number; live: number }>`
    select user_id, type, count(*)::int as live from evidence where deleted_at is null group by user_id, type order by user_id, type`.execute(
    t.db,
  );
  return {
    kept: kept.map((r) => ({ ...r, user_id: Number(r.user_id) })),
    counted: rows.map((r) => ({ ...r, user_id: Number(r.user_id) })),
  };
}

describe('the kept count of live records (an unfiltered list does not count its rows)', () => {
  it('follows preservation, deletion, a type change, an erased account and a removed user; filters still count', async () => {
    const alice = await register(t, '13600136001');
    const bob = await register(t, '13600136002');
    const records: Evidence[] = [];
    for (let i = 0; i < 6; i++)
      records.push(await preserve(t, alice.token, { name: `a${i}.pdf`, content: Buffer.concat([PDF_BYTES, Buffer.from([i])]) }));
    await preserve(t, bob.token, { name: 'b.pdf', content: Buffer.concat([PDF_BYTES, Buffer.from('bob')]) }, { label: '乙' });
    expect(await total(alice.token)).toBe(6);
    expect(await total(bob.token)).toBe(1);

    expect((await t.post('/api/data/delData', { id: String(records[0]!.id) }, alice.token)).body.code).toBe(200);
    // The same record deleted twice counts once.
    expect((await t.post('/api/data/delData', { id: String(records[0]!.id) }, alice.token)).body.code).toBe(404);
    await t.db.updateTable('evidence').set({ is_app: true, type: 5 }).where('id', '=', records[1]!.id).execute();
    // An update that touches neither the owner, the type nor the deletion leaves the count alone.
    await t.db.updateTable('evidence').set({ title: 'renamed' }).where('id', '=', records[2]!.id).execute();
    expect(await total(alice.token)).toBe(4);
    expect(await total(alice.token, 'isApp=1')).toBe(1);
    expect(await total(alice.token, 'keyword=renamed')).toBe(1);
    expect(await total(bob.token, `label=${encodeURIComponent('乙')}`)).toBe(1);
    const aliceId = Number((await t.db.selectFrom('users').select('id').where('phone', '=', '13600136001').executeTakeFirstOrThrow()).id);
    const middle = await keptAndCounted();
    expect(middle.kept).toEqual(middle.counted);
    expect(middle.kept.filter((row) => row.user_id === aliceId).map((row) => [row.type, row.live])).toEqual([
      [1, 4],
      [5, 1],
    ]);

    // A deleted record brought back (by hand) counts again; a removed user's records go with the count.
    await t.db.updateTable('evidence').set({ deleted_at: null }).where('id', '=', records[0]!.id).execute();
    expect(await total(alice.token)).toBe(5);
    const both = await keptAndCounted();
    expect(both.kept).toEqual(both.counted);
    await t.db.deleteFrom('users').where('phone', '=', '13600136002').execute();
    const after = await keptAndCounted();
    expect(after.kept).toEqual(after.counted);
    expect(after.kept.every((row) => row.user_id === aliceId)).toBe(true);
  });

  it('two preservations at once by one owner both count', async () => {
    const alice = await register(t, '13600136001');
    await Promise.all(
      [0, 1, 2, 3].map((i) => preserve(t, alice.token, { name: `c${i}.pdf`, content: Buffer.concat([PDF_BYTES, Buffer.from(`c${i}`)]) })),
    );
    expect(await total(alice.token)).toBe(4);
    const both = await keptAndCounted();
    expect(both.kept).toEqual(both.counted);
  });
});
