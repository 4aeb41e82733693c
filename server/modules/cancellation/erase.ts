import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { REFERENCES, type StoreName } from '../../files/sweep';
import { openStore } from '../../files/stores';
import type { FileStore } from '../../files/store';
import { DAY_MS, MINUTE_MS } from '../../lib/time';
import { notify } from '../notifications/index';
import { openObligations } from './obligations';

type Tx = Transaction<DB>;
interface StoredObject {
  store: StoreName;
  key: string;
}

/** How long a worker's claim on an erasing row holds before another worker may finish it. */
const LEASE_MS = 10 * MINUTE_MS;
/** An object of the erased account untouched this long is removed (unless another row names it); younger ones wait. */
export const ERASE_SETTLE_MS = 10 * MINUTE_MS;
/** A due cancellation found blocked (an order opened during the cooling-off) is tried again this much later. */
const BLOCKED_RETRY_MS = DAY_MS;
/** The users row keeps its id (orders and invoices name it) and this instead of the phone, which is freed. */
export const cancelledPhone = (userId: number) => `cancelled:${userId}`;

/** What the job needs of the app (a test builds it over the test app's database, clock and DATA_DIR). */
export type CancellationJobDeps = Pick<AppContext, 'config' | 'db' | 'clock' | 'translator' | 'sessions' | 'files'>;

export interface EraseReport {
  erased: number;
  blocked: number;
  /** Stored objects removed (no other row named them). */
  objects: number;
}

/**
 * The deletion job of account cancellation, safe on several machines and after a crash:
 *  1. a due request is taken with FOR UPDATE SKIP LOCKED; in one transaction the personal rows are deleted or
 *     blanked, the account becomes a tombstone (phone freed, sessions gone) and the stored objects to remove
 *     are written on the request, which becomes 'erasing';
 *  2. an 'erasing' request is claimed with a lease, its objects are removed through the storage abstraction
 *     (local or S3) when no other row names them (content-addressed: equal files are shared), then 'done'; an
 *     object written in the last ERASE_SETTLE_MS waits for a later run (an equal upload may be committing).
 * The links already handed out stop at step 1: every download route checks that its record is still there.
 * A crash in step 1 rolls back; a crash in step 2 leaves 'erasing' with its list, finished by the next run.
 */
export async function runCancellationJob(ctx: CancellationJobDeps): Promise<EraseReport> {
  const report: EraseReport = { erased: 0, blocked: 0, objects: 0 };
  for (;;) {
    const outcome = await eraseNextDue(ctx);
    if (outcome === null) break;
    if (outcome === 'blocked') report.blocked++;
    else report.erased++;
  }
  for (;;) {
    const removed = await finishNextErasing(ctx);
    if (removed === null) break;
    report.objects += removed;
  }
  return report;
}

async function eraseNextDue(ctx: CancellationJobDeps): Promise<'erased' | 'blocked' | null> {
  let erasedUser: number | null = null;
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const now = ctx.clock.now();
    const due = await tx
      .selectFrom('account_cancellations')
      .select(['id', 'user_id', 'blocked_at'])
      .where('state', '=', 'pending')
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!due) return null;
    if ((await openObligations(tx, due.user_id, now)).length > 0) {
      await tx
        .updateTable('account_cancellations')
        .set({ due_at: new Date(now.getTime() + BLOCKED_RETRY_MS), blocked_at: now })
        .where('id', '=', due.id)
        .execute();
      if (!due.blocked_at)
        await notify({ db: tx, clock: ctx.clock }, due.user_id, { key: 'accountCancellation:blockedNotification' }, null);
      return 'blocked' as const;
    }
    const objects = await eraseAccount(tx, due.user_id, now);
    await tx
      .updateTable('account_cancellations')
      .set({ state: 'erasing', erased_at: now, objects: JSON.stringify(objects), lease_until: null })
      .where('id', '=', due.id)
      .execute();
    erasedUser = due.user_id;
    return 'erased' as const;
  });
  // The rows are gone; this process's cached sessions of the account go too.
  if (erasedUser !== null) await ctx.sessions.revokeAll(erasedUser);
  return outcome;
}

/** Deletes or blanks every personal row of the account; answers the stored objects they named. */
async function eraseAccount(tx: Tx, userId: number, now: Date): Promise<StoredObject[]> {
  const objects = await objectsOf(tx, userId);
  const user = await tx.selectFrom('users').select(['phone']).where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  // Evidence: the file and every description go; number, kind, size, hashes, time and log entry stay.
  await tx
    .updateTable('evidence')
    .set((eb) => ({
      title: '',
      label: '',
      forensics: null,
      source_url: null,
      path: '',
      file_key: '',
      file_present: false,
      deleted_at: eb.fn.coalesce('deleted_at', sql<Date>`${now}`),
      erased_at: now,
    }))
    .where('user_id', '=', userId)
    .execute();
  await tx.deleteFrom('captures').where('user_id', '=', userId).execute();
  await tx.deleteFrom('notary_orders').where('user_id', '=', userId).execute();
  await tx.deleteFrom('signatures').where('user_id', '=', userId).execute();
  await tx.deleteFrom('kyc_submissions').where('user_id', '=', userId).execute();
  await tx.deleteFrom('invoice_headers').where('user_id', '=', userId).execute();
  await tx.deleteFrom('addresses').where('user_id', '=', userId).execute();
  await tx.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await tx.deleteFrom('personal_data_exports').where('user_id', '=', userId).execute();
  await tx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await tx.deleteFrom('sms_codes').where('phone', '=', user.phone).execute();
  await tx.deleteFrom('sms_outbox').where('phone', '=', user.phone).execute();
  // Invoice applications are kept for accounting (header, tax number, amounts, orders); who received them goes.
  await tx
    .updateTable('invoice_applications')
    .set({ name: '', post_phone_number: '', address: '', email: '', remark: '' })
    .where('user_id', '=', userId)
    .execute();
  // The tombstone: orders, the points ledger and invoice applications name it by id only. Points are forfeited.
  await tx
    .updateTable('users')
    .set({
      phone: cancelledPhone(userId),
      password_hash: '',
      status: 1,
      user_status: 1,
      auth_type: 0,
      repair_type: 0,
      points: 0,
      contact_phone: '',
      company: '',
      contact_name: '',
      extract_code: '',
      cancelled_at: now,
    })
    .where('id', '=', userId)
    .execute();
  return objects;
}

