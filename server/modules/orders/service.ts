import type { Kysely, Selectable, Transaction } from 'kysely';
import type { EvidenceType, Order, OrderType, PayStatus, PayTypeCode } from '../../../contracts/index';
import type { Clock } from '../../clock';
import type { DB, OrdersTable, RefundState } from '../../db/schema';
import { countAndPage, pageOf, withinTimeRange } from '../../db/paged';
import { badRequest, notFound } from '../../http/errors';
import type { Translator } from '../../i18n';
import { formatChinaTime } from '../../lib/time';
import { applyLedgerEntry, newOrderNo, type Trx } from '../ledger/index';
import { notify } from '../notifications/index';

export type OrderRow = Selectable<OrdersTable>;

export const STATUS = { pending: 1, paid: 2, failed: 3, cancelled: 4 } as const;

const STATUS_KEY: Record<number, string> = { 1: 'statusPending', 2: 'statusPaid', 3: 'statusFailed', 4: 'statusCancelled' };
const PAY_TYPE_KEY: Record<number, string> = { 0: 'payTypeNone', 1: 'payTypePoints', 2: 'payTypeAlipay', 3: 'payTypeWechat' };

/** Hundredths as the two-decimal number the product shows (12345 -> 123.45). */
export const toMoney = (hundredths: number) => Math.round(hundredths) / 100;

export function toOrder(row: OrderRow, t: Translator['t']): Order {
  return {
    id: row.id,
    order_no: row.order_no,
    type: row.type as OrderType,
    create_time: formatChinaTime(row.created_at),
    expire_time: formatChinaTime(row.expires_at),
    desc: row.description,
    balance: toMoney(row.amount),
    status: row.status as PayStatus,
    // A paid order whose points went back (a stopped or failed notarisation) stays paid, and says so.
    pay_status: t(row.close_reason === 'refunded' ? 'payment:statusRefunded' : `payment:${STATUS_KEY[row.status] ?? 'statusPending'}`),
    pay_type: row.pay_type as PayTypeCode,
    payType: t(`payment:${PAY_TYPE_KEY[row.pay_type] ?? 'payTypeNone'}`),
    isApp: row.is_app ? 1 : 0,
    invoiceStatus: row.invoice_status as Order['invoiceStatus'],
  };
}

export interface ListFilter {
  types: OrderType[];
  status: number;
  startTime?: number;
  endTime?: number;
  page: number;
  pageSize: number;
  /** Notarisation status (1-4) of the notary order a type-3 order pays; 0 or absent: any. */
  notarial?: number | undefined;
}

/**
 * 'closed': a payment for a cancelled, expired or failed order; 'surplus': a payment at the other gateway for an
 * order already paid. Neither is credited; both are refunded (RefundService).
 */
export type SettleOutcome = 'credited' | 'duplicate' | 'closed' | 'surplus' | 'failed' | 'unknown' | 'mismatch';

/**
 * Another domain's part of a points payment of one of its orders, run in the payment's transaction after the
 * order row is locked and before the points are taken: it may refuse (throw) or record what the payment buys.
 * Notarisation registers one for its orders (type 3).
 */
export type PaidHook = (trx: Transaction<DB>, order: OrderRow) => Promise<void>;

/**
 * Orders of one owner: recharge (1), consumption (2), notarisation (3). Every call is scoped to its owner;
 * another user's order answers exactly as a missing one (404 订单不存在). Pending orders past their expiry
 * become cancelled ('expired') the moment anything looks at them; cancel and expiry are final.
 */
