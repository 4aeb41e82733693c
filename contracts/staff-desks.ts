import { z } from 'zod';
import { msg } from './messages';
import { idOnly, numberFilter, paged, phoneFilter, withReason } from './staff-desk-fields';
import { staffId, staffPage } from './staff';

/**
 * The desks of the staff console: verification review (reviewer), the notary office (notary),
 * finance (staff-finance.ts). Lists answer 10 a page; every call needs `Authorization: Staff`.
 */

// ---- the audited "view original" of one masked value --------------------------------------------------------

/**
 * POST /api/staff/<desk>/reveal {id, field}: one value the desk's answers mask (by the console's one masking rule),
 * in clear; the view is written to the audit log (who, which record, which field, never the value) before the
 * answer. Each desk names the fields it may reveal.
 */
const revealRequest = <F extends readonly [string, ...string[]]>(fields: F) =>
  z.object({ id: staffId(), field: z.enum(fields, { errorMap: () => ({ message: msg('invalid', 'field') }) }) });
/** The verification desk: the account's phone (the submitted fields and images: POST /api/staff/kyc/view). */
export const KYC_REVEAL_FIELDS = ['phone'] as const;
/** The finance desk's invoice application: account phone, bank account, company phone, recipient phone and address. */
export const INVOICE_REVEAL_FIELDS = ['phone', 'account', 'phoneNumber', 'recipientPhone', 'address'] as const;
export const kycRevealRequest = revealRequest(KYC_REVEAL_FIELDS);
export const invoiceRevealRequest = revealRequest(INVOICE_REVEAL_FIELDS);
export const staffRevealResponse = z.object({ field: z.string(), value: z.string() });
export type StaffReveal = z.infer<typeof staffRevealResponse>;

// ---- verification review --------------------------------------------------------------------------------------

export const KYC_REVIEW_KINDS = ['organization', 'document', 'supplement'] as const;
export const KYC_REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;

/** GET /api/staff/kyc/list: submissions by kind and state (pending ones oldest first, else newest first), account phone. */
export const kycReviewListQuery = z.object({
  page: staffPage,
  kind: z.union([z.literal(''), z.enum(KYC_REVIEW_KINDS)]).default(''),
  state: z.union([z.literal(''), z.enum(KYC_REVIEW_STATES)]).default('pending'),
  phone: phoneFilter,
});
export const kycReviewRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(KYC_REVIEW_KINDS),
  state: z.enum(KYC_REVIEW_STATES),
  /** The account's phone. */
  phone: z.string(),
  /** The company of an organisation, else the person's name masked (first character kept); empty for a supplement. */
  applicant: z.string(),
  submittedAt: z.string(),
  decidedAt: z.string(),
  reason: z.string(),
});
export type KycReviewRow = z.infer<typeof kycReviewRowSchema>;
export const kycReviewListResponse = paged(kycReviewRowSchema);
export type KycReviewList = z.infer<typeof kycReviewListResponse>;

export const kycReviewIdQuery = idOnly;
/** GET /api/staff/kyc/detail: one submission with ID numbers, phones and accounts masked and its images named (no links). */
export const kycReviewDetailResponse = kycReviewRowSchema.extend({
  /** The account's verification codes now (spec section 4): userStatus 1-4, status 1 person / 2 organisation, repairType. */
  userStatus: z.number().int(),
  repairType: z.number().int(),
  /** The submitted fields in the order of the form; ID numbers, phones and bank accounts masked. */
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
  images: z.array(z.string()),
});
export type KycReviewDetail = z.infer<typeof kycReviewDetailResponse>;

/** POST /api/staff/kyc/view {id}: everything in clear and the images' links (minutes); the view itself is audited. */
export const kycReviewViewResponse = z.object({
  id: z.number().int(),
  /** The account's phone, in clear. */
  phone: z.string(),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
  images: z.array(z.object({ field: z.string(), url: z.string() })),
  /** Seconds the image links work. */
  expiresIn: z.number().int(),
});
export type KycReviewView = z.infer<typeof kycReviewViewResponse>;

/** POST /api/staff/kyc/approve {id}; POST /api/staff/kyc/refuse {id, reason} (the user reads the reason). */
export const kycReviewApproveRequest = idOnly;
export const kycReviewRefuseRequest = withReason;

// ---- the notary office ----------------------------------------------------------------------------------------

/** waiting: paid, not accepted; accepted; transfer: a bank transfer to confirm; then the three ends. */
export const NOTARY_DESK_STATES = ['waiting', 'accepted', 'transfer', 'succeeded', 'failed', 'voided'] as const;
export const notaryDeskStateSchema = z.enum(NOTARY_DESK_STATES);
export type NotaryDeskState = z.infer<typeof notaryDeskStateSchema>;

