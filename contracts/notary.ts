import { z } from 'zod';
import { codes } from './common';
import { msg } from './messages';
import { SPECIAL_CHARS } from './rules';

/**
 * Notarisation: notary orders of preserved evidence, the four-step application, the notary
 * office's documents. The spec fixes `POST /api/Evidences/stop {orderId}` and `POST /api/Evidences/pay`
 * (orders.ts); the other calls are ours under `/api/notary/…` (docs/api.md). GET calls take a query
 * string, POST calls url-encoded forms.
 */

/** Notary tables show 10 per page (spec section 9). */
export const NOTARY_PAGE_SIZE = 10;
/** Records of one order: one application the office reviews as a batch. */
export const NOTARY_RECORDS_MAX = 50;
export const NOTARY_COPIES_MAX = 10;
export const NOTARY_PURPOSE_NOTE_MAX = 100;
export const NOTARY_ORDER_NO_MAX = 40;
/** A bank transfer's screenshot: png or jpeg by content, at most 10 MB. */
export const NOTARY_TRANSFER_MAX_BYTES = 10 * 1024 * 1024;
export const NOTARY_TRANSFER_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

/** How an order is paid: 0 not chosen yet, 1 points, 2 bank transfer (confirmed by the notary office). */
export const notaryPayMethodSchema = codes(0, 1, 2);
export type NotaryPayMethod = z.infer<typeof notaryPayMethodSchema>;
export const NOTARY_PAY_METHOD = { none: 0, points: 1, transfer: 2 } as const;
/** A bank transfer at step 4: 0 none sent, 1 waiting for the office's confirmation, 2 rejected by it (send again). */
export const NOTARY_TRANSFER = { none: 0, waiting: 1, rejected: 2 } as const;

/** Evidence type codes (spec section 9): 1 data uploaded on the web, 2 process, 3 web capture, 4 mobile, 5 app data. */
export const EVIDENCE_TYPES = [1, 2, 3, 4, 5] as const;
export const evidenceTypeSchema = codes(1, 2, 3, 4, 5);
export type EvidenceType = z.infer<typeof evidenceTypeSchema>;

/** The current step of an unfinished order (spec section 4): 1 reading and filling the application, 2 online signature, 3 data decryption, 4 payment. */
export const NOTARY_STEPS = [1, 2, 3, 4] as const;
export const notaryStepSchema = codes(1, 2, 3, 4);
export type NotaryStep = z.infer<typeof notaryStepSchema>;

/** Notarisation status (spec section 4): 0 none yet (unfinished), 1 in progress, 2 succeeded, 3 terminated (voided), 4 failed. */
export const notarialCodeSchema = codes(0, 1, 2, 3, 4);
export type NotarialCode = z.infer<typeof notarialCodeSchema>;
export const NOTARIAL = { none: 0, inProgress: 1, succeeded: 2, voided: 3, failed: 4 } as const;

/** Payment of an order: 0 nothing due (closed before paying), 1 pending, 2 paid, 3 refunded. */
export const notaryPayCodeSchema = codes(0, 1, 2, 3);
export type NotaryPayCode = z.infer<typeof notaryPayCodeSchema>;
export const NOTARY_PAY = { none: 0, pending: 1, paid: 2, refunded: 3 } as const;

/**
 * The office's documents (spec section 2): 1 application form, 2 acceptance notice, 3 application notice, 4 inquiry
 * record; 5 the notarial certificate itself, the PDF the office attaches before completing the order.
 */
export const NOTARY_DOCUMENT_TYPES = [1, 2, 3, 4, 5] as const;
export const NOTARY_CERTIFICATE_DOCUMENT = 5;
export const notaryDocumentTypeSchema = codes(1, 2, 3, 4, 5);
export type NotaryDocumentType = z.infer<typeof notaryDocumentTypeSchema>;

