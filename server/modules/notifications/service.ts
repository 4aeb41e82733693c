import type { Kysely } from 'kysely';
import type { NotificationSubject } from '../../../contracts/index';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { countAndPage, pageOf } from '../../db/paged';
import { notFound } from '../../http/errors';
import type { Translator } from '../../i18n';

/** What notify() needs; a transaction (`trx`) may stand in for the database so the message commits with its cause. */
export interface NotifyDeps {
  db: Kysely<DB>;
  clock: Clock;
}

/**
 * One parameter of a message: a value shown as it is (an order number, an amount, a title), or `{ key }` for a
 * parameter that is itself a word (a status, a kind of capture), stored as its copy key and translated when the
 * message is read, so the whole sentence is in the reader's language.
 */
export type MessageParam = string | number | { key: string };
export type MessageParams = Record<string, MessageParam>;

/** A text as stored: a copy key (`namespace:key`) and its parameters, rendered when read (renderMessage). */
export interface Message {
  key: string;
  params?: MessageParams;
}

/** A parameter that is a word: stored as its key, translated in the reader's language. */
export const word = (key: string): { key: string } => ({ key });

/** The message in one language: word parameters translated first, then the key with every parameter filled in. */
export function renderMessage(t: Translator, message: Message): string {
  const vars: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.params ?? {})) vars[name] = typeof value === 'object' ? t.t(value.key) : value;
  return t.t(message.key, vars);
}

function parseParams(text: string | null): MessageParams {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as MessageParams) : {};
  } catch {
    return {};
  }
}

/** A stored notification's text in the reader's language; a row stored as final text (no key) is shown as it is. */
export function notificationText(
  t: Translator,
  row: { content: string; message_key: string | null; message_params: string | null },
): string {
  return row.message_key ? renderMessage(t, { key: row.message_key, params: parseParams(row.message_params) }) : row.content;
}

/**
 * Leaves a message in a user's notifications (消息通知); the header bell counts the unread ones.
 * The one way other domains tell a user something happened: payment done, notary status changed,
 * verification result, invoice issued. The message is stored as a key and parameters, never as text: it is
 * rendered when read, in the language of the request that reads it. `subject` is what the message is about (the
 * web list links the text to its page), or null when it names nothing; every caller says which. Returns the new
 * notification's id.
 */
export async function notify(deps: NotifyDeps, userId: number, message: Message, subject: NotificationSubject | null): Promise<number> {
  return insertNotification(
    deps,
    userId,
    { content: '', message_key: message.key, message_params: JSON.stringify(message.params ?? {}) },
    subject,
  );
}

/** A message whose text is final as given, in no language of ours (the sandbox's tester-written messages). */
export async function notifyLiteral(deps: NotifyDeps, userId: number, text: string, subject: NotificationSubject | null): Promise<number> {
  return insertNotification(deps, userId, { content: text, message_key: null, message_params: null }, subject);
}

async function insertNotification(
  deps: NotifyDeps,
  userId: number,
  text: { content: string; message_key: string | null; message_params: string | null },
  subject: NotificationSubject | null,
): Promise<number> {
  const row = await deps.db
    .insertInto('notifications')
    .values({
      user_id: userId,
      ...text,
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
    (q) =>
      q
        .select(['id', 'content', 'message_key', 'message_params', 'created_at', 'is_read', 'subject_kind', 'subject_ref'])
        .orderBy('id', 'desc'),
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
