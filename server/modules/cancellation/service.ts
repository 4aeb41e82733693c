import { sql } from 'kysely';
import type { CancellationStatus } from '../../../contracts/index';
import type { AppContext } from '../../context';
import { badRequest, sessionExpired } from '../../http/errors';
import type { Translator } from '../../i18n';
import { DAY_MS } from '../../lib/time';
import { openObligations } from './obligations';

/**
 * Account cancellation: the request (confirmed with an SMS code to the account's phone, refused while
 * an obligation is open), its cooling-off period, and its withdrawal. Every call acts on the session's own
 * account only: there is no id in any request. The deletion itself is erase.ts.
 */
export class CancellationService {
  constructor(private readonly ctx: AppContext) {}

  get coolingOffMs(): number {
    return this.ctx.config.ACCOUNT_CANCEL_COOLING_OFF_DAYS * DAY_MS;
  }

  async #phone(userId: number): Promise<string> {
    const user = await this.ctx.db
      .selectFrom('users')
      .select(['phone'])
      .where('id', '=', userId)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (!user) throw sessionExpired();
    return user.phone;
  }

  #live(userId: number) {
    return this.ctx.db
      .selectFrom('account_cancellations')
      .select(['id', 'requested_at', 'due_at'])
      .where('user_id', '=', userId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
  }

  async status(userId: number): Promise<CancellationStatus> {
    await this.#phone(userId);
    const now = this.ctx.clock.now();
    const [live, obligations, evidence] = await Promise.all([
      this.#live(userId),
      openObligations(this.ctx.db, userId, now),
      this.ctx.db
        .selectFrom('evidence')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
    ]);
    return {
      state: live ? 'pending' : 'none',
      requestedAt: live ? live.requested_at.toISOString() : null,
      dueAt: live ? live.due_at.toISOString() : null,
      coolingOffDays: this.ctx.config.ACCOUNT_CANCEL_COOLING_OFF_DAYS,
      obligations,
      evidenceCount: Number(evidence?.n ?? 0),
    };
  }

  /** Refused while obligations are open or a request is pending, before any code is sent. */
  async #checkCanApply(userId: number): Promise<string> {
    const phone = await this.#phone(userId);
    if (await this.#live(userId)) throw badRequest('accountCancellation:alreadyPending');
    const open = await openObligations(this.ctx.db, userId, this.ctx.clock.now());
    if (open.length > 0) throw badRequest('accountCancellation:obligationsOpen', { count: open.length });
    return phone;
  }

  /** Sends the confirmation code to the account's own phone (the SMS rules of every code: limits, one live code). */
  async sendCode(userId: number, ip: string, translator: Translator): Promise<{ resendAfter: number }> {
    const phone = await this.#checkCanApply(userId);
    // The request of a signed-in user is in the account's own language when it has one (server/http/language.ts).
    return this.ctx.smsCodes.send(phone, 'cancel', ip, translator);
  }

  /** Checks the code and records the request; the deletion is due after the cooling-off period. */
  async apply(userId: number, smsCode: string): Promise<CancellationStatus> {
    const phone = await this.#checkCanApply(userId);
    await this.ctx.smsCodes.verify(phone, 'cancel', smsCode);
    const now = this.ctx.clock.now();
    const inserted = await this.ctx.db
      .insertInto('account_cancellations')
      .values({ user_id: userId, requested_at: now, due_at: new Date(now.getTime() + this.coolingOffMs) })
      // The partial index's predicate as literals: inferred from a parameter only by a custom plan (not after five runs).
      .onConflict((oc) =>
        oc
          .column('user_id')
          .where(sql<boolean>`state in ('pending', 'erasing')`)
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw badRequest('accountCancellation:alreadyPending');
    return this.status(userId);
  }

  /** Withdraws the pending request (signed in during the cooling-off period). */
  async withdraw(userId: number): Promise<CancellationStatus> {
    await this.#phone(userId);
    const now = this.ctx.clock.now();
    const result = await this.ctx.db
      .updateTable('account_cancellations')
      .set({ state: 'withdrawn', withdrawn_at: now })
      .where('user_id', '=', userId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw badRequest('accountCancellation:nothingPending');
    return this.status(userId);
  }
}
