import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CapturesTable, DB, EvidenceTable } from '../../db/schema';
import { countAndPage, withinTimeRange } from '../../db/paged';

export type CaptureRow = Selectable<CapturesTable>;
export type CaptureKind = CaptureRow['kind'];
type Db = Kysely<DB> | Transaction<DB>;

/** A capture with the evidence record it became (the columns the lists show). */
export type CaptureWithEvidence = CaptureRow & {
  ev_baoquan: string | null;
  ev_chainhash: string | null;
  ev_file_hash: string | null;
  ev_size: number | null;
  ev_path: string | null;
  ev_file_kind: Selectable<EvidenceTable>['file_kind'] | null;
  ev_file_key: string | null;
  ev_file_present: boolean | null;
  ev_forensics: Selectable<EvidenceTable>['forensics'] | null;
  ev_created_at: Date | null;
};

export const KIND_OF_TYPE = { 2: 'process', 3: 'web', 4: 'mobile' } as const satisfies Record<number, CaptureKind>;
export const TYPE_OF_KIND = { process: 2, web: 3, mobile: 4 } as const satisfies Record<CaptureKind, number>;

/** States in which a capture may still be charged: their prices are held against the balance. */
export const OPEN_STATES = ['queued', 'capturing', 'recording', 'processing'] as const;

export interface CaptureFilters {
  kind: CaptureKind;
  label?: string | undefined;
  keyword?: string | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  doneOnly: boolean;
  limit: number;
  offset: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function joined(db: Db) {
  return (
    db
      .selectFrom('captures')
      .leftJoin('evidence', 'evidence.id', 'captures.evidence_id')
      .selectAll('captures')
      .select([
        'evidence.baoquan as ev_baoquan',
        'evidence.chainhash as ev_chainhash',
        'evidence.file_hash as ev_file_hash',
        'evidence.size as ev_size',
        'evidence.path as ev_path',
        'evidence.file_kind as ev_file_kind',
        'evidence.file_key as ev_file_key',
        'evidence.file_present as ev_file_present',
        'evidence.forensics as ev_forensics',
        'evidence.created_at as ev_created_at',
      ])
      // A preserved capture whose record its owner deleted leaves the lists with it.
      .where((eb) => eb.or([eb('captures.evidence_id', 'is', null), eb('evidence.deleted_at', 'is', null)]))
  );
}

export async function listCaptures(db: Db, userId: number, f: CaptureFilters): Promise<{ count: number; rows: CaptureWithEvidence[] }> {
  let query = joined(db).where('captures.user_id', '=', userId).where('captures.kind', '=', f.kind);
  if (f.doneOnly) query = query.where('captures.state', '=', 'done');
  if (f.label) query = query.where('captures.label', '=', f.label);
  if (f.keyword) {
    const pattern = likePattern(f.keyword);
    query = query.where((eb) => eb.or([eb('captures.title', 'ilike', pattern), eb('captures.url', 'ilike', pattern)]));
  }
  query = withinTimeRange(query, 'captures.created_at', f);
  const { count, rows } = await countAndPage(query, (q) => q.orderBy('captures.created_at', 'desc').orderBy('captures.id', 'desc'), f);
  return { count, rows };
}

export function findCapture(db: Db, userId: number, id: number): Promise<CaptureWithEvidence | undefined> {
  return joined(db).where('captures.id', '=', id).where('captures.user_id', '=', userId).executeTakeFirst();
}

export function findCaptureByEvidence(db: Db, evidenceId: number): Promise<CaptureRow | undefined> {
  return db.selectFrom('captures').selectAll().where('evidence_id', '=', evidenceId).executeTakeFirst();
}

export function captureById(db: Db, id: number): Promise<CaptureRow | undefined> {
  return db.selectFrom('captures').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function captureLabels(db: Db, userId: number, kind: CaptureKind): Promise<string[]> {
  const rows = await db
    .selectFrom('captures')
    .select('label')
    .distinct()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('label', '<>', '')
    .orderBy('label')
    .execute();
  return rows.map((r) => r.label);
}

/** Hundredths of a point held by the owner's captures that may still be charged. */
export async function heldPrice(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('captures')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('price'), eb.lit(0)).as('held'))
    .where('user_id', '=', userId)
    .where('state', 'in', [...OPEN_STATES])
    .executeTakeFirst();
  return Number(row?.held ?? 0);
}
