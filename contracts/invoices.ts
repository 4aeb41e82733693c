import { z } from 'zod';
import { codes } from './common';
import { msg } from './messages';
import { DIGITS_8_25, SPECIAL_CHARS } from './rules';

/** Invoice applications per page (spec section 9). */
export const INVOICE_PAGE_SIZE = 10;
/** At most 5 invoice headers per account (spec sections 3, 5 and 9). */
export const INVOICE_HEADER_MAX = 5;
/** At most 5 invoices per application; one order is one invoice (spec sections 5 and 9). */
export const INVOICE_ORDERS_MAX = 5;
/** The remark of an application, in characters (spec section 9). */
export const INVOICE_REMARK_MAX = 150;
/** Spec section 9: shipping is free when an application reaches 200 yuan, otherwise postage is collect. */
export const FREE_SHIPPING_YUAN = 200;
export const INVOICE_HEAD_MAX = 100;
export const INVOICE_TEXT_MAX = 100;
/** Taxpayer identification number: 15, 17, 18 or 20 characters of digits and capital letters (18: the credit code). */
export const TAX_NUMBER = /^[0-9A-Z]{15,20}$/;
/** Registered phone of a company: a landline with area code (0755-12345678, extension allowed), a mobile or a 400 number. */
export const REGISTERED_PHONE = /^(0\d{2,3}-?\d{7,8}(-\d{1,6})?|1[3-9]\d{9}|400-?\d{3}-?\d{4})$/;

/** ENTERPRISE: electronic ordinary VAT invoice (e-mailed); ENTERPRISE_SPECIAL: paper special VAT invoice (posted). */
export const invoiceTypeSchema = z.enum(['ENTERPRISE', 'ENTERPRISE_SPECIAL']);
export type InvoiceType = z.infer<typeof invoiceTypeSchema>;

/** Spec section 4: 1 pending, 2 submitted to finance (listed as in progress), 3 issued, 4 not approved (listed as refused). */
export const INVOICE_STATUS = { pending: 1, processing: 2, issued: 3, refused: 4 } as const;
export const invoiceStatusCodeSchema = codes(1, 2, 3, 4);
export type InvoiceStatusCode = z.infer<typeof invoiceStatusCodeSchema>;

/** How an application travels: 0 electronic (e-mailed, nothing posted), 1 posted free, 2 posted with postage collect. */
export const shippingSchema = codes(0, 1, 2);
export type Shipping = z.infer<typeof shippingSchema>;

/** Paper invoices ship free from FREE_SHIPPING_YUAN per application, else postage collect; electronic ones are e-mailed. */
export function shippingOf(type: InvoiceType, money: number): Shipping {
  if (type === 'ENTERPRISE') return 0;
  return money >= FREE_SHIPPING_YUAN ? 1 : 2;
}

const noSpecial = (v: string) => !SPECIAL_CHARS.test(v);

const requiredText = (field: string, max: number) =>
  z
    .string({ required_error: msg('required', field) })
    .trim()
    .min(1, msg('required', field))
    .max(max, msg('tooLong', field))
    .refine(noSpecial, msg('specialChars', field));

const optionalText = (field: string, max: number) =>
  z.string().trim().max(max, msg('tooLong', field)).refine(noSpecial, msg('specialChars', field)).default('');

const taxNum = z
  .string({ required_error: msg('required', 'taxNum') })
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().min(1, msg('required', 'taxNum')).regex(TAX_NUMBER, msg('taxNum')));

/** Bank accounts are written with spaces in groups of four; they are kept without. */
const account = (required: boolean) =>
  z
    .string(required ? { required_error: msg('required', 'accountNo') } : {})
    .default('')
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(
      required
        ? z.string().min(1, msg('required', 'accountNo')).regex(DIGITS_8_25, msg('digits8to25', 'accountNo'))
        : z.union([z.literal(''), z.string().regex(DIGITS_8_25, msg('digits8to25', 'accountNo'))]),
    );

const registeredPhone = (required: boolean) =>
  z
    .string(required ? { required_error: msg('required', 'registeredPhone') } : {})
    .trim()
    .default('')
    .pipe(
      required
        ? z.string().min(1, msg('required', 'registeredPhone')).regex(REGISTERED_PHONE, msg('invalid', 'registeredPhone'))
        : z.union([z.literal(''), z.string().regex(REGISTERED_PHONE, msg('invalid', 'registeredPhone'))]),
    );

const head = requiredText('invoiceHead', INVOICE_HEAD_MAX);

