import type { SessionResponse } from '../../../contracts/index';
import type { AppContext } from '../../context';
import type { SmsPurpose } from '../../db/schema';
import { badRequest, sessionExpired, tooManyRequests } from '../../http/errors';
import { supportedLanguage, userTranslator } from '../../http/language';
import type { Translator } from '../../i18n';
import { MINUTE_MS } from '../../lib/time';
import { getUserInfo } from '../account/index';
import { notify } from '../notifications/index';
import { LIMITS, limitFor } from './limits';
import { findUserById, findUserByPhone, insertUser, phoneIsRegistered, updatePasswordHash } from './repository';

/** Sign-up, sign-in and password changes. Every refusal is an ApiError carrying a message key. */
export class AuthService {
  constructor(private readonly ctx: AppContext) {}

  /** A new session of the user and their details: the answer of every sign-in. */
  async startSession(userId: number): Promise<SessionResponse> {
    const token = await this.ctx.sessions.create(userId);
    return { token, userInfo: await getUserInfo(this.ctx.db, userId) };
  }

  /** Per-address attempt budget and per-phone failure budget, checked before any secret is compared. */
  private async guardLogin(phone: string, ip: string): Promise<void> {
    if (!(await this.ctx.limiter.hit(limitFor.loginAttempts(ip)))) throw tooManyRequests();
    if (await this.ctx.limiter.isExhausted(limitFor.loginFailures(phone))) {
      throw tooManyRequests('server:loginLocked', { minutes: LIMITS.loginFailureWindowMs / MINUTE_MS });
    }
  }

  private recordLoginFailure(phone: string): Promise<void> {
    return this.ctx.limiter.record(limitFor.loginFailures(phone));
  }

  /** The code's SMS is in the account's own language when it has one, else in the asking request's (`translator`). */
  async sendCode(purpose: SmsPurpose, input: { phone: string; captchaId: string; captcha: string }, ip: string, translator: Translator) {
    await this.ctx.captchas.consume(input.captchaId, input.captcha);
    const account = await this.ctx.db.selectFrom('users').select('language').where('phone', '=', input.phone).executeTakeFirst();
    const registered = account !== undefined;
    if (purpose === 'register' && registered) throw badRequest('server:phoneRegistered');
    // Registration already tells whether a phone has an account, so hiding it here would protect nothing.
    if (purpose !== 'register' && !registered) throw badRequest('server:phoneNotRegistered');
    return this.ctx.smsCodes.send(
      input.phone,
      purpose,
      ip,
      supportedLanguage(account?.language) ? userTranslator(account?.language) : translator,
    );
  }

  async register(input: { phone: string; smsCode: string; password: string }): Promise<SessionResponse> {
    if (await phoneIsRegistered(this.ctx.db, input.phone)) throw badRequest('server:phoneRegistered');
    await this.ctx.smsCodes.verify(input.phone, 'register', input.smsCode);
    const hash = await this.ctx.passwords.hash(input.password);
    const userId = await insertUser(this.ctx.db, input.phone, hash, this.ctx.clock.now());
    if (userId === null) throw badRequest('server:phoneRegistered');
    // A new account's first message: the bell shows how notifications work from the first visit.
    await notify(this.ctx, userId, { key: 'server:welcomeNotification' }, null);
    return this.startSession(userId);
  }

  async login(input: { phone: string; password: string; captchaId: string; captcha: string }, ip: string) {
    await this.guardLogin(input.phone, ip);
    await this.ctx.captchas.consume(input.captchaId, input.captcha);
    const user = await findUserByPhone(this.ctx.db, input.phone);
    const ok = user ? await this.ctx.passwords.verify(input.password, user.password_hash) : await this.ctx.passwords.burn(input.password);
    if (!user || !ok) {
      await this.recordLoginFailure(input.phone);
      throw badRequest('server:wrongCredentials');
    }
    if (this.ctx.passwords.needsRehash(user.password_hash)) {
      await updatePasswordHash(this.ctx.db, user.id, await this.ctx.passwords.hash(input.password));
    }
    return this.startSession(user.id);
  }

  async smsLogin(input: { phone: string; smsCode: string }, ip: string): Promise<SessionResponse> {
    await this.guardLogin(input.phone, ip);
    try {
      await this.ctx.smsCodes.verify(input.phone, 'login', input.smsCode);
    } catch (error) {
      await this.recordLoginFailure(input.phone);
      throw error;
    }
    const user = await findUserByPhone(this.ctx.db, input.phone);
    if (!user) throw badRequest('server:phoneNotRegistered');
    return this.startSession(user.id);
  }

  async resetPassword(input: { phone: string; smsCode: string; password: string }): Promise<void> {
    const user = await findUserByPhone(this.ctx.db, input.phone);
    if (!user) throw badRequest('server:phoneNotRegistered');
    await this.ctx.smsCodes.verify(input.phone, 'reset', input.smsCode);
    await updatePasswordHash(this.ctx.db, user.id, await this.ctx.passwords.hash(input.password));
    await this.ctx.sessions.revokeAll(user.id);
  }

  async editPassword(userId: number, input: { oldPassword: string; password: string }): Promise<void> {
    const user = await findUserById(this.ctx.db, userId);
    if (!user) throw sessionExpired();
    const failures = limitFor.oldPasswordFailures(userId);
    if (await this.ctx.limiter.isExhausted(failures)) {
      throw tooManyRequests('server:loginLocked', { minutes: LIMITS.loginFailureWindowMs / MINUTE_MS });
    }
    if (!(await this.ctx.passwords.verify(input.oldPassword, user.password_hash))) {
      await this.ctx.limiter.record(failures);
      throw badRequest('server:wrongOldPassword');
    }
    await updatePasswordHash(this.ctx.db, userId, await this.ctx.passwords.hash(input.password));
    // Whoever else held a session with the old password is signed out too; the client signs in again.
    await this.ctx.sessions.revokeAll(userId);
  }

  async logout(token: string | null): Promise<void> {
    if (token) await this.ctx.sessions.revoke(token);
  }
}
