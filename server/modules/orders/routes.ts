import {
  cancelPayResponse,
  doPayRequest,
  doPayResponse,
  evidencesPayResponse,
  notaryOrderListQuery,
  ORDER_PAGE_SIZE,
  orderListResponse,
  orderNoRequest,
  payMethodsResponse,
  processOrderListQuery,
  wxIsPayResponse,
} from '../../../contracts/index';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, badRequest } from '../../http/errors';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { type Gateways, type PaymentGateway, type PaymentRequest, UnavailableGateway } from '../../providers/payments';
import { type OrderService, STATUS, toMoney } from './service';
import type { ServerModule } from '../../module';
import type { RefundService } from '../payments/index';

const TAG = 'orders';
/** Where the Alipay cashier sends the payer back: the recharge tab of the order history. */
export const ALIPAY_RETURN_PATH = '/orders';

/** Phones and tablets (their browsers name themselves so): Alipay's phone-website pay suits them. */
const MOBILE_AGENT = /Mobile|Android|iPhone|iPad|HarmonyOS/i;

/** Spec section 7, orders and payment: lists, payment creation, the paid check, cancel, pay with points. */
export function orderRoutes(
  ctx: AppContext,
  orders: OrderService,
  gateways: Gateways,
  log: FastifyBaseLogger,
  refunds: Pick<RefundService, 'closeLater'>,
): RouteDefinition[] {
  /** The gateways the order's trade was opened at and not yet closed (payment_trades). */
  const openAt = async (orderNo: string) => {
    const rows = await ctx.db
      .selectFrom('payment_trades')
      .select('provider')
      .where('order_no', '=', orderNo)
      .where('closed_at', 'is', null)
      .execute();
    return [gateways.alipay, gateways.wechat].filter((g) => rows.some((r) => r.provider === g.provider));
  };
  /**
   * Closes the order's trades after a cancel, only at the gateways that have one. A gateway that cannot be reached
   * does not undo the cancel: the close is queued to be tried again, and a payment that still arrives is refunded.
   */
  const closeTrades = async (orderNo: string) => {
    for (const gateway of await openAt(orderNo)) {
      try {
        await gateway.close(orderNo);
        await ctx.db
          .updateTable('payment_trades')
          .set({ closed_at: ctx.clock.now() })
          .where('order_no', '=', orderNo)
          .where('provider', '=', gateway.provider)
          .execute();
      } catch (error) {
        log.error({ err: error, orderNo, provider: gateway.provider }, 'gateway close failed; queued again');
        await refunds.closeLater(orderNo, gateway.provider);
      }
    }
  };
  /** A gateway's failure (unreachable, refused) answers a clear message; the order stays pending and can be paid again. */
  const startAt = async (gateway: PaymentGateway, request: PaymentRequest) => {
    try {
      return await gateway.start(request);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      log.error({ err: error, orderNo: request.orderNo, provider: gateway.provider }, 'gateway refused to start a payment');
      throw badRequest('payment:gatewayFailed');
    }
  };
  return [
    defineRoute({
      method: 'GET',
      url: '/api/processorder/getOrderList',
      summary:
        'Recharge (type 1) or consumption (type 2) orders of the owner, newest first, 10 per page; isType filters by payment status (1 pending, 2 paid, 3 failed, 4 cancelled)',
      tag: TAG,
      auth: true,
      query: processOrderListQuery,
      response: orderListResponse,
      handler: ({ session, query, request }) =>
        orders.list(
          session.userId,
          {
            types: [query.type as 1 | 2],
            status: query.isType,
            startTime: query.startTime,
            endTime: query.endTime,
            page: query.page,
            pageSize: ORDER_PAGE_SIZE,
          },
          request.translator.t,
        ),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/evidences/orderList',
      summary:
        'Notarisation orders (type 3) of the owner, newest first, 10 per page; payType filters by payment status, notarialType by the notarisation status (1-4); a row names its notary order (notary.id, notary.type)',
      tag: TAG,
      auth: true,
      query: notaryOrderListQuery,
      response: orderListResponse,
      handler: ({ session, query, request }) =>
        orders.list(
          session.userId,
          {
            types: [3],
            status: query.payType,
            notarial: query.notarialType,
            startTime: query.startTime,
            endTime: query.endTime,
            page: query.page,
            pageSize: ORDER_PAGE_SIZE,
          },
          request.translator.t,
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/alipay/doPay',
      summary:
        'Starts a payment: a new recharge of `integral` points, or the pending recharge `order_no`; type 1 answers the Alipay form (html), type 2 the WeChat code URL (url)',
      tag: TAG,
      auth: true,
      body: doPayRequest,
      response: doPayResponse,
      handler: async ({ session, body, request }) => {
        const userId = session.userId;
        const type = body.type as 1 | 2;
        const payType = type === 1 ? 2 : 3;
        const order = body.order_no
          ? await orders.prepareRechargePayment(userId, body.order_no, payType)
          : await orders.createRecharge(userId, body.integral ?? 0, payType);
        const gateway = type === 1 ? gateways.alipay : gateways.wechat;
        const other = type === 1 ? gateways.wechat : gateways.alipay;
        // Recorded before the gateway is asked: a trade it opened but whose answer was lost is closed on cancel too.
        await ctx.db
          .insertInto('payment_trades')
          .values({ order_no: order.order_no, provider: gateway.provider, opened_at: ctx.clock.now() })
          .onConflict((oc) => oc.columns(['order_no', 'provider']).doUpdateSet({ closed_at: null }))
          .execute();
        const started = await startAt(gateway, {
          orderNo: order.order_no,
          amount: order.amount,
          subject: ctx.translator.t('payment:gatewaySubject'),
          expiresAt: order.expires_at,
          returnPath: ALIPAY_RETURN_PATH,
          origin: `${request.protocol}://${request.host}`,
          mobile: MOBILE_AGENT.test(request.headers['user-agent'] ?? ''),
        });
        // A new attempt supersedes the order's trade at the other gateway, if it has one there: closed by a job, never on
        // this path (a slow gateway must not hold up the other). A payment of that trade meanwhile is refunded ('surplus').
        // Each gateway's start supersedes its own: WeChat Pay answers the same code URL again, the sandbox replaces its trade.
        await refunds
          .closeLater(order.order_no, other.provider)
          .catch((error: unknown) => log.warn({ err: error, orderNo: order.order_no }, 'queueing the other gateway close failed'));
        return { order_no: order.order_no, type, money: toMoney(order.amount), ...started };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/alipay/payMethods',
      summary: 'The payment methods (doPay type) this deployment offers: 1 Alipay, 2 WeChat Pay',
      tag: TAG,
      auth: true,
      response: payMethodsResponse,
      handler: () => ({
        types: (
          [
            [1, gateways.alipay],
            [2, gateways.wechat],
          ] as const
        )
          .filter(([, gateway]) => !(gateway instanceof UnavailableGateway))
          .map(([type]) => type),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/alipay/wxIsPay',
      summary: 'Whether an order of the owner is paid (isPay 1); the WeChat QR page asks every 3 seconds',
      tag: TAG,
      auth: true,
      body: orderNoRequest,
      response: wxIsPayResponse,
      handler: async ({ session, body }) => {
        const order = await orders.get(session.userId, body.order_no);
        return {
          order_no: order.order_no,
          isPay: order.status === STATUS.paid ? (1 as const) : (0 as const),
          status: order.status as 1 | 2 | 3 | 4,
        };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/alipay/cancelPay',
      summary:
        'Cancels a pending order of the owner (final) and closes its gateway trades; data.msg repeats the message, which the page prefixes with 取消',
      tag: TAG,
      auth: true,
      body: orderNoRequest,
      response: cancelPayResponse,
      successMessage: 'payment:cancelled',
      handler: async ({ session, body }) => {
        await orders.cancel(session.userId, body.order_no, closeTrades);
        return { order_no: body.order_no, msg: ctx.translator.t('payment:cancelled') };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/Evidences/pay',
      summary: 'Pays a pending consumption or notarisation order of the owner with points; 400 积分不足 when the balance cannot cover it',
      tag: TAG,
      auth: true,
      body: orderNoRequest,
      response: evidencesPayResponse,
      successMessage: 'payment:paid',
      handler: async ({ session, body }) => {
        const { balance } = await orders.payWithPoints(session.userId, body.order_no);
        return { order_no: body.order_no, points: toMoney(balance) };
      },
    }),
  ];
}

export const ordersModule: ServerModule = {
  name: 'orders',
  register: (app, ctx) => ctx.addRoutes(orderRoutes(ctx, ctx.orders, ctx.gateways, app.log, ctx.refunds)),
};
