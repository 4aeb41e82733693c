import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, MobileRecordingPiecesTable, MobileRecordingsTable } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;
export type RecordingRow = Selectable<MobileRecordingsTable> & {
  user_id: number;
  state: Selectable<DB['captures']>['state'];
  title: string;
  label: string;
  price: number;
  evidence_id: number | null;
  baoquan: string | null;
};
export type PieceRow = Selectable<MobileRecordingPiecesTable>;

function recordingQuery(db: Db) {
  return db
    .selectFrom('mobile_recordings as r')
    .innerJoin('captures as c', 'c.id', 'r.capture_id')
    .leftJoin('evidence as e', 'e.id', 'c.evidence_id')
    .selectAll('r')
    .select(['c.user_id', 'c.state', 'c.title', 'c.label', 'c.price', 'c.evidence_id', 'e.baoquan']);
}

/** The owner's recording; undefined for a missing one or another user's (they answer alike). */
export function findRecording(db: Db, userId: number, id: number): Promise<RecordingRow | undefined> {
  return recordingQuery(db).where('r.capture_id', '=', id).where('c.user_id', '=', userId).executeTakeFirst();
}

/**
 * The owner's recording with its row locked until the transaction ends: every append and every stop of one
 * recording, whichever process receives it, goes through this lock one at a time.
 */
export async function lockRecording(trx: Transaction<DB>, userId: number, id: number): Promise<RecordingRow | undefined> {
  // Locks the recordings row only: the captures row is written by the preservation's own transaction.
  const locked = await trx.selectFrom('mobile_recordings').select('capture_id').where('capture_id', '=', id).forUpdate().executeTakeFirst();
  return locked ? findRecording(trx, userId, id) : undefined;
}

export function findPiece(db: Db, captureId: number, seq: number): Promise<PieceRow | undefined> {
  return db.selectFrom('mobile_recording_pieces').selectAll().where('capture_id', '=', captureId).where('seq', '=', seq).executeTakeFirst();
}

/** Bytes of pieces 0..seq (what the answer to piece `seq` said). */
export async function bytesUpTo(db: Db, captureId: number, seq: number): Promise<number> {
  const row = await db
    .selectFrom('mobile_recording_pieces')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
    .where('capture_id', '=', captureId)
    .where('seq', '<=', seq)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

export function listPieces(db: Db, captureId: number): Promise<PieceRow[]> {
  return db.selectFrom('mobile_recording_pieces').selectAll().where('capture_id', '=', captureId).orderBy('seq').execute();
}

/** Drops the piece rows: their objects are no longer held and the orphan sweep collects them. */
export async function releasePieces(db: Db, captureId: number): Promise<void> {
  await db.deleteFrom('mobile_recording_pieces').where('capture_id', '=', captureId).execute();
}

/** Open mobile recordings whose newest piece (or start) is older than `before`. */
export async function idleRecordings(db: Db, before: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('mobile_recordings as r')
    .innerJoin('captures as c', 'c.id', 'r.capture_id')
    .select('r.capture_id')
    .where('c.kind', '=', 'mobile')
    .where('c.state', '=', 'recording')
    .where((eb) => eb(eb.fn.coalesce('r.last_piece_at', 'r.started_at'), '<', before))
    .execute();
  return rows.map((r) => r.capture_id);
}

/** Recordings left 'processing' (their stop's process died) since before `before`. */
export async function stuckRecordings(db: Db, before: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('mobile_recordings as r')
    .innerJoin('captures as c', 'c.id', 'r.capture_id')
    .select('r.capture_id')
    .where('c.kind', '=', 'mobile')
    .where('c.state', '=', 'processing')
    .where('r.ended_at', '<', before)
    .execute();
  return rows.map((r) => r.capture_id);
}
