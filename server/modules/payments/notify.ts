import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import type { NotifyVerdict, PaymentGateway } from '../../providers/payments';
import type { OrderService, SettleOutcome } from '../orders/index';
import type { RefundService } from './refunds';

const ACCEPTED: SettleOutcome[] = ['credited', 'duplicate', 'closed', 'surplus', 'failed'];
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

export interface NotifyDeps {
  orders: OrderService;
  alipay: PaymentGateway;
  wechat: PaymentGateway;
  db: Kysely<DB>;
  clock: Clock;
  refunds: Pick<RefundService, 'request'>;
}

/** What each gateway expects back: Alipay the text `success` / `failure`, WeChat Pay JSON `{code}` (4xx: it retries). */
const answers = {
  alipay: (reply: FastifyReply, accepted: boolean) =>
    reply
      .status(accepted ? 200 : 400)
      .type('text/plain')
      .send(accepted ? 'success' : 'failure'),
  wechat: (reply: FastifyReply, accepted: boolean, message = '') =>
    reply.status(accepted ? 200 : 400).send(accepted ? { code: 'SUCCESS' } : { code: 'FAIL', message }),
};

const verdictText = (verdict: NotifyVerdict, outcome: SettleOutcome | null) =>
  verdict.ok ? `${verdict.state}${outcome ? `: ${outcome}` : ''}` : `refused: ${verdict.reason}`;

/**
 * Our notify endpoints, called by the gateways (never by the web app): `POST /api/alipay/notify` (form fields)
 * and `POST /api/wxpay/notify` (JSON with Wechatpay-* signature headers). The body is kept as text, since the
 * signature covers its exact bytes; the gateway in use (sandbox or real) verifies and reads it. A verified
 * result is applied once (OrderService.settleRecharge, the same path as reconciliation); every notification is
 * kept with its verdict (`gateway_events`); a refused one changes nothing and is answered as the gateway expects.
 */
export function registerNotifyRoutes(app: FastifyInstance, deps: NotifyDeps): void {
  const handle = (gateway: PaymentGateway) => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const verdict = await gateway.readNotify({ body, headers: request.headers });
    let outcome: SettleOutcome | null = null;
    if (verdict.ok && verdict.state !== 'pending') {
      outcome = await deps.orders.settleRecharge({
        orderNo: verdict.orderNo,
        amount: verdict.amount,
        tradeNo: verdict.tradeNo,
        payType: gateway.provider === 'alipay' ? 2 : 3,
        success: verdict.state === 'paid',
      });
    }
    // A payment the order cannot take goes back: recorded once per payment (a replay finds it), before we answer,
    // so a crash here leaves the notification unanswered and the gateway sends it again.
    if (verdict.ok && verdict.state === 'paid' && (outcome === 'closed' || outcome === 'surplus'))
      await deps.refunds.request({
        orderNo: verdict.orderNo,
        provider: gateway.provider,
        tradeNo: verdict.tradeNo,
        amount: verdict.amount,
        reason: outcome,
      });
    const accepted = verdict.ok && (outcome === null || ACCEPTED.includes(outcome));
    await deps.db
      .insertInto('gateway_events')
      .values({
        provider: gateway.provider,
        kind: 'notify',
        order_no: verdict.ok ? verdict.orderNo : null,
        body,
        verdict: verdictText(verdict, outcome),
        created_at: deps.clock.now(),
      })
      .execute();
    const orderNo = verdict.ok ? verdict.orderNo : undefined;
    if (!verdict.ok) request.log.warn({ provider: gateway.provider, reason: verdict.reason }, 'payment notify refused');
    else if (!accepted) request.log.warn({ provider: gateway.provider, orderNo, outcome }, 'payment notify refused');
    else request.log.info({ provider: gateway.provider, orderNo, outcome }, 'payment notify');
    const message = verdict.ok ? (outcome ?? '') : verdict.reason;
    return gateway.provider === 'alipay' ? answers.alipay(reply, accepted) : answers.wechat(reply, accepted, message);
  };

  void app.register((scope, _options, done) => {
    // Both bodies reach the gateway as text: the signatures cover their exact bytes.
    for (const type of [FORM, JSON_TYPE]) {
      if (scope.hasContentTypeParser(type)) scope.removeContentTypeParser(type);
      scope.addContentTypeParser(type, { parseAs: 'string' }, (_request, text, next) => next(null, text));
    }
    scope.post('/api/alipay/notify', handle(deps.alipay));
    scope.post('/api/wxpay/notify', handle(deps.wechat));
    done();
  });
}
