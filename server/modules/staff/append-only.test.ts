import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function auditRow(action: string): Promise<number> {
  const row = await t.db
    .insertInto('staff_audit')
    .values({ staff_id: null, at: t.clock.now(), action, record_type: 'test', record_id: '1', after: JSON.stringify({ state: 'x' }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code?: string; message?: string },
  );

describe('staff_audit is append-only in the database', () => {
  it('takes new rows and reads them back', async () => {
    const id = await auditRow('test.insert');
    const row = await t.db.selectFrom('staff_audit').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'test.insert', record_type: 'test', record_id: '1', after: { state: 'x' }, before: null });
  });

  it('refuses an UPDATE, and the row stays as it was', async () => {
    const id = await auditRow('test.update');
    const error = await refusal(sql`UPDATE staff_audit SET action = 'forged' WHERE id = ${id}`.execute(t.db));
    expect(error?.code).toBe('42501');
    expect(error?.message).toMatch(/append-only/);
    const row = await t.db.selectFrom('staff_audit').select('action').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.action).toBe('test.update');
  });

  it('refuses a DELETE and a TRUNCATE', async () => {
    const id = await auditRow('test.delete');
    expect((await refusal(sql`DELETE FROM staff_audit WHERE id = ${id}`.execute(t.db)))?.code).toBe('42501');
    expect((await refusal(sql`TRUNCATE staff_audit`.execute(t.db)))?.code).toBe('42501');
    // TRUNCATE ... CASCADE from the staff table cannot reach it either: the log has no foreign key to cascade on.
    await sql`TRUNCATE staff CASCADE`.execute(t.db);
    const kept = await t.db.selectFrom('staff_audit').select('id').where('id', '=', id).executeTakeFirst();
    expect(kept?.id).toBe(id);
  });
});