/** The electronic ordinary invoice: head and tax number; bank and registered details optional (printed when given). */
const ordinaryHeader = z.object({
  type: z.literal('ENTERPRISE'),
  head,
  taxNum,
  bankName: optionalText('accountBank', INVOICE_TEXT_MAX),
  account: account(false),
  street: optionalText('registeredAddress', INVOICE_TEXT_MAX),
  phoneNumber: registeredPhone(false),
});

/** The paper special VAT invoice: bank name, account, registered address and registered phone are required too. */
const specialHeader = z.object({
  type: z.literal('ENTERPRISE_SPECIAL'),
  head,
  taxNum,
  bankName: requiredText('accountBank', INVOICE_TEXT_MAX),
  account: account(true),
  street: requiredText('registeredAddress', INVOICE_TEXT_MAX),
  phoneNumber: registeredPhone(true),
});

const typeError = { errorMap: () => ({ message: msg('invoiceTypeRequired') }) };

const invoiceId = (field: string) =>
  z.coerce
    .number({ invalid_type_error: msg('invalid', field) })
    .int(msg('invalid', field))
    .positive(msg('invalid', field));

/**
 * POST /api/User/addInvoice (spec: "not shown", ours): `type` ENTERPRISE or ENTERPRISE_SPECIAL, `head`,
 * `taxNum` (15-20 letters and digits, kept in capitals), `bankName`, `account` (8-25 digits), `street`
 * (registered address), `phoneNumber` (registered phone); the last four are required for ENTERPRISE_SPECIAL only.
 */
export const invoiceHeaderFields = z.discriminatedUnion('type', [ordinaryHeader, specialHeader], typeError);
export type InvoiceHeaderFields = z.infer<typeof invoiceHeaderFields>;
export const addInvoiceRequest = invoiceHeaderFields;
/** POST /api/User/editInvoice: the same fields plus the header's `id`. */
export const editInvoiceRequest = z.discriminatedUnion(
  'type',
  [ordinaryHeader.extend({ id: invoiceId('id') }), specialHeader.extend({ id: invoiceId('id') })],
  typeError,
);
/** POST /api/User/delInvoice {id}, POST /api/User/invoiceDetail {id}, POST /api/user/checkFail {id}. */
export const invoiceIdRequest = z.object({ id: invoiceId('id') });

/** Spec section 3 invoice header: id, head, type, taxNum, bankName, account, street, phoneNumber. */
export const invoiceHeaderSchema = z.object({
  id: z.number().int(),
  head: z.string(),
  type: invoiceTypeSchema,
  taxNum: z.string(),
  bankName: z.string(),
  account: z.string(),
  street: z.string(),
  phoneNumber: z.string(),
});
export type InvoiceHeader = z.infer<typeof invoiceHeaderSchema>;

/** GET /api/User/riseList: the owner's headers, oldest first, and the limit. */
export const riseListResponse = z.object({ list: z.array(invoiceHeaderSchema), max: z.number().int() });
export type RiseList = z.infer<typeof riseListResponse>;
/** Add and edit answer the stored header. */
export const invoiceHeaderResponse = invoiceHeaderSchema;

const epoch = z.coerce.number().int().min(0).max(99_999_999_999).optional();

/** POST /api/user/invoiceList: `status` 0 (or absent) all, else 1-4; `startTime`/`endTime` epoch seconds, both inclusive. */
export const invoiceListRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  startTime: epoch,
  endTime: epoch,
  status: z.coerce.number().int().min(0).max(4).default(0),
});
export type InvoiceListRequest = z.input<typeof invoiceListRequest>;

/**
 * Spec section 3 application (list): id, order_no (the application's number), create_time, money (yuan, two
 * decimals), orderCount, status; plus `head` and `type` of the header it was made out to (ours).
 */
export const invoiceApplicationSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  create_time: z.string(),
  money: z.number(),
  orderCount: z.number().int(),
  status: invoiceStatusCodeSchema,
  head: z.string(),
  type: invoiceTypeSchema,
});
export type InvoiceApplication = z.infer<typeof invoiceApplicationSchema>;
export const invoiceListResponse = z.object({ count: z.number().int(), list: z.array(invoiceApplicationSchema) });
export type InvoiceList = z.infer<typeof invoiceListResponse>;

/**
 * Order ids as the page's query carries them: `[1,2]` (JSON array) or `1,2`. One to five distinct ids;
 * none gives the spec's "select the orders to invoice first" (validation invoiceOrdersRequired).
 */
