import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export async function findProfile(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'phone',
      'status',
      'user_status',
      'auth_type',
      'repair_type',
      'points',
      'contact_phone',
      'company',
      'contact_name',
      'language',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function countUnreadNotifications(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findExtractCode(db: Kysely<DB>, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('extract_code').where('id', '=', userId).executeTakeFirst();
  return row?.extract_code ?? '';
}

export async function updateExtractCode(db: Kysely<DB>, userId: number, extractCode: string): Promise<void> {
  await db.updateTable('users').set({ extract_code: extractCode }).where('id', '=', userId).execute();
}
