import type { Kysely, Transaction } from 'kysely';
import { mobileDeviceFactsSchema, type MobileRecordingFacts } from '../../../contracts/index';
import type { DB } from '../../db/schema';
import { formatChinaTime } from '../../lib/time';

/**
 * What a record recorded in the phone's browser states about its recording (chain head, times, gaps, device),
 * for the capture detail and the certificate; null for any other record, or one whose recording never ended.
 */
export async function recordingFactsOf(db: Kysely<DB> | Transaction<DB>, evidenceId: number): Promise<MobileRecordingFacts | null> {
  const row = await db
    .selectFrom('mobile_recordings as r')
    .innerJoin('captures as c', 'c.id', 'r.capture_id')
    .selectAll('r')
    .where('c.evidence_id', '=', evidenceId)
    .executeTakeFirst();
  if (!row?.ended_at) return null;
  const device = mobileDeviceFactsSchema.safeParse(row.device);
  if (!device.success) return null;
  return {
    kind: row.media_kind,
    mime: row.mime,
    pieces: row.pieces,
    chainHead: row.chain_head,
    startedAt: formatChinaTime(row.started_at),
    endedAt: formatChinaTime(row.ended_at),
    gaps: row.gaps,
    device: device.data,
  };
}
