import { z } from 'zod';
import { msg } from './messages';
import { CHINESE_16, CHINESE_NAME, DIGITS_8_25, isCreditCode, isIdCard, PHONE, SPECIAL_CHARS, WORD_18 } from './rules';

/** Real-name verification (spec sections 3, 4, 5, 7). Images: organisation 20MB jpg/png/jpeg; person 3MB png/jpg/jpeg/gif. */
export const ORG_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const PERSON_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const KYC_TEXT_MAX = 100;

/** Image parts of POST /api/user/companyAuthorize, in the order the form shows them. */
export const ORG_IMAGE_FIELDS = ['license', 'legalFile', 'file', 'authorFront', 'authorBack'] as const;
export type OrgImageField = (typeof ORG_IMAGE_FIELDS)[number];
/** Image parts of POST /api/peruser/perAuthorize. */
export const PERSON_IMAGE_FIELDS = ['authorFront', 'authorBack', 'authorHand'] as const;
export type PersonImageField = (typeof PERSON_IMAGE_FIELDS)[number];
/** Image parts of POST /api/Peruser/userRepair (the supplement of a face-verified user). */
export const REPAIR_IMAGE_FIELDS = ['authorFront', 'authorBack'] as const;
export type RepairImageField = (typeof REPAIR_IMAGE_FIELDS)[number];

const required = (field: string) =>
  z
    .string({ required_error: msg('required', field) })
    .trim()
    .min(1, msg('required', field));

const plainText = (field: string, max = KYC_TEXT_MAX) =>
  required(field)
    .max(max, msg('tooLong', field))
    .refine((v) => !SPECIAL_CHARS.test(v), msg('specialChars', field));

const chineseName = (field: string) => required(field).regex(CHINESE_NAME, msg('chineseName', field));

const phone = (field: string) =>
  z
    .string({ required_error: msg('phoneEmpty') })
    .trim()
    .min(1, msg('phoneEmpty'))
    .regex(PHONE, msg('phoneInvalid', field));

