import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock';
import type { DB, RefundState } from '../../db/schema';
import type { JobQueue, JobRow } from '../../jobs/queue';
import type { PaymentGateway, PaymentProviderName } from '../../providers/payments';
import type { Translator } from '../../i18n';
import { badRequest, notFound } from '../../http/errors';

/** The job that gives one payment back through its gateway (payload `{refundId}`). */
export const JOB_REFUND = 'payments.refund';
/** The job that closes an order's trade at one gateway after the payer moved to the other (payload `{orderNo, provider}`). */
export const JOB_CLOSE = 'payments.close';
/** Attempts of a refund job before it is left to finance (lost answers, "processing" answers, outages). */
const REFUND_ATTEMPTS = 8;
const CLOSE_ATTEMPTS = 5;

/** Why a refund was made: the payment reached a cancelled or expired order, or an order already paid at the other gateway. */
export type RefundReason = 'closed' | 'surplus';

/** Thrown by a refund run whose gateway said "processing": the queue runs it again later, and it asks then. */
class RefundPending extends Error {
  constructor(outRefundNo: string) {
    super(`refund ${outRefundNo} processing`);
  }
}

export interface RefundDeps {
  db: Kysely<DB>;
  clock: Clock;
  jobs: JobQueue;
  translator: Translator;
  gateways: { alipay: PaymentGateway; wechat: PaymentGateway };
  log: FastifyBaseLogger;
}

/**
 * Refunds of payments the order could not take. `request` records one per (order, gateway) with a fixed
 * out-refund number and queues its job in the same transaction; the unique key makes a repeated notification, a
 * reconciliation or a second process find it there and queue nothing. The job asks the gateway (the same number
 * on every attempt; a retry asks about the refund first where the gateway can say), and records the end: refunded,
 * or failed with the gateway's reason for the finance desk, which may queue it again (`retry`).
 */
export class RefundService {
  constructor(private readonly deps: RefundDeps) {}

  /** Our out-refund number of an order's payment at a gateway: the same for every attempt and every process. */
  static outRefundNo(orderNo: string, provider: PaymentProviderName): string {
    return `RF${orderNo}${provider === 'alipay' ? 'A' : 'W'}`;
  }

  /** Records the refund of an order's payment at `provider` once and queues it; false when it was already there. */
  async request(input: {
    orderNo: string;
    provider: PaymentProviderName;
    tradeNo: string;
    amount: number;
    reason: RefundReason;
  }): Promise<boolean> {
    const { db, clock, jobs } = this.deps;
    const created = await db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').select(['user_id', 'amount']).where('order_no', '=', input.orderNo).executeTakeFirst();
      if (!order || order.amount !== input.amount) return false;
      const now = clock.now();
      const row = await trx
        .insertInto('payment_refunds')
        .values({
          order_no: input.orderNo,
          user_id: order.user_id,
          provider: input.provider,
          trade_no: input.tradeNo,
          out_refund_no: RefundService.outRefundNo(input.orderNo, input.provider),
          amount: input.amount,
          reason: input.reason,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['order_no', 'provider']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      await jobs.enqueue(trx, JOB_REFUND, { refundId: row.id }, { maxAttempts: REFUND_ATTEMPTS });
      return true;
    });
    if (created) {
      this.deps.log.warn(
        { orderNo: input.orderNo, provider: input.provider, reason: input.reason },
        'payment the order cannot take: refund queued',
      );
      jobs.poke();
    }
    return created;
  }

