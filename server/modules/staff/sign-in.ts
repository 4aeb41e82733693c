import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  ApiCode,
  STAFF_RECOVERY_CODES,
  type StaffEnrolment,
  type StaffLoginResponse,
  type StaffNextStep,
  type StaffProfile,
  type StaffSignedIn,
} from '../../../contracts/index';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { ApiError, badRequest, tooManyRequests } from '../../http/errors';
import type { StaffSession } from '../../http/route';
import type { Translator } from '../../i18n';
import type { RateLimiter } from '../../lib/rate-limit';
import { MINUTE_MS } from '../../lib/time';
import type { PasswordHasher } from '../auth/index';
import { sha256 } from '../auth/index';
import type { FieldCipher } from '../kyc/index';
import { writeAudit, type StaffActor } from './audit';
import type { StaffRow } from './accounts';
import { STAFF_LIMITS, staffLimitFor } from './limits';
import type { StaffSessionService } from './sessions';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';

const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** `ABCDE-FGH23`: 50 random bits, shown with a dash, compared without it. */
const newRecoveryCode = () => {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(32)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};
/** Salted with the account, so one code's hash says nothing about another account's. */
const recoveryHash = (staffId: number, code: string) => sha256(`staff-recovery:${staffId}:${code.replace(/[\s-]/g, '').toUpperCase()}`);

const challengeExpired = () => new ApiError(401, ApiCode.sessionExpired, 'staff:challengeExpired');

export interface StaffSignInDeps {
  db: Kysely<DB>;
  clock: Clock;
  limiter: RateLimiter;
  /** Seals the TOTP secret (the KYC key; additional data names the account). */
  cipher: FieldCipher;
  sessions: StaffSessionService;
  translator: Translator;
  passwords: PasswordHasher;
}

/**
 * Staff sign-in: the password opens a 5-minute challenge; a first sign-in with a one-time password
 * sets its own password, an account without TOTP enrols (secret, otpauth:// URI, the first code confirms, ten
 * recovery codes shown once); then a TOTP code (or a recovery code) makes the session. Wrong passwords and codes
 * count together: STAFF_LIMITS.failuresBeforeLock in a row lock the account for STAFF_LIMITS.lockMs; every
 * step also counts against the client address. Each outcome is written to the audit log.
 */
export class StaffSignIn {
  constructor(private readonly d: StaffSignInDeps) {}

  #sealSecret = (staffId: number, secret: string) => this.d.cipher.seal(secret, `staff-totp:${staffId}`);
  #openSecret = (staffId: number, sealed: string) => this.d.cipher.open(sealed, `staff-totp:${staffId}`);

