import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import type { Session } from '../../http/route';
import { LIMITS } from './limits';
import { newSessionToken, sha256 } from './secrets';

/** `Bearer <token>` or the bare token (the logout body carries it without the scheme). */
export function tokenFrom(value: string | undefined | null): string | null {
  const token = value
    ?.trim()
    .replace(/^Bearer\s+/i, '')
    .trim();
  return token ? token : null;
}

export class SessionService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async create(userId: number): Promise<string> {
    const now = this.clock.now();
    const token = newSessionToken();
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: sha256(token),
        user_id: userId,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + LIMITS.sessionAbsoluteMs),
      })
      .execute();
    return token;
  }

  /** A live session: not revoked, used within the idle limit, and younger than the absolute limit. */
  async resolve(token: string | null): Promise<Session | null> {
    if (!token) return null;
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'last_seen_at', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.revoked_at || row.expires_at <= now) return null;
    if (row.last_seen_at.getTime() + LIMITS.sessionIdleMs <= now.getTime()) return null;
    if (now.getTime() - row.last_seen_at.getTime() >= LIMITS.sessionTouchMs) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
    }
    return { sessionId: row.id, userId: row.user_id, token };
  }

  async revoke(token: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('token_hash', '=', sha256(token))
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAll(userId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