  /** One attempt of a refund job (see JobHandler.run): ends it (refunded or refused), or throws to be run again. */
  async run(job: JobRow): Promise<void> {
    const { db, clock, jobs, gateways, translator } = this.deps;
    const refundId = Number(job.payload.refundId);
    const refund = await db.selectFrom('payment_refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
    if (!refund || refund.state !== 'processing') {
      await jobs.complete(db, job.id);
      return;
    }
    // Counted before the call: an attempt whose answer is lost (or whose process died) makes the next one a retry.
    const counted = await db
      .updateTable('payment_refunds')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: clock.now() }))
      .where('id', '=', refund.id)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    const gateway = gateways[refund.provider];
    let verdict: string;
    try {
      const answer = await gateway.refund(
        {
          orderNo: refund.order_no,
          tradeNo: refund.trade_no,
          outRefundNo: refund.out_refund_no,
          amount: refund.amount,
          reason: translator.t('payment:refundReason'),
        },
        counted.attempts > 1,
      );
      verdict = answer.state === 'refused' ? `refused: ${answer.reason}` : answer.state;
      await this.#keep(refund.provider, refund.order_no, refund.out_refund_no, verdict);
      if (answer.state === 'processing') throw new RefundPending(refund.out_refund_no);
      await db.transaction().execute(async (trx) => {
        const now = clock.now();
        await trx
          .updateTable('payment_refunds')
          .set(
            answer.state === 'refunded'
              ? { state: 'refunded', failure: null, refunded_at: now, updated_at: now }
              : { state: 'failed', failure: answer.reason.slice(0, 200), updated_at: now },
          )
          .where('id', '=', refund.id)
          .where('state', '=', 'processing')
          .execute();
        await jobs.complete(trx, job.id);
      });
      if (answer.state === 'refused')
        this.deps.log.error(
          { orderNo: refund.order_no, provider: refund.provider, reason: answer.reason },
          'gateway refused a refund: finance to act',
        );
    } catch (error) {
      if (!(error instanceof RefundPending))
        await this.#keep(
          refund.provider,
          refund.order_no,
          refund.out_refund_no,
          `error: ${error instanceof Error ? error.message : 'unknown'}`,
        );
      throw error;
    }
  }

  /** The job's attempts are used up (the gateway never answered for good): finance sees the refund as failed. */
  async giveUp(job: JobRow, error: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db
      .updateTable('payment_refunds')
      .set({ state: 'failed', failure: error.slice(0, 200), updated_at: now })
      .where('id', '=', Number(job.payload.refundId))
      .where('state', '=', 'processing')
      .execute();
  }

  /**
   * Finance queues a failed refund again, with the same out-refund number (the gateway cannot refund twice);
   * `audit` writes the staff audit entry in the same transaction.
   */
  async retry(orderNo: string, audit?: (trx: Transaction<DB>, refundId: number, failure: string) => Promise<void>): Promise<void> {
    const { db, clock, jobs } = this.deps;
    await db.transaction().execute(async (trx) => {
      const refund = await trx.selectFrom('payment_refunds').selectAll().where('order_no', '=', orderNo).forUpdate().executeTakeFirst();
      if (!refund) throw notFound('staff:refundMissing');
      if (refund.state !== 'failed') throw badRequest('staff:refundNotFailed');
      await trx
        .updateTable('payment_refunds')
        .set({ state: 'processing', failure: null, updated_at: clock.now() })
        .where('id', '=', refund.id)
        .execute();
      await jobs.enqueue(trx, JOB_REFUND, { refundId: refund.id }, { maxAttempts: REFUND_ATTEMPTS });
      await audit?.(trx, refund.id, refund.failure ?? '');
    });
    jobs.poke();
  }

  /** The refund states of some orders (order history, finance desk). */
  async statesOf(orderNos: string[]): Promise<Map<string, RefundState>> {
    if (orderNos.length === 0) return new Map();
    const rows = await this.deps.db.selectFrom('payment_refunds').select(['order_no', 'state']).where('order_no', 'in', orderNos).execute();
    return new Map(rows.map((r) => [r.order_no, r.state]));
  }

  /** Closes a trade at a gateway in the background (see JOB_CLOSE); an unreachable gateway is asked again. */
  async runClose(job: JobRow): Promise<void> {
    const { db, clock, jobs, gateways } = this.deps;
    const orderNo = String(job.payload.orderNo);
    const provider = job.payload.provider === 'alipay' ? 'alipay' : 'wechat';
    // The payer came back to this gateway since the close was queued: its trade is the live one, left open.
    const order = await db.selectFrom('orders').select(['status', 'pay_type']).where('order_no', '=', orderNo).executeTakeFirst();
    const live = order?.status === 1 && order.pay_type === (provider === 'alipay' ? 2 : 3);
    if (!live) await gateways[provider].close(orderNo);
    await db.transaction().execute(async (trx) => {
      if (!live)
        await trx
          .updateTable('payment_trades')
          .set({ closed_at: clock.now() })
          .where('order_no', '=', orderNo)
          .where('provider', '=', provider)
          .execute();
      await jobs.complete(trx, job.id);
    });
  }

  /** Queues the close of the order's trade at `provider` when one was opened there and not closed yet. */
  async closeLater(orderNo: string, provider: PaymentProviderName): Promise<boolean> {
    const { db, jobs } = this.deps;
    const open = await db
      .selectFrom('payment_trades')
      .select('order_no')
      .where('order_no', '=', orderNo)
      .where('provider', '=', provider)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (!open) return false;
    await jobs.enqueue(db, JOB_CLOSE, { orderNo, provider }, { maxAttempts: CLOSE_ATTEMPTS });
    jobs.poke();
    return true;
  }

  async #keep(provider: PaymentProviderName, orderNo: string, outRefundNo: string, verdict: string): Promise<void> {
    await this.deps.db
      .insertInto('gateway_events')
      .values({
        provider,
        kind: 'refund',
        order_no: orderNo,
        body: outRefundNo,
        verdict: verdict.slice(0, 300),
        created_at: this.deps.clock.now(),
      })
      .execute();
  }
}
