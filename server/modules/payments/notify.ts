import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import { alipaySignContent, wechatSignContent, type PaymentGateway } from '../../providers/payments';
import type { OrderService, SettleOutcome } from '../orders/service';

/** Yuan text with at most two decimals -> hundredths ("12.30" -> 1230); null when malformed. */
export function hundredthsOf(text: string | undefined): number | null {
  if (!text || !/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const ACCEPTED: SettleOutcome[] = ['credited', 'duplicate', 'closed', 'failed'];
/** WeChat Pay's notifications older or newer than this are refused (replays of old captures). */
const WECHAT_SKEW_SECONDS = 300;

/**
 * Our notify endpoints, called by the gateways (never by the web app): `POST /api/alipay/notify` (form
 * fields, answers the text `success` / `failure` as Alipay expects) and `POST /api/wxpay/notify` (JSON
 * with Wechatpay-* signature headers, answers `{code: "SUCCESS"}` or HTTP 4xx `{code: "FAIL"}`). A bad
 * signature is refused and logged; a verified result is applied once (OrderService.settleRecharge).
 */
export function registerNotifyRoutes(
  app: FastifyInstance,
  deps: { orders: OrderService; alipay: PaymentGateway; wechat: PaymentGateway; clock: Clock },
): void {
  app.post('/api/alipay/notify', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string') params[k] = v;
    const sign = params.sign ?? '';
    if (!sign || !(await deps.alipay.verify(alipaySignContent(params), sign))) {
      request.log.warn({ orderNo: params.out_trade_no }, 'alipay notify refused: bad signature');
      return reply.status(400).type('text/plain').send('failure');
    }
    const amount = hundredthsOf(params.total_amount);
    const status = params.trade_status;
    if (!params.out_trade_no || amount === null || !status) {
      request.log.warn({ orderNo: params.out_trade_no }, 'alipay notify refused: incomplete');
      return reply.status(400).type('text/plain').send('failure');
    }
    if (status === 'WAIT_BUYER_PAY') return reply.type('text/plain').send('success');
    const outcome = await deps.orders.settleRecharge({
      orderNo: params.out_trade_no,
      amount,
      tradeNo: params.trade_no ?? '',
      payType: 2,
      success: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED',
    });
    request.log.info({ orderNo: params.out_trade_no, outcome }, 'alipay notify');
    if (!ACCEPTED.includes(outcome)) {
      request.log.warn({ orderNo: params.out_trade_no, outcome }, 'alipay notify refused');
      return reply.status(400).type('text/plain').send('failure');
    }
    if (outcome === 'closed') request.log.warn({ orderNo: params.out_trade_no }, 'payment for a closed order: refund needed');
    return reply.type('text/plain').send('success');
  });

  // The body is kept as text: the signature covers its exact bytes.
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/api/wxpay/notify', async (request, reply) => {
      const fail = (message: string) => reply.status(400).send({ code: 'FAIL', message });
      const text = typeof request.body === 'string' ? request.body : '';
      const header = (name: string) => {
        const v = request.headers[name];
        return typeof v === 'string' ? v : '';
      };
      const timestamp = header('wechatpay-timestamp');
      const nonce = header('wechatpay-nonce');
      const signature = header('wechatpay-signature');
      if (
        !/^\d{1,12}$/.test(timestamp) ||
        !nonce ||
        !signature ||
        !(await deps.wechat.verify(wechatSignContent(timestamp, nonce, text), signature))
      ) {
        request.log.warn('wechat notify refused: bad signature');
        return fail('bad signature');
      }
      if (Math.abs(Number(timestamp) - deps.clock.now().getTime() / 1000) > WECHAT_SKEW_SECONDS) {
        request.log.warn('wechat notify refused: stale timestamp');
        return fail('stale');
      }
      let resource: { out_trade_no?: unknown; transaction_id?: unknown; trade_state?: unknown; amount?: { total?: unknown } } = {};
      try {
        resource = (JSON.parse(text) as { resource?: typeof resource }).resource ?? {};
      } catch {
        return fail('bad body');
      }
      const orderNo = typeof resource.out_trade_no === 'string' ? resource.out_trade_no : '';
      const total = resource.amount?.total;
      if (!orderNo || typeof total !== 'number' || !Number.isInteger(total) || typeof resource.trade_state !== 'string')
        return fail('incomplete');
      const outcome = await deps.orders.settleRecharge({
        orderNo,
        amount: total,
        tradeNo: typeof resource.transaction_id === 'string' ? resource.transaction_id : '',
        payType: 3,
        success: resource.trade_state === 'SUCCESS',
      });
      request.log.info({ orderNo, outcome }, 'wechat notify');
      if (!ACCEPTED.includes(outcome)) {
        request.log.warn({ orderNo, outcome }, 'wechat notify refused');
        return fail(outcome);
      }
      if (outcome === 'closed') request.log.warn({ orderNo }, 'payment for a closed order: refund needed');
      return reply.send({ code: 'SUCCESS' });
    });
    done();
  });
}
