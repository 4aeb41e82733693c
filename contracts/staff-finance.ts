import { z } from 'zod';
import { msg } from './messages';
import { EMAIL } from './rules';
import { staffEpoch, staffId, staffPage } from './staff';
import { idOnly, numberFilter, paged, phoneFilter, withReason } from './staff-desk-fields';

/** The finance desk of the staff console: invoice applications, order and payment search (10 a page, `Authorization: Staff`). */

// ---- finance --------------------------------------------------------------------------------------------------

/** GET /api/staff/invoices/list: applications by status (1-4, 0 all), number, phone, time (epoch s, end inclusive). */
export const invoiceDeskListQuery = z.object({
  page: staffPage,
  status: z.coerce.number().int().min(0).max(4).default(0),
  applyNo: numberFilter('orderNo'),
  phone: phoneFilter,
  startTime: staffEpoch,
  endTime: staffEpoch,
});
export const invoiceDeskRowSchema = z.object({
  id: z.number().int(),
  applyNo: z.string(),
  phone: z.string(),
  status: z.number().int(),
  /** ENTERPRISE electronic (e-mailed), ENTERPRISE_SPECIAL paper (posted). */
  type: z.string(),
  head: z.string(),
  money: z.number(),
  orderCount: z.number().int(),
  createdAt: z.string(),
});
export type InvoiceDeskRow = z.infer<typeof invoiceDeskRowSchema>;
export const invoiceDeskListResponse = paged(invoiceDeskRowSchema);
export type InvoiceDeskList = z.infer<typeof invoiceDeskListResponse>;

export const invoiceDeskIdQuery = idOnly;
export const invoiceDeskDetailResponse = invoiceDeskRowSchema.extend({
  taxNum: z.string(),
  bankName: z.string(),
  account: z.string(),
  street: z.string(),
  phoneNumber: z.string(),
  recipient: z.string(),
  recipientPhone: z.string(),
  address: z.string(),
  email: z.string(),
  remark: z.string(),
  firstRemark: z.string(),
  checkRemark: z.string(),
  courierNumber: z.string(),
  courierCompany: z.string(),
  submittedAt: z.string(),
  decidedAt: z.string(),
  invoiceNumber: z.string(),
  invoiceCode: z.string(),
  invoiceDate: z.string(),
  /** The files attached when issued: pdf or ofd, and xml for a fully digital invoice. */
  files: z.array(z.object({ kind: z.enum(['pdf', 'ofd', 'xml']), size: z.number().int() })),
  /** The e-mail of an electronic invoice: '' none, queued (waiting or retrying), sent, failed (attempts used up). */
  mailState: z.enum(['', 'queued', 'sent', 'failed']),
  mailError: z.string(),
  mailedAt: z.string(),
  orders: z.array(
    z.object({ orderNo: z.string(), description: z.string(), money: z.number(), payType: z.number().int(), createdAt: z.string() }),
  ),
});
export type InvoiceDeskDetail = z.infer<typeof invoiceDeskDetailResponse>;

/** POST /api/staff/invoices/submit {id, remark}: 1 -> 2 (submitted to finance). */
export const invoiceDeskSubmitRequest = z.object({
  id: staffId(),
  remark: z.string().trim().max(150, msg('invoiceRemarkMax')).default(''),
});
/** POST /api/staff/invoices/issue {id, courierCompany, courierNumber}: 2 -> 3 for a paper invoice, posted by courier. */
export const invoiceDeskIssueRequest = z.object({
  id: staffId(),
  courierCompany: z
    .string()
    .default('')
    .pipe(z.string().trim().min(1, msg('courierCompany')).max(30, msg('courierCompany'))),
  courierNumber: z
    .string()
    .default('')
    .pipe(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{6,30}$/, msg('courierNumber')),
    ),
});

/** Largest invoice file (PDF, OFD or XML) the desk attaches; an invoice's PDF is some 100 KB. */
export const INVOICE_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The invoice number: 8 digits (a traditional e-invoice, with its 12-digit code) or 20 digits (a fully digital invoice, no code). */
export const INVOICE_NUMBER = /^(\d{8}|\d{20})$/;
/** The invoice code of an electronic ordinary VAT invoice: 12 digits, the first 0. */
export const INVOICE_CODE = /^0\d{11}$/;

const isCalendarDay = (text: string) => {
  const [y, m, d] = text.split('-').map(Number);
  const day = new Date(Date.UTC(y ?? 0, (m ?? 0) - 1, d ?? 0));
  return day.getUTCFullYear() === y && day.getUTCMonth() + 1 === m && day.getUTCDate() === d;
};

/**
 * POST /api/staff/invoices/issueElectronic (multipart: these fields, then the file parts `invoice` (PDF or OFD) and
 * `xml` (fully digital only)): 2 -> 3 for an electronic invoice, e-mailed with its files (the applied e-mail by default).
 * A 20-digit number is a fully digital invoice: no code, and its first two digits are the year of its date.
 */
