import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const findUserByPhone = (db: Kysely<DB>, phone: string) =>
  db.selectFrom('users').select(['id', 'password_hash']).where('phone', '=', phone).executeTakeFirst();

export const findUserById = (db: Kysely<DB>, id: number) =>
  db.selectFrom('users').select(['id', 'password_hash']).where('id', '=', id).executeTakeFirst();

export async function phoneIsRegistered(db: Kysely<DB>, phone: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()) !== undefined;
}

/** Answers null when the phone is taken (a concurrent registration won the unique index). */
export async function insertUser(db: Kysely<DB>, phone: string, passwordHash: string, now: Date): Promise<number | null> {
  const row = await db
    .insertInto('users')
    .values({ phone, password_hash: passwordHash, created_at: now })
    .onConflict((oc) => oc.column('phone').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updatePasswordHash(db: Kysely<DB>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