/** What the application is for: 1 litigation, 2 arbitration, 3 administrative complaint, 4 other (described). */
export const NOTARY_PURPOSES = [1, 2, 3, 4] as const;
export const NOTARY_PURPOSE_OTHER = 4;
/** 1 self pick-up at the notary office, 2 by mail to one of the user's addresses. */
export const NOTARY_DELIVERY = { pickUp: 1, mail: 2 } as const;

const id = (field = 'id') =>
  z.coerce
    .number({ invalid_type_error: msg('invalid', field) })
    .int(msg('invalid', field))
    .positive(msg('invalid', field))
    .max(Number.MAX_SAFE_INTEGER, msg('invalid', field));
const orderId = id('orderId');
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const epoch = z.coerce.number().int().min(0).max(99_999_999_999).optional();
/** A code of a form or query (a string) checked against literals, with one message for anything else. */
const codeField = <T extends readonly [number, number, ...number[]]>(codes: T, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.custom<T[number]>((v) => typeof v === 'number' && (codes as readonly number[]).includes(v), { message }),
  );
const evidenceTypeField = codeField(EVIDENCE_TYPES, msg('notaryTypeRequired'));

/** The notary order payload of spec section 3: orderNo, addTime, money, pay, payType, id, type, addOrder, proOrderNo. */
export const notaryOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  type: evidenceTypeSchema,
  /** `YYYY-MM-DD HH:mm:ss`, China time. */
  addTime: z.string(),
  /** Points the order costs (records × the price per record), two decimals. */
  money: z.number(),
  /** Payment status words (pending, awaiting the office's confirmation of a bank transfer, paid, refunded); empty when nothing is due (shown as a dash). */
  pay: z.string(),
  /** Payment method words (points, or bank transfer once its screenshot is sent); empty before. */
  payType: z.string(),
  /** 1 once the order's payment order exists in /orders (tab 3, a type-3 order), else 0. */
  addOrder: codes(0, 1),
  /** Number of the payment order in /orders; empty before step 4 made one. */
  proOrderNo: z.string(),
});
export type NotaryOrder = z.infer<typeof notaryOrderSchema>;

/** A row of /notary (spec section 3: id, type, orderNo, addTime, number, step, money, pay, notarial, addOrder) with the codes behind the words. */
export const notaryRowSchema = z.object({
  id: z.number().int(),
  type: evidenceTypeSchema,
  orderNo: z.string(),
  addTime: z.string(),
  /** Number of evidence records. */
  number: z.number().int(),
  step: notaryStepSchema,
  money: z.number(),
  pay: z.string(),
  /** Notarisation status words; empty while unfinished (shown as a dash). */
  notarial: z.string(),
  addOrder: codes(0, 1),
  payCode: notaryPayCodeSchema,
  notarialCode: notarialCodeSchema,
  proOrderNo: z.string(),
  /** How the order is (being) paid: points, or a bank transfer sent (no points are spent then); 0 before. */
  payMethod: notaryPayMethodSchema,
});
export type NotaryRow = z.infer<typeof notaryRowSchema>;

/**
 * GET /api/notary/list (spec section 7, Notary: method not shown): startTime and endTime (epoch seconds,
 * the end inclusive), page, payType (0 all, 1 pending, 2 paid), notarialType (0 all, 1 in progress, 2
 * succeeded, 3 terminated, 4 failed), orderNo (part of the order number).
 */
export const notaryListQuery = z.object({
  startTime: epoch,
  endTime: epoch,
  page,
  payType: z.coerce.number().int().min(0).max(2).default(0),
  notarialType: z.coerce.number().int().min(0).max(4).default(0),
  orderNo: z
    .string()
    .trim()
    .max(NOTARY_ORDER_NO_MAX, msg('tooLong', 'orderNo'))
    .regex(/^[A-Za-z0-9]*$/, msg('invalid', 'orderNo'))
    .default(''),
});
export type NotaryListQuery = z.input<typeof notaryListQuery>;
export const notaryListResponse = z.object({ count: z.number().int(), list: z.array(notaryRowSchema) });
export type NotaryList = z.infer<typeof notaryListResponse>;