const orderIds = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .replace(/[[\]\s]/g, '')
          .split(',')
          .filter(Boolean)
      : v,
  z
    .array(
      z.coerce
        .number({ invalid_type_error: msg('invoiceOrdersRequired') })
        .int(msg('invoiceOrdersRequired'))
        .positive(msg('invoiceOrdersRequired')),
      {
        required_error: msg('invoiceOrdersRequired'),
        invalid_type_error: msg('invoiceOrdersRequired'),
      },
    )
    .min(1, msg('invoiceOrdersRequired'))
    .max(INVOICE_ORDERS_MAX, msg('invoiceOrdersMax'))
    .refine((ids) => new Set(ids).size === ids.length, msg('invoiceOrdersRequired')),
);

const choice = (message: string) =>
  z.coerce
    .number({ invalid_type_error: msg(message) })
    .int(msg(message))
    .positive(msg(message));

/** The remark of an application: at most 150 characters. */
const invoiceRemark = z.string().trim().max(INVOICE_REMARK_MAX, msg('invoiceRemarkMax')).default('');

/**
 * POST /api/User/invoiceAsk: `ids` the orders (see orderIds), `userInvoiceId` a header of the caller,
 * `userAddressId` an address of the caller (not in Hong Kong, Macau or Taiwan), `remark` at most 150 characters.
 */
export const invoiceAskRequest = z.object({
  ids: orderIds,
  userInvoiceId: choice('invoiceHeaderRequired'),
  userAddressId: choice('invoiceAddressRequired'),
  remark: invoiceRemark,
});
/** The new application's id and number. */
export const invoiceAskResponse = z.object({ id: z.number().int(), order_no: z.string() });

/** Spec section 3 invoice order list: order_no, create_time, order_desc, money, pay_type; plus `id` and the `payType` word (ours). */
export const invoiceOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  create_time: z.string(),
  order_desc: z.string(),
  money: z.number(),
  pay_type: z.number().int(),
  payType: z.string(),
});
export type InvoiceOrder = z.infer<typeof invoiceOrderSchema>;

/**
 * POST /api/User/invoiceDetail {id}. Spec section 3 detail: head, tax_num, type, bank_name, account, street,
 * phone_number, courier_number, email, check_remark, first_remark, name, post_phone_number, address, remark.
 * Ours: `first_remark` is the desk's note when it submitted the application to finance (first review) and
 * `check_remark` its reason for refusing (review remark); `email` is where an electronic invoice goes (the
 * address's e-mail until the desk issues it); `name`, `post_phone_number`, `address` the recipient as
 * applied; plus id, order_no, create_time, status, money, orderCount, content (always "technical service fee", invoice:content),
 * shipping (see shippingSchema) and `orders` (the invoice order list).
 */
export const invoiceDetailResponse = z.object({
  id: z.number().int(),
  order_no: z.string(),
  create_time: z.string(),
  status: invoiceStatusCodeSchema,
  money: z.number(),
  orderCount: z.number().int(),
  content: z.string(),
  shipping: shippingSchema,
  head: z.string(),
  tax_num: z.string(),
  type: invoiceTypeSchema,
  bank_name: z.string(),
  account: z.string(),
  street: z.string(),
  phone_number: z.string(),
  courier_number: z.string(),
  email: z.string(),
  check_remark: z.string(),
  first_remark: z.string(),
  name: z.string(),
  post_phone_number: z.string(),
  address: z.string(),
  remark: z.string(),
  orders: z.array(invoiceOrderSchema),
  /** Issued: the invoice's number, code ('' for a fully digital one) and date (YYYY-MM-DD); '' before. */
  invoice_number: z.string(),
  invoice_code: z.string(),
  invoice_date: z.string(),
  /** A paper invoice's courier company, beside courier_number. */
  courier_company: z.string(),
  /** An electronic invoice's files, each with a short-lived download link signed for the owner. */
  files: z.array(z.object({ kind: z.enum(['pdf', 'ofd', 'xml']), name: z.string(), url: z.string() })),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailResponse>;

/** POST /api/user/checkFail {id}: the refusal reason, shown as the confirm text (spec section 7). */
export const checkFailResponse = z.object({ checkRemark: z.string() });

/** POST /api/User/invoiceOrders {ids} (ours): the chosen orders as the application page shows them. */
export const invoiceOrdersRequest = z.object({ ids: orderIds });
/** Each order with whether it may be invoiced now and, when not, why (display text). */
export const invoiceOrdersResponse = z.object({
  list: z.array(invoiceOrderSchema.extend({ eligible: z.boolean(), reason: z.string() })),
});
export type InvoiceOrderChoice = z.infer<typeof invoiceOrdersResponse>['list'][number];
