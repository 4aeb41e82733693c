import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import type { PaymentGateway, TradeQuery } from '../../providers/payments';
import type { OrderService, SettleOutcome } from '../orders/index';
import type { RefundService } from './refunds';

const PENDING = 1;
const RECHARGE = 1;
const PAY_TYPE_ALIPAY = 2;
const PAY_TYPE_WECHAT = 3;
/** Orders looked at in one pass (the oldest first); the next pass takes the rest. */
const BATCH = 100;

export interface ReconcileDeps {
  db: Kysely<DB>;
  clock: Clock;
  orders: OrderService;
  alipay: PaymentGateway;
  wechat: PaymentGateway;
  log: FastifyBaseLogger;
  /** A paid trade of an order that can no longer take it (expired meanwhile) is refunded. */
  refunds?: Pick<RefundService, 'request'>;
}

export interface ReconcileReport {
  checked: number;
  credited: number;
}

/**
 * Asks the gateway about recharge orders still pending `afterMs` after they were made (their notification is
 * late or lost) and settles a paid one exactly as its notification would (OrderService.settleRecharge, the same
 * idempotent path: a notification arriving afterwards, or another process reconciling at the same time, finds
 * it paid and changes nothing). Every answer is kept in `gateway_events`; a gateway that cannot be reached is
 * logged and asked again at the next pass.
 */
export async function reconcilePayments(deps: ReconcileDeps, afterMs: number): Promise<ReconcileReport> {
  const now = deps.clock.now();
  const due = await deps.db
    .selectFrom('orders')
    .select(['order_no', 'pay_type'])
    .where('type', '=', RECHARGE)
    .where('status', '=', PENDING)
    .where('pay_type', 'in', [PAY_TYPE_ALIPAY, PAY_TYPE_WECHAT])
    .where('created_at', '<=', new Date(now.getTime() - afterMs))
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
  const report: ReconcileReport = { checked: 0, credited: 0 };
  for (const order of due) {
    // The gateway of the latest attempt first; then the other one, which the payer may have used before switching.
    const primary = order.pay_type === PAY_TYPE_ALIPAY ? deps.alipay : deps.wechat;
    const gateways = [primary, primary === deps.alipay ? deps.wechat : deps.alipay];
    let asked = false;
    for (const gateway of gateways) {
      let answer: TradeQuery | null;
      try {
        answer = await gateway.query(order.order_no);
      } catch (error) {
        deps.log.warn({ err: error, orderNo: order.order_no, provider: gateway.provider }, 'payment query failed; asked again later');
        await keep(deps, gateway, order.order_no, '', `error: ${error instanceof Error ? error.message : 'unknown'}`);
        continue;
      }
      asked = true;
      // No trade at a gateway the order never went to is not worth keeping.
      if (answer === null && gateway !== primary) continue;
      let outcome: SettleOutcome | null = null;
      if (answer?.state === 'paid' && answer.amount !== null) {
        outcome = await deps.orders.settleRecharge({
          orderNo: order.order_no,
          amount: answer.amount,
          tradeNo: answer.tradeNo,
          payType: gateway.provider === 'alipay' ? 2 : 3,
          success: true,
        });
        if (outcome === 'credited') report.credited++;
        if ((outcome === 'closed' || outcome === 'surplus') && deps.refunds)
          await deps.refunds.request({
            orderNo: order.order_no,
            provider: gateway.provider,
            tradeNo: answer.tradeNo,
            amount: answer.amount,
            reason: outcome,
          });
        if (outcome === 'mismatch')
          deps.log.error({ orderNo: order.order_no, provider: gateway.provider }, 'gateway reports another amount');
      }
      await keep(deps, gateway, order.order_no, JSON.stringify(answer), `${answer?.state ?? 'missing'}${outcome ? `: ${outcome}` : ''}`);
      if (outcome === 'credited' || outcome === 'duplicate') break;
    }
    if (asked) report.checked++;
  }
  return report;
}

async function keep(deps: ReconcileDeps, gateway: PaymentGateway, orderNo: string, body: string, verdict: string): Promise<void> {
  await deps.db
    .insertInto('gateway_events')
    .values({ provider: gateway.provider, kind: 'query', order_no: orderNo, body, verdict, created_at: deps.clock.now() })
    .execute();
}