/** POST /api/Evidences/stop {orderId}: voids an order the notary office has not accepted (refunding what was paid). */
export const notaryStopRequest = z.object({ orderId });
/** Its answer repeats the message in data.msg, which the list shows (the web app's calls resolve data only). */
export const notaryStopResponse = z.object({ orderId: z.number().int(), msg: z.string() });

/**
 * Rows of the data table and of the evidence selection (spec section 3, detail rows), by evidence type:
 * data (1, 5): id, baoquan, title, label, type, saveTime, fileType, fileUrl (the stored path), fileStatus;
 * process and mobile (2, 4): the same with timeLength (seconds); web (3): baoquan_no, name, url, time.
 */
const dataRowSchema = z.object({
  id: z.number().int(),
  type: codes(1, 5),
  baoquan: z.string(),
  title: z.string(),
  label: z.string(),
  saveTime: z.string(),
  fileType: z.enum(['image', 'video', 'audio', 'document', 'other']),
  fileUrl: z.string(),
  /** The isDownload state: 1 uploaded, 0 missing. */
  fileStatus: codes(0, 1),
});
const processRowSchema = dataRowSchema.extend({
  type: codes(2, 4),
  timeLength: z.number().int(),
});
const webRowSchema = z.object({
  id: z.number().int(),
  type: z.literal(3),
  baoquan_no: z.string(),
  name: z.string(),
  url: z.string(),
  label: z.string(),
  time: z.string(),
});
export const notaryDataRowSchema = z.union([dataRowSchema, processRowSchema, webRowSchema]);
export type NotaryDataRow = z.infer<typeof notaryDataRowSchema>;
export type NotaryWebRow = z.infer<typeof webRowSchema>;
export type NotaryProcessRow = z.infer<typeof processRowSchema>;
export type NotaryFileRow = z.infer<typeof dataRowSchema>;

/** GET /api/notary/evidenceList: the owner's preserved records of one type that may be notarised, newest first, 10 a page. */
export const notaryEvidenceQuery = z.object({
  type: evidenceTypeField,
  page,
  keyword: z.string().trim().max(100, msg('tooLong', 'keyword')).default(''),
});
export type NotaryEvidenceQuery = { type: EvidenceType; page?: number; keyword?: string };
export const notaryEvidenceResponse = z.object({
  count: z.number().int(),
  list: z.array(notaryDataRowSchema),
  /** Points per record of a new order (the price shown before step 1; the order keeps the price it was made with). */
  pricePerRecord: z.number(),
  /** Whether the caller has a default seal: step 2 signs with it (the selection page says so beforehand). */
  hasDefaultSeal: z.boolean(),
});
export type NotaryEvidenceList = z.infer<typeof notaryEvidenceResponse>;

/** POST /api/notary/create {type, ids}: a new order (step 1) of the chosen records, all of that type. */
export const notaryCreateRequest = z.object({
  type: evidenceTypeField,
  ids: z
    .string({ required_error: msg('notaryRecordsRequired') })
    .trim()
    .min(1, msg('notaryRecordsRequired'))
    .transform((v) => v.split(',').map((part) => part.trim()))
    .refine((parts) => parts.every((part) => /^[1-9]\d{0,15}$/.test(part)), msg('invalid', 'id'))
    .transform((parts) => [...new Set(parts.map(Number))])
    .refine((ids) => ids.length <= NOTARY_RECORDS_MAX, msg('notaryRecordsMax')),
});
export type NotaryCreateRequest = { type: EvidenceType; ids: string };
export const notaryCreateResponse = notaryOrderSchema.extend({ step: notaryStepSchema });