const idCard = (field: string, emptyMessage = msg('required', field)) =>
  z
    .string({ required_error: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .refine(isIdCard, msg('idCard', field))
    .transform((v) => v.toUpperCase());

/** '1' male, '2' female. */
export const genderField = z.enum(['1', '2'], { errorMap: () => ({ message: msg('genderRequired') }) });

const birthDate = required('authorBrith').refine(
  (v) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const date = new Date(`${v}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v) && date.getUTCFullYear() >= 1900 && date.getTime() <= Date.now()
    );
  },
  msg('invalid', 'authorBrith'),
);

/** Text fields of POST /api/user/companyAuthorize (multipart; the images are ORG_IMAGE_FIELDS). */
export const companyAuthorizeFields = z.object({
  company: plainText('company'),
  taxNumber: required('taxNumber')
    .transform((v) => v.toUpperCase())
    .refine((v) => WORD_18.test(v), msg('word18', 'taxNumber'))
    .refine(isCreditCode, msg('creditCode', 'taxNumber')),
  address: plainText('companyAddress', 200),
  legalName: chineseName('legalName'),
  legalPhone: phone('legalPhone'),
  legalIdcard: idCard('legalIdcard'),
  legalAddress: plainText('legalAddress', 200),
  accountName: plainText('accountName'),
  accountBank: plainText('accountBank'),
  accountNo: required('accountNo')
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => DIGITS_8_25.test(v), msg('digits8to25', 'accountNo')),
  contactName: chineseName('contactName'),
  contactPhone: phone('contactPhone'),
  contactIdcard: idCard('contactIdcard'),
  authorName: chineseName('authorName'),
  authorSex: genderField,
  authorBrith: birthDate,
  authorPhone: phone('authorPhone'),
  authorIdcard: idCard('authorIdcard'),
  authorAddress: plainText('authorAddress', 200),
});
export type CompanyAuthorizeFields = z.infer<typeof companyAuthorizeFields>;

const consentField = z.literal('1', { errorMap: () => ({ message: msg('consentRequired') }) });
const personName = required('userName').regex(CHINESE_16, msg('chinese16'));

/** Text fields of POST /api/peruser/perAuthorize (authType 1, document upload; images PERSON_IMAGE_FIELDS). */
export const perAuthorizeFields = z.object({
  userName: personName,
  contactIdcard: idCard('idNumber', msg('idCardEmpty')),
  authorSex: genderField,
  address: plainText('personAddress', 200),
  agree: consentField,
});
export type PerAuthorizeFields = z.infer<typeof perAuthorizeFields>;

/** POST /api/peruser/aliIdentification: `type` 1 = scan the QR code with a phone, 2 = on this phone. */
export const faceStartRequest = z.object({
  username: personName,
  idCard: idCard('idNumber', msg('idCardEmpty')),
  type: z.enum(['1', '2']).default('1'),
  agree: consentField,
});
export const faceStartResponse = z.object({ url: z.string(), certify_id: z.string() });

/**
 * POST /api/peruser/aliQuery {certify_id}: code 200 passed (data.status 'passed'); code 202 still waiting
 * (keep polling); code 400 failed, expired or unknown (stop silently).
 */
export const faceQueryRequest = z.object({ certify_id: z.string().trim().min(1).max(64) });
export const faceQueryResponse = z.object({ status: z.literal('passed') });
/** Envelope code of aliQuery while the person has not finished the face check. */
export const FACE_PENDING_CODE = 202;

export const reviewStateSchema = z.enum(['pending', 'approved', 'rejected']);

/** Organisation data as shown back to its owner: ID numbers, the account number and phones masked. */
export const organizationInfoSchema = z.object({
  company: z.string(),
  taxNumber: z.string(),
  address: z.string(),
  legalName: z.string(),
  legalPhone: z.string(),
  legalIdcard: z.string(),
  legalAddress: z.string(),
  accountName: z.string(),
  accountBank: z.string(),
  accountNo: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactIdcard: z.string(),
  authorName: z.string(),
  authorSex: z.string(),
  authorBrith: z.string(),
  authorPhone: z.string(),
  authorIdcard: z.string(),
  authorAddress: z.string(),
});
export type OrganizationInfo = z.infer<typeof organizationInfoSchema>;

/** Fields that getAuthInfo masks; a form filled again after a rejection leaves them empty. */
export const MASKED_ORG_FIELDS = [
  'legalPhone',
  'legalIdcard',
  'accountNo',
  'contactPhone',
  'contactIdcard',
  'authorPhone',
  'authorIdcard',
] as const;

export const personInfoSchema = z.object({
  userName: z.string(),
  /** Masked. */
  contactIdcard: z.string(),
  authorSex: z.string(),
  address: z.string(),
  /** 1 document upload, 3 face recognition. */
  authType: z.number().int(),
});
export type PersonInfo = z.infer<typeof personInfoSchema>;

export const kycImageSchema = z.object({ field: z.string(), url: z.string() });

/** POST /api/user/getAuthInfo: the signed-in user's verification, masked; image links signed for a few minutes. */
export const authInfoResponse = z.object({
  userStatus: z.number().int(),
  status: z.number().int(),
  authType: z.number().int(),
  repairType: z.number().int(),
  /** The review of the latest submission ('' none). */
  state: z.union([reviewStateSchema, z.literal('')]),
  /** Why the latest verification was refused ('' none). */
  reason: z.string(),
  /** Why the latest supplement was refused ('' none). */
  repairReason: z.string(),
  submittedAt: z.string(),
  organization: organizationInfoSchema.nullable(),
  person: personInfoSchema.nullable(),
  images: z.array(kycImageSchema),
});
export type AuthInfo = z.infer<typeof authInfoResponse>;

export type KycFileFacts = { name: string; type: string; size: number };
export type KycImageRule = 'organization' | 'person';

const ORG_TYPES = ['image/png', 'image/jpeg', 'image/jpg'];
const PERSON_TYPES = [...ORG_TYPES, 'image/gif'];

/**
 * The browser's check of a chosen image before it is sent (the server checks the content again):
 * organisation jpg/png/jpeg at most 20MB, person png/jpg/jpeg/gif at most 3MB. A message reference or null.
 */
export function checkKycImage(file: KycFileFacts | null, rule: KycImageRule, field: string): string | null {
  if (!file || file.size === 0) return msg('imageRequired', field);
  const types = rule === 'organization' ? ORG_TYPES : PERSON_TYPES;
  const names = rule === 'organization' ? /\.(png|jpe?g)$/i : /\.(png|jpe?g|gif)$/i;
  const typed = file.type ? types.includes(file.type.toLowerCase()) : names.test(file.name);
  if (!typed) return msg(rule === 'organization' ? 'orgImageType' : 'personImageType');
  const max = rule === 'organization' ? ORG_IMAGE_MAX_BYTES : PERSON_IMAGE_MAX_BYTES;
  if (file.size > max) return msg(rule === 'organization' ? 'orgImageSize' : 'personImageSize');
  return null;
}
