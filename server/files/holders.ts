import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The record a download link of a stored object was made for, and that record's owner. Objects are
 * content-addressed (another user may hold the same bytes), so a key alone says nothing about who may read it:
 * the link names the record, and the download route asks at every request whether that record still exists,
 * is not deletion-marked, belongs to that owner and still names the object. Deleting the record (by its owner,
 * or by the erasure of the account) thereby ends every link made for it, however long the link had to live.
 */
export interface FileHolder {
  /** users.id of the record's owner. */
  owner: number;
  /**
   * evidence: the evidence row's file (evidence.file_key); capture: one part of the capture of that evidence row
   * (captures.files, id is the evidence id); notary: an order's seal copy, the certificate the office attached
   * (before and after completion) or one of its issued documents.
   */
  record: 'evidence' | 'capture' | 'notary';
  id: number;
}

const RECORD_CODES = { evidence: 'e', capture: 'c', notary: 'n' } as const satisfies Record<FileHolder['record'], string>;

/** The link's `r` parameter: `<record code>:<id>`. */
export const holderParam = (holder: FileHolder): string => `${RECORD_CODES[holder.record]}:${holder.id}`;

/** Reads `o` and `r` back; null for anything that is not a holder this version makes. */
export function parseHolder(owner: string, record: string): FileHolder | null {
  const match = /^([ecn]):(\d{1,15})$/.exec(record);
  if (!match || !/^\d{1,15}$/.test(owner)) return null;
  const kind = (Object.keys(RECORD_CODES) as FileHolder['record'][]).find((k) => RECORD_CODES[k] === match[1]);
  const id = Number(match[2]);
  const ownerId = Number(owner);
  if (!kind || !Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(ownerId) || ownerId <= 0) return null;
  return { owner: ownerId, record: kind, id };
}

/** True while the holder's record is live, its owner's, and still names `key`. */
export async function holdsFile(db: Kysely<DB>, holder: FileHolder, key: string): Promise<boolean> {
  if (!key) return false;
  switch (holder.record) {
    case 'evidence': {
      const row = await liveEvidence(db, holder);
      return row?.file_key === key;
    }
    case 'capture': {
      if (!(await liveEvidence(db, holder))) return false;
      const capture = await db
        .selectFrom('captures')
        .select('files')
        .where('evidence_id', '=', holder.id)
        .where('user_id', '=', holder.owner)
        .executeTakeFirst();
      return Array.isArray(capture?.files) && capture.files.some((part) => part.key === key);
    }
    case 'notary': {
      const order = await db
        .selectFrom('notary_orders')
        .select(['id', 'seal_file_key', 'certificate_file_key'])
        .where('id', '=', holder.id)
        .where('user_id', '=', holder.owner)
        .executeTakeFirst();
      if (!order) return false;
      if (order.seal_file_key === key || order.certificate_file_key === key) return true;
      const document = await db
        .selectFrom('notary_documents')
        .select('order_id')
        .where('order_id', '=', order.id)
        .where('file_key', '=', key)
        .executeTakeFirst();
      return document !== undefined;
    }
  }
}

const liveEvidence = (db: Kysely<DB>, holder: FileHolder) =>
  db
    .selectFrom('evidence')
    .select('file_key')
    .where('id', '=', holder.id)
    .where('user_id', '=', holder.owner)
    .where('deleted_at', 'is', null)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