export const invoiceDeskIssueElectronicFields = z
  .object({
    id: staffId(),
    email: z
      .string()
      .trim()
      .default('')
      .pipe(z.union([z.literal(''), z.string().max(64, msg('email')).regex(EMAIL, msg('email'))])),
    invoiceNumber: z
      .string()
      .default('')
      .pipe(z.string().trim().regex(INVOICE_NUMBER, msg('invoiceNumber'))),
    invoiceCode: z
      .string()
      .trim()
      .default('')
      .pipe(z.union([z.literal(''), z.string().regex(INVOICE_CODE, msg('invoiceCode'))])),
    invoiceDate: z
      .string()
      .default('')
      .pipe(
        z
          .string()
          .trim()
          .regex(/^\d{4}-\d{2}-\d{2}$/, msg('invoiceDate'))
          .refine(isCalendarDay, msg('invoiceDate')),
      ),
  })
  .superRefine((v, ctx) => {
    const fullyDigital = v.invoiceNumber.length === 20;
    if (!fullyDigital && v.invoiceCode === '') ctx.addIssue({ code: 'custom', path: ['invoiceCode'], message: msg('invoiceCodeRequired') });
    if (fullyDigital && v.invoiceCode !== '') ctx.addIssue({ code: 'custom', path: ['invoiceCode'], message: msg('invoiceCodeNone') });
    if (fullyDigital && v.invoiceNumber.slice(0, 2) !== v.invoiceDate.slice(2, 4))
      ctx.addIssue({ code: 'custom', path: ['invoiceNumber'], message: msg('invoiceNumberYear') });
  });
export type InvoiceDeskIssueElectronicFields = z.infer<typeof invoiceDeskIssueElectronicFields>;

/** POST /api/staff/invoices/refuse {id, reason}: 1 or 2 -> 4, the orders may be applied for again. */
export const invoiceDeskRefuseRequest = withReason;

/** GET /api/staff/orders/list: orders of every account by number, phone, time (epoch s, end inclusive), type, status. */
export const orderSearchQuery = z.object({
  page: staffPage,
  orderNo: numberFilter('orderNo'),
  phone: phoneFilter,
  type: z.coerce.number().int().min(0).max(3).default(0),
  status: z.coerce.number().int().min(0).max(4).default(0),
  startTime: staffEpoch,
  endTime: staffEpoch,
});
export const orderSearchRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  phone: z.string(),
  /** 1 recharge, 2 consumption, 3 notarisation. */
  type: z.number().int(),
  description: z.string(),
  money: z.number(),
  /** 1 pending, 2 paid, 3 failed, 4 cancelled. */
  status: z.number().int(),
  statusText: z.string(),
  /** 0 none, 1 points, 2 Alipay, 3 WeChat Pay. */
  payType: z.number().int(),
  payTypeText: z.string(),
  invoiceStatus: z.number().int(),
  gatewayTradeNo: z.string(),
  closeReason: z.string(),
  createdAt: z.string(),
  paidAt: z.string(),
  /** A payment the order could not take, given back through its gateway: '' none, else the refund's state. */
  refundState: z.enum(['', 'processing', 'refunded', 'failed']),
});
export type OrderSearchRow = z.infer<typeof orderSearchRowSchema>;
export const orderSearchResponse = paged(orderSearchRowSchema);
export type OrderSearchList = z.infer<typeof orderSearchResponse>;

/** GET /api/staff/orders/detail?orderNo=: one order with every gateway notification and query answer about it. */
export const orderDetailQuery = z.object({
  orderNo: z
    .string({ required_error: msg('required', 'orderNo') })
    .trim()
    .min(1, msg('required', 'orderNo'))
    .max(40, msg('invalid', 'orderNo'))
    .regex(/^[A-Za-z0-9]+$/, msg('invalid', 'orderNo')),
});
export const gatewayEventSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  kind: z.string(),
  verdict: z.string(),
  body: z.string(),
  at: z.string(),
});
export const orderDetailResponse = z.object({
  order: orderSearchRowSchema,
  events: z.array(gatewayEventSchema),
  /** The notarisation order a type-3 order pays, when there is one. */
  notaryOrderNo: z.string(),
  /** The refund of a payment the order could not take; null when none. */
  refund: z
    .object({
      provider: z.string(),
      /** 'closed' (the order was cancelled or expired) or 'surplus' (already paid at the other gateway). */
      reason: z.string(),
      state: z.enum(['processing', 'refunded', 'failed']),
      outRefundNo: z.string(),
      tradeNo: z.string(),
      money: z.number(),
      /** The gateway's refusal, or the last error once the attempts ran out. */
      failure: z.string(),
      attempts: z.number().int(),
      createdAt: z.string(),
      refundedAt: z.string(),
    })
    .nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailResponse>;

/** POST /api/staff/orders/retryRefund: a failed refund asked for again (the same out-refund number). */
export const refundRetryRequest = z.object({
  orderNo: orderDetailQuery.shape.orderNo,
});