export class OrderService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly translator: Translator,
    private readonly ttlSeconds: number,
  ) {}

  readonly #paidHooks = new Map<OrderType, PaidHook>();

  /** Lets the domain of an order type take part in its points payments (see PaidHook). */
  onPaidWithPoints(type: OrderType, hook: PaidHook): void {
    this.#paidHooks.set(type, hook);
  }

  /** Cancels the owner's pending orders whose time is up (lazily, before any read or change). */
  async expireDue(db: Trx, userId: number): Promise<void> {
    const now = this.clock.now();
    await db
      .updateTable('orders')
      .set((eb) => ({ status: STATUS.cancelled, close_reason: 'expired', closed_at: eb.ref('expires_at') }))
      .where('user_id', '=', userId)
      .where('status', '=', STATUS.pending)
      .where('expires_at', '<=', now)
      .execute();
  }

  /** `t`: the reading request's translator, so the statuses are in the reader's language. */
  async list(userId: number, filter: ListFilter, t: Translator['t'] = this.translator.t): Promise<{ count: number; list: Order[] }> {
    await this.expireDue(this.db, userId);
    let query = this.db.selectFrom('orders').where('user_id', '=', userId).where('type', 'in', filter.types);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.notarial) {
      const notarial = filter.notarial;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('notary_orders')
            .select('notary_orders.id')
            .whereRef('notary_orders.pay_order_no', '=', 'orders.order_no')
            .where('notary_orders.notarial', '=', notarial),
        ),
      );
    }
    query = withinTimeRange(query, 'created_at', filter);
    const { count, rows } = await countAndPage(query, (q) => q.selectAll().orderBy('id', 'desc'), pageOf(filter.page, filter.pageSize));
    // A notarisation payment names its notary order, so /orders can push the wizard's pay step and the detail.
    const payments = rows.filter((r) => r.type === 3).map((r) => r.order_no);
    const notaries = payments.length
      ? await this.db.selectFrom('notary_orders').select(['id', 'type', 'pay_order_no']).where('pay_order_no', 'in', payments).execute()
      : [];
    const notaryOf = new Map(notaries.map((n) => [n.pay_order_no, { id: n.id, type: n.type as EvidenceType }]));
    // A payment given back (it reached a cancelled or expired order, or paid it twice) says how far its refund is.
    const refundOf = await refundStatesOf(
      this.db,
      rows.map((r) => r.order_no),
    );
    const list = rows.map((r) => {
      const notary = notaryOf.get(r.order_no);
      const order: Order = notary ? { ...toOrder(r, t), notary } : toOrder(r, t);
      const refund = refundOf.get(r.order_no);
      return refund ? { ...order, refund_state: refund } : order;
    });
    return { count, list };
  }

  /** The owner's order, locked for the rest of the transaction; 404 for a missing or another user's one. */
  private async lockOwned(trx: Trx, userId: number, orderNo: string): Promise<OrderRow> {
    const row = await trx
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('payment:orderMissing');
    return row;
  }

  /** Refuses anything but a live pending order, naming why (paid, cancelled, expired, failed). */
  private assertPayable(row: OrderRow): void {
    if (row.status === STATUS.paid) throw badRequest('payment:orderPaid');
    if (row.status === STATUS.cancelled)
      throw badRequest(row.close_reason === 'expired' ? 'payment:orderExpired' : 'payment:orderCancelled');
    if (row.status !== STATUS.pending) throw badRequest('payment:orderNotPending');
    if (row.expires_at.getTime() <= this.clock.now().getTime()) throw badRequest('payment:orderExpired');
    if (row.is_app) throw badRequest('payment:appOrder');
  }

  async get(userId: number, orderNo: string): Promise<OrderRow> {
    await this.expireDue(this.db, userId);
    const row = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('payment:orderMissing');
    return row;
  }

  /** A new pending recharge order of `points` whole points, to be paid through `payType` (2 Alipay, 3 WeChat). */
  async createRecharge(userId: number, points: number, payType: 2 | 3, isApp = false): Promise<OrderRow> {
    const now = this.clock.now();
    return this.db
      .insertInto('orders')
      .values({
        order_no: newOrderNo(now, 'R'),
        user_id: userId,
        type: 1,
        description: this.translator.t('payment:rechargeDesc', { points }),
        amount: points * 100,
        pay_type: payType,
        is_app: isApp,
        created_at: now,
        expires_at: new Date(now.getTime() + this.ttlSeconds * 1000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Any order type, for the sandbox's stand-ins of the app and of later domains. */
  async createPending(
    userId: number,
    input: { type: OrderType; amount: number; description: string; isApp: boolean; payType: PayTypeCode },
  ) {
    const now = this.clock.now();
    return this.db
      .insertInto('orders')
      .values({
        order_no: newOrderNo(now, input.type === 1 ? 'R' : 'C'),
        user_id: userId,
        type: input.type,
        description: input.description,
        amount: input.amount,
        pay_type: input.payType,
        is_app: input.isApp,
        created_at: now,
        expires_at: new Date(now.getTime() + this.ttlSeconds * 1000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A pending recharge order of the owner, paid again through a gateway (the orders page's "continue"). */
  async prepareRechargePayment(userId: number, orderNo: string, payType: 2 | 3): Promise<OrderRow> {
    return this.db.transaction().execute(async (trx) => {
      await this.expireDue(trx, userId);
      const row = await this.lockOwned(trx, userId, orderNo);
      if (row.type !== 1) throw badRequest('payment:orderNotRecharge');
      this.assertPayable(row);
      return trx.updateTable('orders').set({ pay_type: payType }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    });
  }

  /** Cancels a pending order of the owner (final); `closeTrades` closes its open gateway trades in the same breath. */
  async cancel(userId: number, orderNo: string, closeTrades: (orderNo: string) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.expireDue(trx, userId);
      const row = await this.lockOwned(trx, userId, orderNo);
      if (row.status === STATUS.cancelled && row.close_reason === 'expired') throw badRequest('payment:orderExpired');
      if (row.status !== STATUS.pending) throw badRequest('payment:orderNotCancellable');
      await trx
        .updateTable('orders')
        .set({ status: STATUS.cancelled, close_reason: 'owner', closed_at: this.clock.now() })
        .where('id', '=', row.id)
        .execute();
    });
    await closeTrades(orderNo);
  }

  /** Pays a pending consumption or notarisation order of the owner with points (POST /api/Evidences/pay). */
  async payWithPoints(userId: number, orderNo: string): Promise<{ balance: number }> {
    return this.db.transaction().execute(async (trx) => {
      await this.expireDue(trx, userId);
      const row = await this.lockOwned(trx, userId, orderNo);
      if (row.type === 1) throw badRequest('payment:orderNotConsumption');
      this.assertPayable(row);
      await this.#paidHooks.get(row.type as OrderType)?.(trx, row);
      const now = this.clock.now();
      const { balance } = await applyLedgerEntry(trx, {
        userId,
        orderNo,
        kind: 'spend',
        amount: -row.amount,
        description: row.description,
        now,
      });
      await trx.updateTable('orders').set({ status: STATUS.paid, pay_type: 1, paid_at: now }).where('id', '=', row.id).execute();
      await notify(
        { db: trx, clock: this.clock },
        userId,
        {
          key: 'payment:spentNotification',
          params: {
            orderNo,
            desc: row.description,
            points: toMoney(row.amount),
            balance: toMoney(balance),
          },
        },
        { kind: 'order', ref: orderNo },
      );
      return { balance };
    });
  }

  /**
   * A gateway's verified result for a recharge order, applied once in one transaction: the order row is
   * locked, so concurrent or replayed notifications find it paid and change nothing; the ledger's unique
   * (order_no, kind) is the backstop. A success for a cancelled, expired or failed order is acknowledged
   * without credit and reported as 'closed'; one from the other gateway for a paid order (the payer paid both
   * trades) as 'surplus': the caller has the payment refunded.
   */
  async settleRecharge(input: {
    orderNo: string;
    amount: number;
    tradeNo: string;
    payType: 2 | 3;
    success: boolean;
  }): Promise<SettleOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('orders').selectAll().where('order_no', '=', input.orderNo).forUpdate().executeTakeFirst();
      if (!row || row.type !== 1) return 'unknown';
      if (row.amount !== input.amount) return 'mismatch';
      const now = this.clock.now();
      if (!input.success) {
        if (row.status !== STATUS.pending) return row.status === STATUS.failed ? 'duplicate' : 'closed';
        await trx
          .updateTable('orders')
          .set({ status: STATUS.failed, closed_at: now, gateway_trade_no: input.tradeNo })
          .where('id', '=', row.id)
          .execute();
        return 'failed';
      }
      if (row.status === STATUS.paid) return row.pay_type === input.payType ? 'duplicate' : 'surplus';
      if (row.status !== STATUS.pending || row.expires_at.getTime() <= now.getTime()) return 'closed';
      const { applied, balance } = await applyLedgerEntry(trx, {
        userId: row.user_id,
        orderNo: row.order_no,
        kind: 'recharge',
        amount: row.amount,
        description: row.description,
        now,
      });
      if (!applied) return 'duplicate';
      await trx
        .updateTable('orders')
        .set({ status: STATUS.paid, pay_type: input.payType, paid_at: now, gateway_trade_no: input.tradeNo })
        .where('id', '=', row.id)
        .execute();
      await notify(
        { db: trx, clock: this.clock },
        row.user_id,
        {
          key: 'payment:paidNotification',
          params: {
            orderNo: row.order_no,
            money: toMoney(row.amount),
            points: toMoney(row.amount),
            balance: toMoney(balance),
          },
        },
        { kind: 'order', ref: row.order_no },
      );
      return 'credited';
    });
  }
}

/** How far the refund of each of these orders' payments is, by order number (orders with none are absent). */
export async function refundStatesOf(db: Kysely<DB>, orderNos: readonly string[]): Promise<Map<string, RefundState>> {
  if (orderNos.length === 0) return new Map();
  const refunds = await db.selectFrom('payment_refunds').select(['order_no', 'state']).where('order_no', 'in', orderNos).execute();
  return new Map(refunds.map((r) => [r.order_no, r.state]));
}
