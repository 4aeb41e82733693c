import type { Kysely } from 'kysely';
import type { TrustedTime } from '../../../contracts/index';
import { readTimestampToken } from '../../../proof/timestamp-token/index';
import { coveringTimestamp } from '../../chain/timestamps';
import type { DB } from '../../db/schema';

/**
 * A record's trusted time: what the RFC 3161 token of the earliest timestamped checkpoint that includes
 * the record (log index `logIndex`) states, the same checkpoint `GET /api/chain/proof` answers as `timestamped`.
 * Null while that token does not exist yet (the timestamp job runs every TSA_INTERVAL_SECONDS).
 */
export async function trustedTimeOf(db: Kysely<DB>, logIndex: number, sandbox: boolean): Promise<TrustedTime | null> {
  const stamp = await coveringTimestamp(db, logIndex);
  if (!stamp) return null;
  // The token was verified before it was stored; its policy is read from it (the table keeps time and name only).
  let policy = '';
  try {
    policy = readTimestampToken(new Uint8Array(Buffer.from(stamp.token, 'base64'))).policy;
  } catch {
    // A token that no longer parses still has the time and name it was stored with.
  }
  return { genTime: stamp.genTime, authority: stamp.authority, policy, treeSize: stamp.treeSize, sandbox };
}