/** GET /api/staff/notary/list: paid orders and transfers to confirm, by state (queues oldest first), order number, phone. */
export const notaryDeskListQuery = z.object({
  page: staffPage,
  state: z.union([z.literal(''), notaryDeskStateSchema]).default(''),
  orderNo: numberFilter('orderNo'),
  phone: phoneFilter,
});
export const notaryDeskRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  phone: z.string(),
  applicant: z.string(),
  /** Evidence type of the records (1-5) and how many. */
  type: z.number().int(),
  number: z.number().int(),
  /** Points, or yuan when paid by bank transfer (payMethod 2). */
  money: z.number(),
  payMethod: z.number().int(),
  state: notaryDeskStateSchema,
  createdAt: z.string(),
  paidAt: z.string(),
  transferAt: z.string(),
});
export type NotaryDeskRow = z.infer<typeof notaryDeskRowSchema>;
export const notaryDeskListResponse = paged(notaryDeskRowSchema);
export type NotaryDeskList = z.infer<typeof notaryDeskListResponse>;

export const notaryDeskIdQuery = idOnly;
/** GET /api/staff/notary/detail: the order, its application, records, issued documents and transfer screenshot. */
export const notaryDeskDetailResponse = notaryDeskRowSchema.extend({
  applicantIdNumber: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  purpose: z.number().int(),
  purposeNote: z.string(),
  copies: z.number().int(),
  delivery: z.number().int(),
  address: z.string(),
  acceptedAt: z.string(),
  finishedAt: z.string(),
  failReason: z.string(),
  voidReason: z.string(),
  /** Documents issued so far: 1 application form, 2 acceptance notice, 3 application notice, 4 inquiry record. */
  documents: z.array(z.object({ type: z.number().int(), issuedAt: z.string() })),
  /** The records the order covers (evidence id for opening its certificate or file). */
  records: z.array(
    z.object({ evidenceId: z.number().int(), baoquan: z.string(), title: z.string(), fileHash: z.string(), savedAt: z.string() }),
  ),
  /** The bank transfer's screenshot (a link for minutes), empty without one. */
  transferImageUrl: z.string(),
  transferRejectReason: z.string(),
  /** The notarial certificate attached (a PDF; required before completing); size 0 and empty time without one. */
  certificate: z.object({ attached: z.boolean(), size: z.number().int(), attachedAt: z.string() }),
  /** Paper delivery: the courier and tracking number once sent, else empty. */
  shipping: z.object({ courier: z.string(), number: z.string(), shippedAt: z.string() }),
});
export type NotaryDeskDetail = z.infer<typeof notaryDeskDetailResponse>;

/** The certificate's PDF: at most this many bytes. */
export const NOTARY_CERTIFICATE_MAX_BYTES = 20 * 1024 * 1024;
/** POST /api/staff/notary/certificate?id= with the PDF as the whole body (application/octet-stream). */
export const notaryDeskCertificateQuery = z.object({ id: staffId() });

/** POST /api/staff/notary/ship {id, courier, number}: a completed paper-delivery order sent. */
export const notaryDeskShipRequest = z.object({
  id: staffId(),
  // The same rule and message as a paper invoice's courier.
  courier: z
    .string({ required_error: msg('courierCompany'), invalid_type_error: msg('courierCompany') })
    .trim()
    .min(1, msg('courierCompany'))
    .max(30, msg('courierCompany')),
  number: z
    .string({ required_error: msg('courierNumber') })
    .trim()
    .regex(/^[A-Za-z0-9]{6,30}$/, msg('courierNumber')),
});

/**
 * POST /api/staff/notary/open {id, kind, type?, evidenceId?}: a link for minutes to one of the order's files: an
 * issued document (type 1-5), or a covered record's certificate or file. Each opening is audited.
 */
export const notaryDeskOpenRequest = z.object({
  id: staffId(),
  kind: z.enum(['document', 'certificate', 'recordCertificate', 'recordFile'], {
    errorMap: () => ({ message: msg('invalid', 'fileKind') }),
  }),
  type: z.coerce.number().int().min(1).max(5).default(1),
  evidenceId: z.coerce.number().int().min(0).default(0),
});
export const notaryDeskOpenResponse = z.object({ url: z.string(), expiresAt: z.number().int() });

/** POST /api/staff/notary/view {id}: the masked values in clear (audited before the answer). */
export const notaryDeskViewResponse = z.object({
  id: z.number().int(),
  phone: z.string(),
  applicantIdNumber: z.string(),
  contactPhone: z.string(),
  address: z.string(),
});
export type NotaryDeskView = z.infer<typeof notaryDeskViewResponse>;

// ---- the staff home page ------------------------------------------------------------------------------------

export const STAFF_HOME_QUEUES = [
  'verification',
  'notaryWaiting',
  'notaryAccepted',
  'notaryTransfer',
  'notaryShipping',
  'invoices',
] as const;
export type StaffHomeQueue = (typeof STAFF_HOME_QUEUES)[number];
/** GET /api/staff/home: what waits at each desk the member may use: how many, since when the oldest waits. */
export const staffHomeResponse = z.object({
  queues: z.array(
    z.object({
      queue: z.enum(STAFF_HOME_QUEUES),
      count: z.number().int(),
      /** When the oldest waiting one arrived (China time), empty when none waits. */
      oldestAt: z.string(),
      /** How long the oldest has waited, in seconds (0 when none). */
      oldestWaitSeconds: z.number().int(),
    }),
  ),
});
export type StaffHome = z.infer<typeof staffHomeResponse>;

/** POST accept, complete, transfer/confirm {id}; fail, void, transfer/reject {id, reason}. */
export const notaryDeskIdRequest = idOnly;
export const notaryDeskReasonRequest = withReason;
