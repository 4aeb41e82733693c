import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { handoffResponse, SessionResponse } from '../../../contracts/index';
import type { AppContext } from '../../context';
import { badRequest, tooManyRequests } from '../../http/errors';
import { formatChinaTime } from '../../lib/time';
import { limitFor } from './limits';

/** 256 random bits, base64url: a code nobody guesses within its minutes and its login-like rate limit. */
const CODE_BYTES = 32;
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * The desktop-to-phone sign-in: a signed-in desktop asks for a code and shows it as a QR code; the phone
 * redeems it once, within AUTH_HANDOFF_TTL_SECONDS, for a session of its own. Only the code's SHA-256 is
 * stored, so the table gives no usable code away.
 */
export class HandoffService {
  constructor(
    private readonly ctx: AppContext,
    private readonly startSession: (userId: number) => Promise<SessionResponse>,
  ) {}

  async issue(userId: number): Promise<z.input<typeof handoffResponse>> {
    const { ctx } = this;
    const ttl = ctx.config.AUTH_HANDOFF_TTL_SECONDS;
    const code = randomBytes(CODE_BYTES).toString('base64url');
    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + ttl * 1000);
    // Expired codes are of no use to anyone: each issue clears them.
    await ctx.db.deleteFrom('auth_handoffs').where('expires_at', '<', now).execute();
    await ctx.db
      .insertInto('auth_handoffs')
      .values({ code_hash: hashOf(code), user_id: userId, created_at: now, expires_at: expiresAt })
      .execute();
    return { code, expiresAt: formatChinaTime(expiresAt), ttl };
  }

  /** A new session for the code's user; an unknown, used or expired code answers one refusal, counted like a login. */
  async redeem(code: string, ip: string): Promise<SessionResponse> {
    const { ctx } = this;
    if (!(await ctx.limiter.hit(limitFor.loginAttempts(ip)))) throw tooManyRequests();
    const now = ctx.clock.now();
    // One statement marks the code used: two phones redeeming it at once cannot both get a session.
    const used = await ctx.db
      .updateTable('auth_handoffs')
      .set({ used_at: now })
      .where('code_hash', '=', hashOf(code))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!used) throw badRequest('server:handoffInvalid');
    return this.startSession(used.user_id);
  }
}
