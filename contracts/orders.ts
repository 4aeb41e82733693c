import { z } from 'zod';
import { codes } from './common';
import { msg } from './messages';
import { evidenceTypeSchema } from './notary';

/** Orders per page (spec section 9). */
export const ORDER_PAGE_SIZE = 10;
/** Recharge: 1 yuan buys 1 point; whole points from 1 to 50000 per order. */
export const RECHARGE_MIN_POINTS = 1;
export const RECHARGE_MAX_POINTS = 50_000;
export const RECHARGE_PRESETS = [50, 100, 200, 500, 1000] as const;

/** 1 recharge, 2 consumption, 3 notarisation (the three tabs of /orders). */
export const orderTypeSchema = codes(1, 2, 3);
export type OrderType = z.infer<typeof orderTypeSchema>;
/** Spec section 4: 1 pending, 2 paid, 3 failed, 4 cancelled (expiry cancels too). */
export const payStatusSchema = codes(1, 2, 3, 4);
export type PayStatus = z.infer<typeof payStatusSchema>;
/** 0 not chosen yet, 1 points, 2 Alipay, 3 WeChat Pay. */
export const payTypeSchema = codes(0, 1, 2, 3);
export type PayTypeCode = z.infer<typeof payTypeSchema>;
export const PAY_TYPE = { none: 0, points: 1, alipay: 2, wechat: 3 } as const;
/** 0 not invoiced, 1 in progress, 2 invoiced, 3 failed (may reapply). */
export const invoiceStatusSchema = codes(0, 1, 2, 3);

/** A gateway refund: on its way, done, or refused / never answered (finance retries it). */
export const refundStateSchema = z.enum(['processing', 'refunded', 'failed']);
export type RefundState = z.infer<typeof refundStateSchema>;

/**
 * Spec section 3 Order: id, order_no, create_time, desc, balance, pay_status (text), pay_type, payType (text),
 * isApp, invoiceStatus; plus `type`, `status` (the code behind pay_status) and `expire_time` (ours).
 * `balance` is the order's amount in yuan / points with two decimals.
 */
export const orderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  type: orderTypeSchema,
  create_time: z.string(),
  expire_time: z.string(),
  desc: z.string(),
  balance: z.number(),
  status: payStatusSchema,
  pay_status: z.string(),
  pay_type: payTypeSchema,
  payType: z.string(),
  isApp: codes(0, 1),
  invoiceStatus: invoiceStatusSchema,
  /** A notarisation payment (type 3): the notary order it pays, for the pushed wizard and detail routes. */
  notary: z.object({ id: z.number().int(), type: evidenceTypeSchema }).optional(),
  /** A payment the order could not take (cancelled, expired, or paid twice) is given back: that refund's state (ours). */
  refund_state: refundStateSchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;

const epoch = z.coerce.number().int().min(0).max(99_999_999_999).optional();
const page = z.coerce.number().int().min(1).max(100_000).default(1);
/** Payment-status filter: 0 (or absent) all, else a code of payStatusSchema. */
const statusFilter = z.coerce.number().int().min(0).max(4).default(0);

/** GET /api/processorder/getOrderList: recharge (type 1) and consumption (type 2) tabs; isType is the status filter. */
export const processOrderListQuery = z.object({
  startTime: epoch,
  endTime: epoch,
  page,
  type: z.coerce.number().int().min(1).max(2).default(1),
  isType: statusFilter,
});
export type ProcessOrderListQuery = z.input<typeof processOrderListQuery>;

/** GET /api/evidences/orderList: the notarisation tab (type 3); payType is the status filter, notarialType the notarisation status (1-4). */
export const notaryOrderListQuery = z.object({
  startTime: epoch,
  endTime: epoch,
  page,
  payType: statusFilter,
  notarialType: z.coerce.number().int().min(0).max(4).optional(),
});
export type NotaryOrderListQuery = z.input<typeof notaryOrderListQuery>;

export const orderListResponse = z.object({ count: z.number().int(), list: z.array(orderSchema) });
export type OrderList = z.infer<typeof orderListResponse>;

const orderNo = z
  .string({ required_error: msg('orderNoRequired') })
  .trim()
  .regex(/^[A-Z0-9]{8,40}$/, msg('orderNoRequired'));

/** POST /api/alipay/cancelPay {order_no}; POST /api/alipay/wxIsPay {order_no}; POST /api/Evidences/pay {order_no}. */
export const orderNoRequest = z.object({ order_no: orderNo });

/**
 * POST /api/alipay/doPay: `type` 1 Alipay, 2 WeChat Pay; either `integral` (whole points, a new recharge
 * order) or `order_no` (a pending recharge order of the caller, paid again).
 */
export const doPayRequest = z
  .object({
    type: z.coerce
      .number({ invalid_type_error: msg('payTypeRequired') })
      .int()
      .min(1, msg('payTypeRequired'))
      .max(2, msg('payTypeRequired')),
    integral: z.preprocess(
      (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
      z
        .number({ invalid_type_error: msg('rechargeAmount') })
        .int(msg('rechargeAmount'))
        .min(RECHARGE_MIN_POINTS, msg('rechargeAmount'))
        .max(RECHARGE_MAX_POINTS, msg('rechargeAmount'))
        .optional(),
    ),
    order_no: z
      .union([z.literal(''), orderNo])
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((v) => v.integral !== undefined || v.order_no !== undefined, { message: msg('rechargeAmount'), path: ['integral'] });
export type DoPayRequest = { type: 1 | 2; integral?: number; order_no?: string };

/** Type 1: `html` is the gateway form (posts to the cashier); type 2: `url` is the code URL for the QR code. */
export const doPayResponse = z.object({
  order_no: z.string(),
  type: codes(1, 2),
  money: z.number(),
  html: z.string(),
  url: z.string(),
});
export type DoPayResponse = z.infer<typeof doPayResponse>;

/** GET /api/alipay/payMethods: the doPay `type`s this deployment offers (1 Alipay, 2 WeChat Pay). */
export const payMethodsResponse = z.object({ types: z.array(codes(1, 2)) });

/** POST /api/alipay/wxIsPay: isPay 1 once the order is paid; `status` tells a cancelled or failed one too. */
export const wxIsPayResponse = z.object({ order_no: z.string(), isPay: codes(0, 1), status: payStatusSchema });

/** POST /api/alipay/cancelPay: `msg` repeats the envelope's message, which the page prefixes with the word for 'cancel'. */
export const cancelPayResponse = z.object({ order_no: z.string(), msg: z.string() });

/** POST /api/Evidences/pay: the balance left, in points with two decimals. */
export const evidencesPayResponse = z.object({ order_no: z.string(), points: z.number() });