async function objectsOf(tx: Tx, userId: number): Promise<StoredObject[]> {
  const found: StoredObject[] = [];
  const add = (store: StoreName, key: string | null | undefined) => {
    if (key && !found.some((o) => o.store === store && o.key === key)) found.push({ store, key });
  };
  for (const row of await tx.selectFrom('evidence').select('file_key').where('user_id', '=', userId).execute()) add('main', row.file_key);
  const { rows: parts } = await sql<{ key: string | null }>`
    SELECT recording_file_key AS key FROM captures WHERE user_id = ${userId}
    UNION SELECT part->>'key' FROM captures
      CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(files) = 'array' THEN files ELSE '[]'::jsonb END) AS part
      WHERE user_id = ${userId}`.execute(tx);
  for (const row of parts) add('main', row.key);
  const notary = await tx
    .selectFrom('notary_orders')
    .select(['id', 'seal_file_key', 'certificate_file_key', 'transfer_file_key'])
    .where('user_id', '=', userId)
    .execute();
  for (const row of notary) {
    add('main', row.seal_file_key);
    // Attached but not yet issued (an order not completed): once issued it is also document 5 below.
    add('main', row.certificate_file_key);
    add('notaryTransfers', row.transfer_file_key);
  }
  if (notary.length > 0) {
    const docs = await tx
      .selectFrom('notary_documents')
      .select('file_key')
      .where(
        'order_id',
        'in',
        notary.map((n) => n.id),
      )
      .execute();
    for (const row of docs) add('main', row.file_key);
  }
  for (const row of await tx.selectFrom('signatures').select('file_key').where('user_id', '=', userId).execute())
    add('signatures', row.file_key);
  // Copies of one's personal data still within their 24 hours.
  for (const row of await tx.selectFrom('personal_data_exports').select('file_key').where('user_id', '=', userId).execute())
    add('personalData', row.file_key);
  const { rows: images } = await sql<{ key: string | null }>`
    SELECT image.value->>'key' AS key FROM kyc_submissions
      CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(files::jsonb) = 'object' THEN files::jsonb ELSE '{}'::jsonb END) AS image
      WHERE user_id = ${userId}`.execute(tx);
  for (const row of images) add('kycSealed', row.key);
  return found;
}

/** Claims one 'erasing' request (lease), removes its objects that nothing else names, marks it done. */
async function finishNextErasing(ctx: CancellationJobDeps): Promise<number | null> {
  const now = ctx.clock.now();
  const claimed = await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('account_cancellations')
      .select(['id', 'objects'])
      .where('state', '=', 'erasing')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return null;
    await tx
      .updateTable('account_cancellations')
      .set({ lease_until: new Date(now.getTime() + LEASE_MS) })
      .where('id', '=', row.id)
      .execute();
    return row;
  });
  if (!claimed) return null;
  const objects = claimed.objects as StoredObject[];
  const stores = new Map<StoreName, FileStore>();
  const referenced = new Map<StoreName, Set<string>>();
  // Not the sweep's whole grace period (a day by default): the erased account's files go as soon as no upload of
  // equal bytes can still be about to commit its row, i.e. once the object is untouched for a few minutes.
  const settleMs = Math.min(ctx.config.FILE_ORPHAN_GRACE_SECONDS * 1000, ERASE_SETTLE_MS);
  const waiting: StoredObject[] = [];
  let removed = 0;
  for (const object of objects) {
    if (!(object.store in REFERENCES)) continue;
    let store = stores.get(object.store);
    if (!store) stores.set(object.store, (store = object.store === 'main' ? ctx.files : openStore(ctx.config, object.store)));
    let names = referenced.get(object.store);
    if (!names) referenced.set(object.store, (names = await REFERENCES[object.store].keys(ctx.db)));
    // Another account's equal file, or an upload of equal bytes in the grace period (its put refreshed the
    // object's time), keeps the object; the orphan sweep takes it later if it becomes unreferenced.
    if (names.has(object.key)) continue;
    const mtime = await store.modifiedAt(object.key);
    if (mtime === null) continue;
    if (Date.now() - mtime < settleMs) {
      waiting.push(object);
      continue;
    }
    await store.remove(object.key);
    removed++;
  }
  if (waiting.length > 0) {
    // Written moments ago (an equal upload may be committing): the rest is taken by a run after the lease.
    await ctx.db
      .updateTable('account_cancellations')
      .set({ objects: JSON.stringify(waiting), lease_until: new Date(ctx.clock.now().getTime() + settleMs) })
      .where('id', '=', claimed.id)
      .execute();
    return removed;
  }
  await ctx.db
    .updateTable('account_cancellations')
    .set({ state: 'done', done_at: ctx.clock.now(), objects: '[]', lease_until: null })
    .where('id', '=', claimed.id)
    .execute();
  return removed;
}
