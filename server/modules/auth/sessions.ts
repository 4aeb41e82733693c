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

/**
 * How long a looked-up session is trusted without reading its row again (one query less per signed-in
 * call). Revocation in this process (logout, password change, freeze) drops the cached entries at once; a
 * revocation made by another process on the same PostgreSQL takes effect here within this bound.
 */
export const SESSION_CACHE_MS = 2000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  id: number;
  user_id: number;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  /** The owner's language setting (users.language), read with the session: the request's language depends on it. */
  language: string | null;
  /** Clock time of the read. */
  readAt: number;
}

export class SessionService {
  /** Keyed by the token's hash; only live sessions are kept. */
  readonly #cache = new Map<string, CachedSession>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async #row(hash: string, now: number): Promise<CachedSession | undefined> {
    const cached = this.#cache.get(hash);
    if (cached && now >= cached.readAt && now - cached.readAt < SESSION_CACHE_MS) return cached;
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id', 'sessions.last_seen_at', 'sessions.expires_at', 'sessions.revoked_at', 'users.language'])
      .where('sessions.token_hash', '=', hash)
      .executeTakeFirst();
    if (!row || row.revoked_at) {
      this.#cache.delete(hash);
      return row ? { ...row, readAt: now } : undefined;
    }
    if (this.#cache.size >= SESSION_CACHE_MAX) {
      // The oldest entry (Map keeps insertion order) goes first.
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    const entry = { ...row, readAt: now };
    this.#cache.delete(hash);
    this.#cache.set(hash, entry);
    return entry;
  }

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
    const row = await this.#row(sha256(token), now.getTime());
    if (!row || row.revoked_at || row.expires_at <= now) return null;
    if (row.last_seen_at.getTime() + LIMITS.sessionIdleMs <= now.getTime()) return null;
    if (now.getTime() - row.last_seen_at.getTime() >= LIMITS.sessionTouchMs) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
      row.last_seen_at = now;
    }
    return { sessionId: row.id, userId: row.user_id, token, language: row.language };
  }

  /** After a user changes their language: this process's cached sessions carry it at once. */
  setLanguage(userId: number, language: string | null): void {
    for (const entry of this.#cache.values()) if (entry.user_id === userId) entry.language = language;
  }

  async revoke(token: string): Promise<void> {
    this.#cache.delete(sha256(token));
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('token_hash', '=', sha256(token))
      .where('revoked_at', 'is', null)
      .execute();
    // Again after the write: a lookup that ran meanwhile may have cached the row as it was.
    this.#cache.delete(sha256(token));
  }

  async revokeAll(userId: number): Promise<void> {
    for (const [hash, entry] of this.#cache) if (entry.user_id === userId) this.#cache.delete(hash);
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    for (const [hash, entry] of this.#cache) if (entry.user_id === userId) this.#cache.delete(hash);
  }
}
