import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB, SmsPurpose } from '../../db/schema';
import { type ApiError, badRequest, serviceUnavailable, tooManyRequests } from '../../http/errors';
import type { Translator } from '../../i18n';
import type { RateLimiter } from '../../lib/rate-limit';
import { DAY_MS, MINUTE_MS } from '../../lib/time';
import { redactedDetail, type SmsMessage, type SmsProvider, SmsSendError } from '../../providers/sms';
import { maskPhone } from '../../lib/mask';
import { LIMITS, limitFor } from './limits';
import { checkSmsCode, hashSmsCode, newSmsCode } from './secrets';

const ACTION_KEY: Record<SmsPurpose, string> = {
  register: 'server:smsActionRegister',
  login: 'server:smsActionLogin',
  reset: 'server:smsActionReset',
  cancel: 'server:smsActionCancel',
};

export class SmsCodeService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly provider: SmsProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Applies the send limits, stores a fresh code (hashed) and hands it to the gateway. When the gateway does not
   * take the message, the new code is deleted again (it never reached the phone: it must not be valid, and must not
   * hold the user at the resend gate for a minute), the older codes stay as they were, and the user is told why.
   * `translator` is the recipient's language: the account's own setting, else the asking request's.
   */
  async send(phone: string, purpose: SmsPurpose, ip: string, translator: Translator): Promise<{ resendAfter: number }> {
    const now = this.clock.now();
    const recent = await this.db
      .selectFrom('sms_codes')
      .select(['created_at', 'verified_at'])
      .where('phone', '=', phone)
      .where('created_at', '>', new Date(now.getTime() - DAY_MS))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const last = recent[0];
    // The gate spaces out codes that are still pending; once the newest was entered correctly, the owner
    // has proved they hold the phone, and a code for the next step (login after registering) may follow.
    if (last && !last.verified_at) {
      const waitMs = last.created_at.getTime() + LIMITS.smsResendMs - now.getTime();
      if (waitMs > 0) throw tooManyRequests('server:smsWait', { seconds: Math.ceil(waitMs / 1000) });
    }
    if (recent.length >= LIMITS.smsPerPhonePerDay) throw tooManyRequests('server:smsDailyLimit');
    if (!(await this.limiter.hit(limitFor.smsPerIp(ip)))) throw tooManyRequests('server:smsIpLimit');

    const code = newSmsCode();
    const created = await this.db
      .insertInto('sms_codes')
      .values({
        phone,
        purpose,
        ip,
        code_hash: hashSmsCode(code),
        created_at: now,
        expires_at: new Date(now.getTime() + LIMITS.smsCodeTtlMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const text = translator.t('server:smsText', {
      action: translator.t(ACTION_KEY[purpose]),
      code,
      minutes: LIMITS.smsCodeTtlMs / MINUTE_MS,
    });
    const message: SmsMessage = { phone, kind: purpose, params: { code }, text };
    try {
      await this.provider.send(message);
    } catch (error) {
      await this.db.deleteFrom('sms_codes').where('id', '=', created.id).execute();
      throw this.#refusal(error, message);
    }
    // Only the newest code of a phone and purpose is valid: older ones are retired once a new one is sent.
    await this.db
      .updateTable('sms_codes')
      .set({ used_at: now })
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('id', '!=', created.id)
      .execute();
    return { resendAfter: LIMITS.smsResendMs / 1000 };
  }

  /** Logs a failed send (never the code) and picks what the user is told. */
  #refusal(error: unknown, message: SmsMessage): ApiError {
    const context = { provider: this.provider.kind, kind: message.kind, phone: maskPhone(message.phone) };
    if (!(error instanceof SmsSendError)) {
      const name = error instanceof Error ? error.name : typeof error;
      const detail = redactedDetail(error instanceof Error ? error.message : String(error), message);
      this.log.error({ ...context, errorName: name, detail }, 'SMS gateway failed');
      return serviceUnavailable('server:smsSendFailed');
    }
    const fields = { ...context, failure: error.failure, providerCode: error.code, requestId: error.requestId, detail: error.message };
    switch (error.failure) {
      case 'rateLimited':
        this.log.warn(fields, 'SMS provider: frequency limit of the phone');
        return tooManyRequests('server:smsProviderRateLimited');
      case 'dailyLimit':
        this.log.warn(fields, 'SMS provider: daily limit of the phone');
        return tooManyRequests('server:smsDailyLimit');
      case 'badPhone':
        this.log.warn(fields, 'SMS provider refused the phone number');
        return badRequest('server:smsBadPhone');
      default:
        this.log.error(fields, 'SMS provider refused a message');
        return serviceUnavailable('server:smsSendFailed');
    }
  }

  /**
   * Spends the code when it matches. A wrong guess counts against the code; after the fifth the code is dead.
   * Expired, spent and dead codes answer the same "no longer valid, request a new one" message.
   */
  async verify(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw badRequest('validation:smsWrong');
    if (row.used_at || row.expires_at <= now || row.attempts >= LIMITS.smsMaxWrongTries) {
      throw badRequest('server:smsExpired');
    }
    if (!checkSmsCode(code, row.code_hash)) {
      await this.db
        .updateTable('sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      throw badRequest('validation:smsWrong');
    }
    // The conditions repeat the checks so that two concurrent requests cannot both spend one code.
    const spent = await this.db
      .updateTable('sms_codes')
      .set({ used_at: now, verified_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', LIMITS.smsMaxWrongTries)
      .returning('id')
      .executeTakeFirst();
    if (!spent) throw badRequest('server:smsExpired');
  }
}