/** What step 1 fills: purpose (4 = other, described in purposeNote), copies, delivery and, for mail, an address of the user. */
const applicationShape = z.object({
  purpose: z.coerce
    .number({ invalid_type_error: msg('notaryPurposeRequired') })
    .int(msg('notaryPurposeRequired'))
    .min(1, msg('notaryPurposeRequired'))
    .max(4, msg('notaryPurposeRequired')),
  purposeNote: z
    .string()
    .trim()
    .max(NOTARY_PURPOSE_NOTE_MAX, msg('tooLong', 'purposeNote'))
    .refine((v) => !SPECIAL_CHARS.test(v), msg('specialChars', 'purposeNote'))
    .default(''),
  copies: z.coerce
    .number({ invalid_type_error: msg('notaryCopies') })
    .int(msg('notaryCopies'))
    .min(1, msg('notaryCopies'))
    .max(NOTARY_COPIES_MAX, msg('notaryCopies')),
  delivery: z.coerce
    .number({ invalid_type_error: msg('notaryDeliveryRequired') })
    .int(msg('notaryDeliveryRequired'))
    .min(1, msg('notaryDeliveryRequired'))
    .max(2, msg('notaryDeliveryRequired')),
  addressId: z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : v), id().optional()),
});
type ApplicationShape = z.infer<typeof applicationShape>;
const applicationRules = (value: ApplicationShape, ctx: z.RefinementCtx) => {
  if (value.purpose === NOTARY_PURPOSE_OTHER && value.purposeNote === '') {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['purposeNote'], message: msg('required', 'purposeNote') });
  }
  if (value.delivery === NOTARY_DELIVERY.mail && value.addressId === undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['addressId'], message: msg('notaryAddressRequired') });
  }
};
/** The application form as the page checks it (every value a string, as typed). */
export const notaryApplicationFields = applicationShape.superRefine(applicationRules);
/** POST /api/notary/applicationForm: step 1, answers the wizard state. */
export const notaryApplicationRequest = applicationShape.extend({ orderId }).superRefine(applicationRules);
export type NotaryApplicationRequest = {
  orderId: number;
  purpose: string;
  purposeNote: string;
  copies: string;
  delivery: string;
  addressId: string;
};

/** POST /api/notary/sign {orderId}: step 2, signed online with the user's default seal. */
export const notarySignRequest = z.object({ orderId });
/** POST /api/notary/decode {orderId, agree=1}: step 3, the notary office may decrypt every record of the order. */
export const notaryDecodeRequest = z.object({
  orderId,
  agree: z.literal('1', { errorMap: () => ({ message: msg('notaryDecodeConsent') }) }),
});
/** GET /api/notary/state {orderId} and POST /api/notary/payment {orderId}. */
export const notaryOrderIdQuery = z.object({ orderId });

export const notaryApplicantSchema = z.object({
  /** 1 individual, 2 organisation (the user's status). */
  status: codes(1, 2),
  /** The person's name, or the company. */
  name: z.string(),
  /** ID card number masked (individuals), or the unified social credit code (organisations). */
  idNumber: z.string(),
  contactName: z.string(),
  /** Masked. */
  contactPhone: z.string(),
});
export type NotaryApplicant = z.infer<typeof notaryApplicantSchema>;

export const notaryApplicationSchema = z.object({
  purpose: z.number().int(),
  purposeNote: z.string(),
  copies: z.number().int(),
  delivery: z.number().int(),
  /** The mailing address as it was chosen (name, phone, full address); null for self pick-up. */
  address: z.object({ id: z.number().int(), name: z.string(), phone: z.string(), text: z.string() }).nullable(),
});
export type NotaryApplication = z.infer<typeof notaryApplicationSchema>;

/**
 * GET /api/notary/state: everything the wizard shows of an order: its payload and step, the applicant (from
 * the verification), the saved form, the seal (the default one until signed, then the one used), the
 * signature and decryption times, the price and the caller's balance.
 */
