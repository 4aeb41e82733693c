import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import type { TimestampAuthority } from '../providers/tsa';
import type { TransparencyLog } from './log';

/** A checkpoint's trusted time: the authority's token (base64 DER) and what it states. */
export interface CheckpointTimestamp {
  treeSize: number;
  token: string;
  genTime: string;
  authority: string;
}

/**
 * Batched trusted time: `tick` asks the authority for a token over the SHA-256 of the newest checkpoint's
 * signed text when that checkpoint has none yet, so one token covers every record appended since the previous token.
 * Appends never wait for it; an authority that fails only delays the token to the next tick. Every process may tick:
 * two tokens for one checkpoint are harmless, the first one stored stays.
 */
export class CheckpointTimestamper {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: TransparencyLog,
    /** The authority, opened on first use. */
    readonly authority: () => Promise<TimestampAuthority>,
    private readonly clock: Clock,
    /** The built-in sandbox authority is in use (its tokens prove nothing to a court). */
    readonly sandbox: boolean,
  ) {}

  /** The certificates that verify the tokens (DER): the authority's root, and intermediates if any. */
  async trustAnchors(): Promise<Uint8Array[]> {
    return (await this.authority()).trustAnchors;
  }

  /** Timestamps the newest checkpoint if it needs it: 'stamped', 'current' (it has a token) or 'empty' (no record yet). */
  async tick(): Promise<'stamped' | 'current' | 'empty'> {
    const checkpoint = await this.log.latestCheckpoint();
    if (checkpoint.treeSize === 0) return 'empty';
    const existing = await this.db
      .selectFrom('log_timestamps')
      .select('tree_size')
      .where('tree_size', '=', checkpoint.treeSize)
      .executeTakeFirst();
    if (existing) return 'current';
    const digest = new Uint8Array(createHash('sha256').update(checkpoint.signedText, 'utf8').digest());
    const { token, facts } = await (await this.authority()).timestamp(digest);
    await this.db
      .insertInto('log_timestamps')
      .values({
        tree_size: checkpoint.treeSize,
        token: Buffer.from(token).toString('base64'),
        gen_time: facts.genTime,
        authority: facts.authority,
        created_at: this.clock.now(),
      })
      .onConflict((oc) => oc.column('tree_size').doNothing())
      .execute();
    return 'stamped';
  }

  /** The token of a checkpoint of exactly this size, if it was timestamped. */
  async ofTreeSize(treeSize: number): Promise<CheckpointTimestamp | null> {
    const row = await this.db.selectFrom('log_timestamps').selectAll().where('tree_size', '=', treeSize).executeTakeFirst();
    return row ? toTimestamp(row) : null;
  }

  /** The tokens of these checkpoint sizes (one query), by tree size; sizes without a token are absent. */
  async ofTreeSizes(treeSizes: readonly number[]): Promise<Map<number, CheckpointTimestamp>> {
    if (treeSizes.length === 0) return new Map();
    const rows = await this.db.selectFrom('log_timestamps').selectAll().where('tree_size', 'in', treeSizes).execute();
    return new Map(rows.map((row) => [row.tree_size, toTimestamp(row)]));
  }

  /** The earliest timestamped checkpoint that includes the entry at `index` (its size is greater): the entry's trusted time. */
  covering(index: number): Promise<CheckpointTimestamp | null> {
    return coveringTimestamp(this.db, index);
  }

  /** Runs `tick` every `seconds` until the returned stop is called; failures are logged and retried at the next tick. */
  start(seconds: number, logger: FastifyBaseLogger): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.tick()
        .catch((error: unknown) => logger.warn({ err: error }, 'checkpoint timestamp failed; retried at the next tick'))
        .finally(() => {
          running = false;
        });
    }, seconds * 1000);
    timer.unref();
    return () => clearInterval(timer);
  }
}

/** The earliest timestamped checkpoint that includes the entry at `index` (its size is greater), or null while there is none. */
export async function coveringTimestamp(db: Kysely<DB>, index: number): Promise<CheckpointTimestamp | null> {
  const row = await db
    .selectFrom('log_timestamps')
    .selectAll()
    .where('tree_size', '>', index)
    .orderBy('tree_size')
    .limit(1)
    .executeTakeFirst();
  return row ? toTimestamp(row) : null;
}

function toTimestamp(row: { tree_size: number; token: string; gen_time: Date; authority: string }): CheckpointTimestamp {
  return { treeSize: row.tree_size, token: row.token, genTime: row.gen_time.toISOString(), authority: row.authority };
}
