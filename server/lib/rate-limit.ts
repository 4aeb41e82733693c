// Our own rather than @fastify/rate-limit: its shared stores need Redis, and every API process here must share the counters through the database it already has (PGlite or PostgreSQL).
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';

export interface Limit {
  /** Counter name plus the thing counted, e.g. `login-fail:phone:13800138000`. */
  bucket: string;
  max: number;
  windowMs: number;
}

/**
 * Sliding-window counters kept in the database, so every API process shares them.
 * Each counted event is a row; rows older than the bucket's window are pruned when the bucket is hit.
 */
/** No limit uses a window longer than this; older rows of any bucket are garbage. */
const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;
const GLOBAL_PRUNE_EVERY_MS = 60_000;

export class RateLimiter {
  #lastGlobalPrune = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async count(limit: Limit): Promise<number> {
    const since = new Date(this.clock.now().getTime() - limit.windowMs);
    const row = await this.db
      .selectFrom('rate_limit_hits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', limit.bucket)
      .where('hit_at', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** True when the bucket has already reached its maximum (the next event would exceed it). */
  async isExhausted(limit: Limit): Promise<boolean> {
    return (await this.count(limit)) >= limit.max;
  }

  async record(limit: Limit): Promise<void> {
    await this.#insert(limit);
  }

  /** Prunes the bucket, records one event in it, answers the event's row id. */
  async #insert(limit: Limit): Promise<number> {
    const now = this.clock.now();
    await this.db
      .deleteFrom('rate_limit_hits')
      .where('bucket', '=', limit.bucket)
      .where('hit_at', '<=', new Date(now.getTime() - limit.windowMs))
      .execute();
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ bucket: limit.bucket, hit_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Buckets that are never hit again (one-off addresses, phones) are swept here, at most once a minute.
    if (now.getTime() - this.#lastGlobalPrune >= GLOBAL_PRUNE_EVERY_MS) {
      this.#lastGlobalPrune = now.getTime();
      await this.db
        .deleteFrom('rate_limit_hits')
        .where('hit_at', '<=', new Date(now.getTime() - MAX_WINDOW_MS))
        .execute();
    }
    return Number(row.id);
  }

  /**
   * Counts an attempt in several buckets before it is judged (a guessed secret): `allowed` when every bucket
   * has room, and the attempt is then recorded in each; a refused try is not recorded, so hammering does not
   * prolong a lock. `release` takes back an allowed attempt that turned out not to count (the right secret).
   */
  async claim(limits: readonly Limit[]): Promise<{ allowed: boolean; release: () => Promise<void> }> {
    const now = this.clock.now();
    // One transaction holding a lock per bucket (in a fixed order, so two claims never wait on each other in a
    // cycle): count, then record only when every bucket has room. Concurrent attempts, in any process, queue
    // on the locks and each sees the ones before it, so a burst is cut at exactly the limit.
    const ids = await this.db.transaction().execute(async (trx) => {
      for (const bucket of [...new Set(limits.map((l) => l.bucket))].sort()) {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`.execute(trx);
      }
      for (const limit of limits) {
        const since = new Date(now.getTime() - limit.windowMs);
        const row = await trx
          .selectFrom('rate_limit_hits')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('bucket', '=', limit.bucket)
          .where('hit_at', '>', since)
          .executeTakeFirst();
        if (Number(row?.n ?? 0) >= limit.max) return null;
      }
      const recorded: number[] = [];
      for (const limit of limits) {
        const row = await trx
          .insertInto('rate_limit_hits')
          .values({ bucket: limit.bucket, hit_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        recorded.push(Number(row.id));
      }
      return recorded;
    });
    const release = async () => {
      if (ids && ids.length > 0) await this.db.deleteFrom('rate_limit_hits').where('id', 'in', ids.splice(0)).execute();
    };
    return { allowed: ids !== null, release };
  }

  /** Records the event first, then counts: concurrent processes each see their own hit, so none slips past. */
  async hit(limit: Limit): Promise<boolean> {
    await this.record(limit);
    return (await this.count(limit)) <= limit.max;
  }

  async reset(bucket: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
  }
}