export const notaryStateResponse = z.object({
  order: notaryOrderSchema,
  step: notaryStepSchema,
  notarialCode: notarialCodeSchema,
  number: z.number().int(),
  /** Ids of the order's records, in the order chosen (what step 3 authorises). */
  itemIds: z.array(z.number().int()),
  /** Points per record. */
  price: z.number(),
  applicant: notaryApplicantSchema,
  application: notaryApplicationSchema.nullable(),
  seal: z.object({ id: z.number().int(), name: z.string(), picUrl: z.string() }).nullable(),
  signedAt: z.string(),
  decodeAt: z.string(),
  /** The caller's points. */
  points: z.number(),
  payMethod: notaryPayMethodSchema,
  /** The bank transfer: its state, the screenshot (a signed link for 15 minutes) and the office's last rejection. */
  transfer: z.object({
    status: codes(0, 1, 2),
    imageUrl: z.string(),
    submittedAt: z.string(),
    rejectReason: z.string(),
  }),
  /** The notary office's receiving account; the amount in yuan is `order.money` (1 point = 1 yuan). */
  bank: z.object({ accountName: z.string(), bankName: z.string(), accountNo: z.string() }),
});
export type NotaryState = z.infer<typeof notaryStateResponse>;

/** POST /api/notary/payment: the order's pending payment order (made now, or the live one again) and what it costs. */
export const notaryPaymentResponse = z.object({
  orderNo: z.string(),
  proOrderNo: z.string(),
  money: z.number(),
  points: z.number(),
  number: z.number().int(),
  price: z.number(),
  addOrder: z.literal(1),
});
export type NotaryPayment = z.infer<typeof notaryPaymentResponse>;

/**
 * POST /api/notary/transfer?orderId=&fileName= with the screenshot as the whole body (application/octet-stream):
 * step 4 paid by bank transfer; answers the state (waiting for the office's confirmation).
 */
export const notaryTransferQuery = z.object({ orderId, fileName: z.string().trim().max(255).optional() });

/** GET /api/notary/detail (spec: orderId, page -> data.count, data.info, data.list). */
export const notaryDetailQuery = z.object({ orderId, page });
export type NotaryDetailQuery = z.input<typeof notaryDetailQuery>;
/** Spec section 3 detail info (orderNo, addTime, money, pay, payType, tranImg) with the order's state and documents. */
export const notaryDetailInfoSchema = z.object({
  orderNo: z.string(),
  addTime: z.string(),
  money: z.number(),
  pay: z.string(),
  payType: z.string(),
  /** A bank transfer's screenshot: a signed link for 15 minutes; empty for points. */
  tranImg: z.string(),
  payMethod: notaryPayMethodSchema,
  type: evidenceTypeSchema,
  number: z.number().int(),
  notarial: z.string(),
  notarialCode: notarialCodeSchema,
  payCode: notaryPayCodeSchema,
  /** Which documents the office has issued (a download of one not issued yet answers the "being generated" text). */
  documents: z.array(z.object({ type: notaryDocumentTypeSchema, issued: codes(0, 1), issuedAt: z.string() })),
  /** 1 picked up at the office, 2 sent by post (0 before the application). */
  delivery: z.number().int(),
  /** Paper delivery once the office sent the certificate: the courier and the tracking number; empty before. */
  shipping: z.object({ courier: z.string(), number: z.string(), shippedAt: z.string() }),
});
export type NotaryDetailInfo = z.infer<typeof notaryDetailInfoSchema>;
export const notaryDetailResponse = z.object({ count: z.number().int(), info: notaryDetailInfoSchema, list: z.array(notaryDataRowSchema) });
export type NotaryDetail = z.infer<typeof notaryDetailResponse>;

/** GET /api/notary/download {orderId, type 1-5} (spec: msg, data.downUrl). */
export const notaryDownloadQuery = z.object({ orderId, type: codeField(NOTARY_DOCUMENT_TYPES, msg('invalid', 'documentType')) });
/**
 * A signed, short-lived link to the PDF; or, while the office has not issued the document yet, the data text
 * 'notarisation certificate is being generated' (spec section 8, shown as an info message).
 */
export const notaryDownloadResponse = z.union([z.object({ downUrl: z.string(), expiresAt: z.number().int() }), z.string()]);
export type NotaryDownload = z.infer<typeof notaryDownloadResponse>;
