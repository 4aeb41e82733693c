import type { Kysely } from 'kysely';
import type { NotificationSubject } from '../../../src/shared/api/contracts/index';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { countAndPage, pageOf } from '../../db/paged';
import { notFound } from '../../http/errors';

/** What notify() needs; a transaction (`trx`) may stand in for the database so the message commits with its cause. */
export interface NotifyDeps {
  db: Kysely<DB>;
  clock: Clock;
}

/**
 * Leaves a message in a user's notifications (消息通知); the header bell counts the unread ones.
 * The one way other domains tell a user something happened: payment done, notary status changed,
 * verification result, invoice issued. `text` is final display text, translated by the caller
 * (`ctx.translator.t('<ns>:<key>', vars)`). `subject` is what the message is about (the web list links the
 * text to its page), or null when it names nothing; every caller says which. Returns the new notification's id.
 */
export async function notify(deps: NotifyDeps, userId: number, text: string, subject: NotificationSubject | null): Promise<number> {
  const row = await deps.db
    .insertInto('notifications')
    .values({
      user_id: userId,
      content: text,
      created_at: deps.clock.now(),
      subject_kind: subject?.kind ?? null,
      subject_ref: subject?.ref ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countUnread(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listNotifications(db: Kysely<DB>, userId: number, page: number, pageSize: number) {
  return countAndPage(
    db.selectFrom('notifications').where('user_id', '=', userId),
    (q) => q.select(['id', 'content', 'created_at', 'is_read', 'subject_kind', 'subject_ref']).orderBy('id', 'desc'),
    pageOf(page, pageSize),
  );
}

/**
 * Applies `change` to the owner's notifications named by `ids`, all or none: when any id is not the
 * owner's (another user's answers like a missing one), nothing changes and the call answers 404.
 */
async function changeOwned(db: Kysely<DB>, userId: number, ids: number[], change: 'read' | 'delete'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .forUpdate()
      .execute();
    if (owned.length !== ids.length) throw notFound();
    if (change === 'read') {
      await trx.updateTable('notifications').set({ is_read: true }).where('user_id', '=', userId).where('id', 'in', ids).execute();
    } else {
      await trx.deleteFrom('notifications').where('user_id', '=', userId).where('id', 'in', ids).execute();
    }
  });
}

export async function markRead(db: Kysely<DB>, userId: number, ids: number[] | 'all'): Promise<void> {
  if (ids === 'all') {
    await db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', userId).where('is_read', '=', false).execute();
    return;
  }
  await changeOwned(db, userId, ids, 'read');
}

export const deleteNotifications = (db: Kysely<DB>, userId: number, ids: number[]) => changeOwned(db, userId, ids, 'delete');
