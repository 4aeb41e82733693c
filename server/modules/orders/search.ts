import type { Kysely } from 'kysely';
import { STAFF_PAGE_SIZE, type OrderDetail, type OrderSearchList, type OrderSearchRow } from '../../../contracts/index';
import { countAndPage, pageOf, withinTimeRange } from '../../db/paged';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Translator } from '../../i18n';
import { formatChinaTime } from '../../lib/time';
import { refundStatesOf, STATUS, toMoney, toOrder, type OrderRow } from './service';

export interface OrderSearchFilter {
  page: number;
  orderNo: string;
  phone: string;
  type: number;
  status: number;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

/**
 * The finance desk's view of orders: every account's, by number, phone, type, status and time, and one
 * order with what its gateway said (gateway_events). Read only; a pending order past its expiry reads as the
 * cancelled order it becomes the next time its owner looks.
 */
export class OrderSearch {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly translator: Translator,
    private readonly now: () => Date,
  ) {}

  #row(r: OrderRow & { phone: string }, refundState: OrderSearchRow['refundState'] = ''): OrderSearchRow {
    const expired = r.status === STATUS.pending && r.expires_at <= this.now();
    const shown = toOrder(expired ? { ...r, status: STATUS.cancelled } : r, this.translator.t);
    return {
      id: r.id,
      orderNo: r.order_no,
      phone: r.phone,
      type: r.type,
      description: r.description,
      money: shown.balance,
      status: shown.status,
      statusText: shown.pay_status,
      payType: r.pay_type,
      payTypeText: shown.payType,
      invoiceStatus: r.invoice_status,
      gatewayTradeNo: r.gateway_trade_no,
      closeReason: expired ? 'expired' : r.close_reason,
      createdAt: formatChinaTime(r.created_at),
      paidAt: r.paid_at ? formatChinaTime(r.paid_at) : '',
      refundState,
    };
  }

  /** Newest first, 10 a page; number and phone match a part, the time range is the order's creation (end inclusive). */
  async list(filter: OrderSearchFilter): Promise<OrderSearchList> {
    let query = this.db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
    if (filter.orderNo) query = query.where('orders.order_no', 'like', `%${filter.orderNo}%`);
    if (filter.phone) query = query.where('users.phone', 'like', `%${filter.phone}%`);
    if (filter.type) query = query.where('orders.type', '=', filter.type);
    if (filter.status) query = query.where('orders.status', '=', filter.status);
    query = withinTimeRange(query, 'orders.created_at', filter);
    const { count, rows } = await countAndPage(
      query,
      (q) => q.selectAll('orders').select('users.phone').orderBy('orders.id', 'desc'),
      pageOf(filter.page, STAFF_PAGE_SIZE),
    );
    const refundOf = await refundStatesOf(
      this.db,
      rows.map((r) => r.order_no),
    );
    return { count, list: rows.map((r) => this.#row(r, refundOf.get(r.order_no))) };
  }

  /** One order by its number, its gateway records oldest first, and the notarisation it pays (type 3). */
  async detail(orderNo: string): Promise<OrderDetail> {
    const row = await this.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .selectAll('orders')
      .select('users.phone')
      .where('orders.order_no', '=', orderNo)
      .executeTakeFirst();
    if (!row) throw notFound('payment:orderMissing');
    const [events, notary, refund] = await Promise.all([
      this.db.selectFrom('gateway_events').selectAll().where('order_no', '=', orderNo).orderBy('id').execute(),
      this.db.selectFrom('notary_orders').select('order_no').where('pay_order_no', '=', orderNo).executeTakeFirst(),
      this.db.selectFrom('payment_refunds').selectAll().where('order_no', '=', orderNo).orderBy('id').executeTakeFirst(),
    ]);
    return {
      order: this.#row(row, refund?.state),
      refund: refund
        ? {
            provider: refund.provider,
            reason: refund.reason,
            state: refund.state,
            outRefundNo: refund.out_refund_no,
            tradeNo: refund.trade_no,
            money: toMoney(refund.amount),
            failure: refund.failure ?? '',
            attempts: refund.attempts,
            createdAt: formatChinaTime(refund.created_at),
            refundedAt: refund.refunded_at ? formatChinaTime(refund.refunded_at) : '',
          }
        : null,
      events: events.map((e) => ({
        id: e.id,
        provider: e.provider,
        kind: e.kind,
        verdict: e.verdict,
        body: e.body,
        at: formatChinaTime(e.created_at),
      })),
      notaryOrderNo: notary?.order_no ?? '',
    };
  }
}