  #staff(id: number): Promise<StaffRow | undefined> {
    return this.d.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async #throttle(ip: string): Promise<void> {
    if (!(await this.d.limiter.hit(staffLimitFor.attempts(ip)))) throw tooManyRequests('staff:tooManyAttempts');
  }

  /** Refuses a locked account, saying when to come back. */
  #assertNotLocked(row: StaffRow): void {
    const now = this.d.clock.now();
    if (row.locked_until && row.locked_until > now) {
      throw tooManyRequests('staff:locked', { minutes: Math.ceil((row.locked_until.getTime() - now.getTime()) / MINUTE_MS) });
    }
  }

  /** Refuses a locked or disabled account (the lock first). */
  #assertOpen(row: StaffRow): void {
    this.#assertNotLocked(row);
    if (row.disabled) throw badRequest('staff:disabled');
  }

  /** One more failure on the account; the last one allowed locks it and ends its open challenges. */
  async #fail(row: StaffRow, actor: StaffActor, step: string, messageKey: string): Promise<never> {
    const locked = await this.d.db.transaction().execute(async (trx) => {
      const counted = await trx
        .updateTable('staff')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', row.id)
        .returning('failed_attempts')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, this.d.clock, actor, { action: 'signInFailed', recordType: 'staff', recordId: row.id, after: { step } });
      if (counted.failed_attempts < STAFF_LIMITS.failuresBeforeLock) return false;
      const until = new Date(this.d.clock.now().getTime() + STAFF_LIMITS.lockMs);
      await trx.updateTable('staff').set({ failed_attempts: 0, locked_until: until }).where('id', '=', row.id).execute();
      await this.d.sessions.endAll(trx, row.id);
      await writeAudit(trx, this.d.clock, actor, {
        action: 'signInLocked',
        recordType: 'staff',
        recordId: row.id,
        after: { lockedUntil: until.toISOString() },
      });
      return true;
    });
    if (locked) throw tooManyRequests('staff:lockedNow', { minutes: STAFF_LIMITS.lockMs / MINUTE_MS });
    throw badRequest(messageKey);
  }

  #next(row: StaffRow): StaffNextStep {
    if (row.must_change_password) return 'changePassword';
    return row.totp_enrolled ? 'verify' : 'enrol';
  }

  /** Step 1: username and password. A name with no account is answered like a wrong password, and locks alike. */
  async login(input: { username: string; password: string }, ip: string): Promise<StaffLoginResponse> {
    await this.#throttle(ip);
    const row = await this.d.db.selectFrom('staff').selectAll().where('username', '=', input.username).executeTakeFirst();
    if (!row) {
      const limit = staffLimitFor.unknownName(input.username);
      if (await this.d.limiter.isExhausted(limit)) {
        throw tooManyRequests('staff:locked', { minutes: STAFF_LIMITS.lockMs / MINUTE_MS });
      }
      await this.d.passwords.burn(input.password);
      await this.d.limiter.record(limit);
      await writeAudit(
        this.d.db,
        this.d.clock,
        { staffId: null, ip },
        { action: 'signInFailed', after: { step: 'password', username: input.username } },
      );
      throw badRequest('staff:wrongCredentials');
    }
    const actor = { staffId: row.id, ip };
    // A locked account refuses before its password is even compared, so guessing on does not go on counting.
    this.#assertNotLocked(row);
    if (!(await this.d.passwords.verify(input.password, row.password_hash)))
      return this.#fail(row, actor, 'password', 'staff:wrongCredentials');
    // Only someone who knows the password learns that the account is disabled.
    this.#assertOpen(row);
    if (this.d.passwords.needsRehash(row.password_hash)) {
      await this.d.db
        .updateTable('staff')
        .set({ password_hash: await this.d.passwords.hash(input.password) })
        .where('id', '=', row.id)
        .execute();
    }
    const challenge = await this.d.sessions.create(this.d.db, row.id, 'challenge');
    return { challenge, next: this.#next(row), expiresIn: STAFF_LIMITS.challengeMs / 1000 };
  }

  /** The account behind a live challenge, open (not locked, not disabled); counts the attempt against the address. */
  async #challenged(challenge: string, ip: string): Promise<{ sessionId: number; row: StaffRow; actor: StaffActor }> {
    await this.#throttle(ip);
    const found = await this.d.sessions.challenge(challenge);
    const row = found ? await this.#staff(found.staffId) : undefined;
    if (!found || !row) throw challengeExpired();
    this.#assertOpen(row);
    return { sessionId: found.sessionId, row, actor: { staffId: row.id, ip } };
  }

  /** Step 2 of a first sign-in (or after an administrator's reset): the account's own password. */
  async firstPassword(input: { challenge: string; password: string }, ip: string): Promise<{ next: StaffNextStep }> {
    const { row, actor } = await this.#challenged(input.challenge, ip);
    if (!row.must_change_password) throw badRequest('staff:passwordAlreadySet');
    if (await this.d.passwords.verify(input.password, row.password_hash)) throw badRequest('validation:newPasswordSameAsOld');
    const hash = await this.d.passwords.hash(input.password);
    await this.d.db.transaction().execute(async (trx) => {
      await trx.updateTable('staff').set({ password_hash: hash, must_change_password: false }).where('id', '=', row.id).execute();
      await writeAudit(trx, this.d.clock, actor, {
        action: 'passwordChanged',
        recordType: 'staff',
        recordId: row.id,
        after: { firstSignIn: true },
      });
    });
    return { next: row.totp_enrolled ? 'verify' : 'enrol' };
  }

  /** Enrolment: a new secret for the authenticator app (again on each call until it is confirmed). */
  async enrol(input: { challenge: string }, ip: string): Promise<StaffEnrolment> {
    const { row } = await this.#challenged(input.challenge, ip);
    if (row.must_change_password) throw badRequest('staff:changePasswordFirst');
    if (row.totp_enrolled) throw badRequest('staff:alreadyEnrolled');
    const secret = newTotpSecret();
    await this.d.db
      .updateTable('staff')
      .set({ totp_secret_enc: this.#sealSecret(row.id, secret) })
      .where('id', '=', row.id)
      .where('totp_enrolled', '=', false)
      .execute();
    return { secret, uri: otpauthUri(this.d.translator.t('staff:totpIssuer'), row.username, secret) };
  }

  /** The first code from the app ends enrolment: TOTP on, ten recovery codes (answered once), signed in. */
  async confirm(input: { challenge: string; code: string }, ip: string): Promise<StaffSignedIn> {
    const { sessionId, row, actor } = await this.#challenged(input.challenge, ip);
    if (row.must_change_password) throw badRequest('staff:changePasswordFirst');
    if (row.totp_enrolled) throw badRequest('staff:alreadyEnrolled');
    if (!row.totp_secret_enc) throw badRequest('staff:enrolFirst');
    const step = matchTotp(this.#openSecret(row.id, row.totp_secret_enc), input.code, this.d.clock.now(), null);
    if (step === null) return this.#fail(row, actor, 'enrol', 'staff:wrongCode');
    const codes = Array.from({ length: STAFF_RECOVERY_CODES }, newRecoveryCode);
    const token = await this.d.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('staff')
        .set({ totp_enrolled: true, totp_last_step: step })
        .where('id', '=', row.id)
        .where('totp_enrolled', '=', false)
        .where('totp_secret_enc', '=', row.totp_secret_enc)
        .executeTakeFirst();
      // Another call enrolled (or restarted enrolment) meanwhile: this code no longer confirms anything.
      if (Number(done.numUpdatedRows) !== 1) throw badRequest('staff:enrolFirst');
      await this.#replaceRecoveryCodes(trx, row.id, codes);
      await writeAudit(trx, this.d.clock, actor, { action: 'totpEnrolled', recordType: 'staff', recordId: row.id });
      return this.#start(trx, row.id, sessionId, actor, { method: 'enrol' });
    });
    return { token, staff: await this.profile(row.id), recoveryCodes: codes };
  }

  /** The second factor: a TOTP code of a step not used before, or an unused recovery code. */
  async verify(input: { challenge: string; method: 'totp' | 'recovery'; code: string }, ip: string): Promise<StaffSignedIn> {
    const { sessionId, row, actor } = await this.#challenged(input.challenge, ip);
    if (row.must_change_password) throw badRequest('staff:changePasswordFirst');
    if (!row.totp_enrolled || !row.totp_secret_enc) throw badRequest('staff:enrolFirst');
    const now = this.d.clock.now();
    if (input.method === 'totp') {
      const step = matchTotp(this.#openSecret(row.id, row.totp_secret_enc), input.code, now, row.totp_last_step);
      if (step === null) return this.#fail(row, actor, 'totp', 'staff:wrongCode');
      const token = await this.d.db.transaction().execute(async (trx) => {
        // Conditional, so two requests with one code cannot both pass: the step is taken once.
        const taken = await trx
          .updateTable('staff')
          .set({ totp_last_step: step })
          .where('id', '=', row.id)
          .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return null;
        return this.#start(trx, row.id, sessionId, actor, { method: 'totp' });
      });
      if (!token) return this.#fail(row, actor, 'totp', 'staff:wrongCode');
      return { token, staff: await this.profile(row.id), recoveryCodes: [] };
    }
    const token = await this.d.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('staff_recovery_codes')
        .set({ used_at: now })
        .where('staff_id', '=', row.id)
        .where('code_hash', '=', recoveryHash(row.id, input.code))
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!used) return null;
      await writeAudit(trx, this.d.clock, actor, { action: 'recoveryCodeUsed', recordType: 'staff', recordId: row.id });
      return this.#start(trx, row.id, sessionId, actor, { method: 'recovery' });
    });
    if (!token) return this.#fail(row, actor, 'recovery', 'staff:wrongRecoveryCode');
    return { token, staff: await this.profile(row.id), recoveryCodes: [] };
  }

  /** A finished sign-in: the challenge ends, the failure count restarts, a new active session (new token). */
  async #start(
    trx: Transaction<DB>,
    staffId: number,
    challengeId: number,
    actor: StaffActor,
    how: Record<string, string>,
  ): Promise<string> {
    await this.d.sessions.end(trx, challengeId);
    await trx.updateTable('staff').set({ failed_attempts: 0, locked_until: null }).where('id', '=', staffId).execute();
    await writeAudit(trx, this.d.clock, actor, { action: 'signIn', recordType: 'staff', recordId: staffId, after: how });
    return this.d.sessions.create(trx, staffId, 'active');
  }

  async #replaceRecoveryCodes(trx: Transaction<DB>, staffId: number, codes: string[]): Promise<void> {
    await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
    const now = this.d.clock.now();
    await trx
      .insertInto('staff_recovery_codes')
      .values(codes.map((code) => ({ staff_id: staffId, code_hash: recoveryHash(staffId, code), created_at: now })))
      .execute();
  }

  async profile(staffId: number): Promise<StaffProfile> {
    const row = await this.d.db
      .selectFrom('staff')
      .select(['id', 'username', 'name', 'role'])
      .where('id', '=', staffId)
      .executeTakeFirstOrThrow();
    const left = await this.d.db
      .selectFrom('staff_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('staff_id', '=', staffId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return { ...row, recoveryCodesLeft: Number(left?.n ?? 0), idleMinutes: Math.round(this.d.sessions.idleMs / MINUTE_MS) };
  }

  async logout(staff: StaffSession, ip: string): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.sessions.end(trx, staff.sessionId);
      await writeAudit(
        trx,
        this.d.clock,
        { staffId: staff.staffId, ip },
        { action: 'signOut', recordType: 'staff', recordId: staff.staffId },
      );
    });
  }

  /** A signed-in member of staff changes their password: the old one first (wrong ones count towards the lock), other sessions end. */
  async changePassword(staff: StaffSession, input: { oldPassword: string; password: string }, ip: string): Promise<void> {
    const row = await this.#staff(staff.staffId);
    if (!row) throw challengeExpired();
    const actor = { staffId: row.id, ip };
    if (!(await this.d.passwords.verify(input.oldPassword, row.password_hash)))
      return this.#fail(row, actor, 'oldPassword', 'staff:wrongOldPassword');
    const hash = await this.d.passwords.hash(input.password);
    await this.d.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('staff')
        .set({ password_hash: hash, must_change_password: false, failed_attempts: 0 })
        .where('id', '=', row.id)
        .execute();
      await this.d.sessions.endAll(trx, row.id, staff.sessionId);
      await writeAudit(trx, this.d.clock, actor, { action: 'passwordChanged', recordType: 'staff', recordId: row.id });
    });
  }

  /** Ten new recovery codes for a current TOTP code (the old ones stop working). */
  async renewRecoveryCodes(staff: StaffSession, code: string, ip: string): Promise<{ recoveryCodes: string[] }> {
    const row = await this.#staff(staff.staffId);
    if (!row?.totp_secret_enc || !row.totp_enrolled) throw badRequest('staff:enrolFirst');
    const actor = { staffId: row.id, ip };
    const step = matchTotp(this.#openSecret(row.id, row.totp_secret_enc), code, this.d.clock.now(), row.totp_last_step);
    if (step === null) return this.#fail(row, actor, 'renewRecovery', 'staff:wrongCode');
    const codes = Array.from({ length: STAFF_RECOVERY_CODES }, newRecoveryCode);
    await this.d.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('staff')
        .set({ totp_last_step: step, failed_attempts: 0 })
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw badRequest('staff:wrongCode');
      await this.#replaceRecoveryCodes(trx, row.id, codes);
      await writeAudit(trx, this.d.clock, actor, { action: 'recoveryCodesRenewed', recordType: 'staff', recordId: row.id });
    });
    return { recoveryCodes: codes };
  }
}
