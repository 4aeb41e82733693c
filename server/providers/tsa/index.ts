import type { Kysely } from 'kysely';
import { verifyTimestampToken, type TimestampFacts } from '../../../proof/timestamp-token/index';
import type { Clock } from '../../clock';
import type { TsaSettings } from '../../config-providers';
import type { DB } from '../../db/schema';
import { createAuthorityMaterial, SandboxAuthority } from './authority';
import { HttpTimestampAuthority, newNonce, timestampRequest, tokenOfResponse, type TimestampAuthority } from './client';

export { SandboxAuthority } from './authority';
export { HttpTimestampAuthority, TimestampRequestError, type TimestampAuthority } from './client';

/**
 * The sandbox authority reached in process, through the same DER request and response as over HTTP (the
 * sandbox also serves it at POST /sandbox/tsa for outside tools such as `openssl ts -query`).
 */
export class LocalTimestampAuthority implements TimestampAuthority {
  constructor(readonly authority: SandboxAuthority) {}

  get trustAnchors(): Uint8Array[] {
    return this.authority.trustAnchors;
  }

  async timestamp(digest: Uint8Array): Promise<{ token: Uint8Array; facts: TimestampFacts }> {
    const nonce = newNonce();
    const token = tokenOfResponse(await this.authority.respond(timestampRequest(digest, nonce)), nonce);
    return { token, facts: await verifyTimestampToken(token, digest, this.trustAnchors) };
  }
}

/** The sandbox authority of this database: made once by the first process that asks, then shared. */
export async function loadSandboxAuthority(db: Kysely<DB>, clock: Clock): Promise<SandboxAuthority> {
  let row = await db.selectFrom('tsa_sandbox').select('material').where('id', '=', 1).executeTakeFirst();
  if (!row) {
    const material = await createAuthorityMaterial();
    await db
      .insertInto('tsa_sandbox')
      .values({ id: 1, material: JSON.stringify(material) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await db.selectFrom('tsa_sandbox').select('material').where('id', '=', 1).executeTakeFirstOrThrow();
  }
  return SandboxAuthority.load(row.material, clock);
}

/** TSA_URL's authority, or the sandbox one. */
export async function openTimestampAuthority(settings: TsaSettings | null, db: Kysely<DB>, clock: Clock): Promise<TimestampAuthority> {
  if (settings) return new HttpTimestampAuthority(settings.url, settings.trustAnchors, settings.timeoutMs);
  return new LocalTimestampAuthority(await loadSandboxAuthority(db, clock));
}
