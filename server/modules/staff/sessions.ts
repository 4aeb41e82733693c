import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import type { StaffSession } from '../../http/route';
import { MINUTE_MS } from '../../lib/time';
import { newSessionToken, sha256 } from '../auth/index';
import { STAFF_LIMITS } from './limits';

/** The token of `Authorization: Staff <token>`; a user's `Bearer` token (or anything else) is not one. */
export function staffTokenFrom(header: string | undefined | null): string | null {
  const match = /^Staff\s+(\S{20,100})\s*$/i.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Staff sessions, apart from users': random tokens kept as SHA-256. A 'challenge' lives STAFF_LIMITS.challengeMs
 * between a right password and the second factor; an 'active' one ends after STAFF_SESSION_IDLE_MINUTES without
 * a call, STAFF_LIMITS.sessionAbsoluteMs after sign-in, at sign-out, or when its account is disabled or reset.
 */
export class StaffSessionService {
  readonly idleMs: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    idleMinutes: number,
  ) {
    this.idleMs = idleMinutes * MINUTE_MS;
  }

  async create(db: Db, staffId: number, stage: 'challenge' | 'active'): Promise<string> {
    const now = this.clock.now();
    const token = newSessionToken();
    const life = stage === 'challenge' ? STAFF_LIMITS.challengeMs : STAFF_LIMITS.sessionAbsoluteMs;
    await db
      .insertInto('staff_sessions')
      .values({
        token_hash: sha256(token),
        staff_id: staffId,
        stage,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + life),
      })
      .execute();
    return token;
  }

  /** An active session of an enabled account, used within the idle limit; its last_seen_at moves on. */
  async resolve(token: string | null): Promise<StaffSession | null> {
    if (!token) return null;
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('staff_sessions')
      .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
      .select([
        'staff_sessions.id',
        'staff_sessions.staff_id',
        'staff_sessions.last_seen_at',
        'staff_sessions.expires_at',
        'staff_sessions.ended_at',
        'staff.role',
        'staff.username',
        'staff.name',
        'staff.disabled',
      ])
      .where('staff_sessions.token_hash', '=', sha256(token))
      .where('staff_sessions.stage', '=', 'active')
      .executeTakeFirst();
    if (!row || row.ended_at || row.disabled || row.expires_at <= now) return null;
    if (row.last_seen_at.getTime() + this.idleMs <= now.getTime()) return null;
    if (now.getTime() - row.last_seen_at.getTime() >= STAFF_LIMITS.sessionTouchMs) {
      await this.db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
    }
    return { sessionId: row.id, staffId: row.staff_id, role: row.role, username: row.username, name: row.name, token };
  }

  /** A live challenge: its session id and account. */
  async challenge(token: string): Promise<{ sessionId: number; staffId: number } | null> {
    const row = await this.db
      .selectFrom('staff_sessions')
      .select(['id', 'staff_id', 'expires_at', 'ended_at'])
      .where('token_hash', '=', sha256(token))
      .where('stage', '=', 'challenge')
      .executeTakeFirst();
    if (!row || row.ended_at || row.expires_at <= this.clock.now()) return null;
    return { sessionId: row.id, staffId: row.staff_id };
  }

  async end(db: Db, sessionId: number): Promise<void> {
    await db
      .updateTable('staff_sessions')
      .set({ ended_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** Ends every session (and challenge) of an account, but `keep`. */
  async endAll(db: Db, staffId: number, keep?: number): Promise<void> {
    let query = db
      .updateTable('staff_sessions')
      .set({ ended_at: this.clock.now() })
      .where('staff_id', '=', staffId)
      .where('ended_at', 'is', null);
    if (keep !== undefined) query = query.where('id', '!=', keep);
    await query.execute();
  }
}
