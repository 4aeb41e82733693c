import type { Kysely, Transaction } from 'kysely';
import { STAFF_PAGE_SIZE, type STAFF_RECORD_TYPES, type StaffAuditAction, type StaffAuditList } from '../../../contracts/index';
import type { Clock } from '../../clock';
import type { ChangeHook } from '../../db/change-hook';
import { countAndPage, pageOf, withinTimeRange } from '../../db/paged';
import type { DB } from '../../db/schema';
import { formatChinaTime } from '../../lib/time';

export type StaffRecordType = (typeof STAFF_RECORD_TYPES)[number];

/** Who acts: a member of staff (null: the command line, or a sign-in name with no account) and the client address. */
export interface StaffActor {
  staffId: number | null;
  ip: string;
}

export interface AuditEntry {
  action: StaffAuditAction;
  recordType?: StaffRecordType;
  recordId?: string | number;
  /** The record's state before and after (never secrets, never decrypted real-name data). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends one row to the audit log. Pass the transaction of the change it records, so the change and its
 * record commit together or not at all. The table refuses UPDATE, DELETE and TRUNCATE (0015_staff.sql).
 */
export async function writeAudit(db: Kysely<DB> | Transaction<DB>, clock: Clock, actor: StaffActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      staff_id: actor.staffId,
      at: clock.now(),
      action: entry.action,
      record_type: entry.recordType ?? '',
      record_id: entry.recordId === undefined ? '' : String(entry.recordId),
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
      client_ip: actor.ip.slice(0, 64),
    })
    .execute();
}

export interface AuditFilter {
  page: number;
  staffId?: number | undefined;
  action: string;
  recordType: string;
  recordId: string;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

/** What administrators read of the log: newest first, 10 a page, every filter optional. */
export async function listAudit(db: Kysely<DB>, filter: AuditFilter): Promise<StaffAuditList> {
  let query = db.selectFrom('staff_audit').leftJoin('staff', 'staff.id', 'staff_audit.staff_id');
  if (filter.staffId !== undefined) query = query.where('staff_audit.staff_id', '=', filter.staffId);
  if (filter.action) query = query.where('staff_audit.action', '=', filter.action);
  if (filter.recordType) query = query.where('staff_audit.record_type', '=', filter.recordType);
  if (filter.recordId) query = query.where('staff_audit.record_id', '=', filter.recordId);
  query = withinTimeRange(query, 'staff_audit.at', filter);
  const { count, rows } = await countAndPage(
    query,
    (q) =>
      q
        .selectAll('staff_audit')
        .select(['staff.username', 'staff.name'])
        .orderBy('staff_audit.at', 'desc')
        .orderBy('staff_audit.id', 'desc'),
    pageOf(filter.page, STAFF_PAGE_SIZE),
  );
  return {
    count,
    list: rows.map((r) => ({
      id: r.id,
      at: formatChinaTime(r.at),
      staffId: r.staff_id,
      username: r.username ?? '',
      staffName: r.name ?? '',
      action: r.action,
      recordType: r.record_type,
      recordId: r.record_id,
      before: r.before,
      after: r.after,
      ip: r.client_ip,
    })),
  };
}

/**
 * The audit of a service's change (a ChangeHook): called in the change's transaction with the record as it was,
 * it reads the record again through that transaction and writes both states, as `state` picks them.
 */
export function auditedChange<Row>(
  clock: Clock,
  actor: StaffActor,
  entry: Pick<AuditEntry, 'action' | 'recordType' | 'recordId'>,
  state: (row: Row) => Record<string, unknown>,
  readAfter: (trx: Transaction<DB>) => Promise<Row>,
): ChangeHook<Row> {
  return async (trx, before) => {
    const after = await readAfter(trx);
    await writeAudit(trx, clock, actor, { ...entry, before: state(before), after: state(after) });
  };
}
