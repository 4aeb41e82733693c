import { z } from 'zod';
import { msg } from './messages';

/**
 * The staff console, sign-in and administration: calls under /api/staff, answered to
 * `Authorization: Staff <token>` (never a user's Bearer token). Desk calls are in staff-desks.ts.
 */

/** admin: everything; notary: the notary office; finance: invoices and payments; reviewer: real-name verification. */
export const STAFF_ROLES = ['admin', 'notary', 'finance', 'reviewer'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES, { errorMap: () => ({ message: msg('staffRole') }) });
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** Lists of the console: 10 a page, like the user app's. */
export const STAFF_PAGE_SIZE = 10;
/** Recovery codes made at enrolment (each works once). */
export const STAFF_RECOVERY_CODES = 10;
/** Sign-in name: 3-32 of a-z 0-9 . _ - starting with a letter, kept in lower case. */
export const STAFF_USERNAME = /^[a-z][a-z0-9._-]{2,31}$/;
/** A password staff choose: 10-64 visible ASCII characters with at least one letter and one digit. */
export const STAFF_PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{10,64}$/;
/** A recovery code as shown: two groups of five of the base32 alphabet (`ABCDE-FGH23`); spaces and case do not matter. */
export const RECOVERY_CODE = /^[A-Z2-7]{10}$/;

export const staffPage = z.coerce.number().int().min(1).max(100_000).default(1);
export const staffEpoch = z.coerce.number().int().min(0).max(99_999_999_999).optional();
export const staffId = (field = 'id') =>
  z.coerce
    .number({ invalid_type_error: msg('invalid', field) })
    .int(msg('invalid', field))
    .positive(msg('invalid', field))
    .max(Number.MAX_SAFE_INTEGER, msg('invalid', field));
/** A refusal reason staff type (the user reads it): 1-200 characters. */
export const staffReason = z
  .string({ required_error: msg('required', 'staffReason') })
  .trim()
  .min(1, msg('required', 'staffReason'))
  .max(200, msg('tooLong', 'staffReason'));

const username = z
  .string({ required_error: msg('required', 'staffUsername') })
  .trim()
  .toLowerCase()
  .min(1, msg('required', 'staffUsername'))
  .regex(STAFF_USERNAME, msg('staffUsername'));
const anyPassword = z
  .string({ required_error: msg('required', 'password') })
  .min(1, msg('required', 'password'))
  .max(128, msg('tooLong', 'password'));
const newPassword = z
  .string({ required_error: msg('required', 'newPassword') })
  .min(1, msg('required', 'newPassword'))
  .regex(STAFF_PASSWORD, msg('staffPassword'));
const challenge = z
  .string({ required_error: msg('staffChallenge') })
  .trim()
  .min(20, msg('staffChallenge'))
  .max(100, msg('staffChallenge'));
const totpCode = z
  .string({ required_error: msg('required', 'totpCode') })
  .trim()
  .min(1, msg('required', 'totpCode'))
  .regex(/^\d{6}$/, msg('totpCode'));
const recoveryCode = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(RECOVERY_CODE, msg('recoveryCode')));
const staffName = z
  .string({ required_error: msg('required', 'staffName') })
  .trim()
  .min(1, msg('required', 'staffName'))
  .max(30, msg('tooLong', 'staffName'));

// ---- sign-in ------------------------------------------------------------------------------------------------

/** What the sign-in needs next: a new password (one an administrator made), TOTP enrolment, or a code. */
export const staffNextStep = z.enum(['changePassword', 'enrol', 'verify']);
export type StaffNextStep = z.infer<typeof staffNextStep>;

/** POST /api/staff/login {username, password}: a challenge for the next steps (5 minutes). */
export const staffLoginRequest = z.object({ username, password: anyPassword });
export const staffLoginResponse = z.object({
  challenge: z.string(),
  next: staffNextStep,
  /** Seconds the challenge lives. */
  expiresIn: z.number().int(),
});
export type StaffLoginResponse = z.infer<typeof staffLoginResponse>;

/** POST /api/staff/login/password {challenge, password, confirmPassword}: the new password of a first sign-in. */
export const staffFirstPasswordRequest = z
  .object({ challenge, password: newPassword, confirmPassword: z.string().default('') })
  .refine((v) => v.password === v.confirmPassword, { message: msg('passwordMismatch'), path: ['confirmPassword'] });
export const staffNextResponse = z.object({ next: staffNextStep });

/** POST /api/staff/login/enrol {challenge}: a new TOTP secret (base32) and its otpauth:// URI for the QR code. */
export const staffChallengeRequest = z.object({ challenge });
export const staffEnrolResponse = z.object({ secret: z.string(), uri: z.string() });
export type StaffEnrolment = z.infer<typeof staffEnrolResponse>;

/** POST /api/staff/login/confirm {challenge, code}: the first code from the app ends enrolment and signs in. */
export const staffConfirmRequest = z.object({ challenge, code: totpCode });

/** POST /api/staff/login/verify {challenge, code | recoveryCode}: the second factor. */
export const staffVerifyRequest = z
  .object({ challenge, code: z.string().trim().default(''), recoveryCode: z.string().default('') })
  .superRefine((v, ctx) => {
    if (v.recoveryCode.trim() !== '') {
      if (!recoveryCode.safeParse(v.recoveryCode).success)
        ctx.addIssue({ code: 'custom', message: msg('recoveryCode'), path: ['recoveryCode'] });
    } else if (!totpCode.safeParse(v.code).success) {
      ctx.addIssue({ code: 'custom', message: v.code === '' ? msg('required', 'totpCode') : msg('totpCode'), path: ['code'] });
    }
  })
  .transform((v) =>
    v.recoveryCode.trim() !== ''
      ? { challenge: v.challenge, method: 'recovery' as const, code: v.recoveryCode.replace(/[\s-]/g, '').toUpperCase() }
      : { challenge: v.challenge, method: 'totp' as const, code: v.code },
  );

export const staffProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
  /** Minutes without a call after which the session ends (STAFF_SESSION_IDLE_MINUTES). */
  idleMinutes: z.number().int(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

/** A finished sign-in: the session token (sent as `Authorization: Staff <token>`); recovery codes only right after enrolment, shown once. */
export const staffSignedInResponse = z.object({
  token: z.string(),
  staff: staffProfileSchema,
  recoveryCodes: z.array(z.string()),
});
export type StaffSignedIn = z.infer<typeof staffSignedInResponse>;

/** POST /api/staff/password {oldPassword, password, confirmPassword}: ends the account's other sessions. */
export const staffPasswordRequest = z
  .object({ oldPassword: anyPassword, password: newPassword, confirmPassword: z.string().default('') })
  .refine((v) => v.password === v.confirmPassword, { message: msg('newPasswordMismatch'), path: ['confirmPassword'] })
  .refine((v) => v.password !== v.oldPassword, { message: msg('newPasswordSameAsOld'), path: ['password'] });

/** POST /api/staff/recoveryCodes {code}: ten new recovery codes (the old ones stop working), a current TOTP code required. */
export const staffRecoveryRequest = z.object({ code: totpCode });
export const staffRecoveryResponse = z.object({ recoveryCodes: z.array(z.string()) });

// ---- administration -----------------------------------------------------------------------------------------

export const staffAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  totpEnrolled: z.boolean(),
  mustChangePassword: z.boolean(),
  /** China time until which sign-in is refused after repeated failures; empty when not locked. */
  lockedUntil: z.string(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** GET /api/staff/admin/list: staff accounts, 10 a page, by role and a part of the name or sign-in name. */
export const staffListQuery = z.object({
  page: staffPage,
  role: z.union([z.literal(''), staffRoleSchema]).default(''),
  text: z.string().trim().max(32).default(''),
});
export const staffListResponse = z.object({ count: z.number().int(), list: z.array(staffAccountSchema) });
export type StaffList = z.infer<typeof staffListResponse>;

/** POST /api/staff/admin/create {username, name, role}: the account and its one-time password, shown once. */
export const staffCreateRequest = z.object({ username, name: staffName, role: staffRoleSchema });
export const staffPasswordIssuedResponse = z.object({ staff: staffAccountSchema, password: z.string() });
export type StaffPasswordIssued = z.infer<typeof staffPasswordIssuedResponse>;

export const staffIdRequest = z.object({ id: staffId() });
export const staffRoleRequest = z.object({ id: staffId(), role: staffRoleSchema });
/** disabled 1 disables (its sessions end), 0 enables again. */
export const staffDisableRequest = z.object({
  id: staffId(),
  disabled: z.enum(['0', '1'], { errorMap: () => ({ message: msg('invalid', 'staffDisabled') }) }).transform((v) => v === '1'),
});
export const staffAccountResponse = staffAccountSchema;

/** What the audit log records: sign-in events, administration, and each desk's actions and views. */
export const STAFF_AUDIT_ACTIONS = [
  'signIn',
  'signInFailed',
  'signInLocked',
  'signOut',
  'passwordChanged',
  'totpEnrolled',
  'recoveryCodeUsed',
  'recoveryCodesRenewed',
  'staffCreated',
  'staffRoleChanged',
  'staffDisabled',
  'staffEnabled',
  'staffTotpReset',
  'staffPasswordReset',
  'staffUnlocked',
  'kycViewed',
  'kycApproved',
  'kycRefused',
  'notaryAccepted',
  'notaryCompleted',
  'notaryFailed',
  'notaryVoided',
  'transferConfirmed',
  'transferRejected',
  'notaryViewed',
  'notaryFileOpened',
  'notaryCertificateAttached',
  'notaryShipped',
  'invoiceSubmitted',
  'invoiceIssued',
  'invoiceRefused',
  'invoiceMailResent',
  'invoiceViewed',
  'refundRetried',
] as const;
export const staffAuditActionSchema = z.enum(STAFF_AUDIT_ACTIONS);
export type StaffAuditAction = z.infer<typeof staffAuditActionSchema>;
/** The kinds of record an audit entry names. */
export const STAFF_RECORD_TYPES = ['staff', 'kycSubmission', 'notaryOrder', 'invoiceApplication', 'paymentRefund'] as const;

/** GET /api/staff/admin/audit: newest first, 10 a page; by staff, action, record, time (epoch s, end inclusive). */
export const staffAuditQuery = z.object({
  page: staffPage,
  staffId: z.union([z.literal('').transform(() => undefined), staffId('staffId')]).optional(),
  action: z.union([z.literal(''), staffAuditActionSchema]).default(''),
  recordType: z.union([z.literal(''), z.enum(STAFF_RECORD_TYPES)]).default(''),
  recordId: z.string().trim().max(40).default(''),
  startTime: staffEpoch,
  endTime: staffEpoch,
});
export const staffAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staffId: z.number().int().nullable(),
  /** Empty for the command line and for sign-in attempts with an unknown name. */
  username: z.string(),
  staffName: z.string(),
  action: z.string(),
  recordType: z.string(),
  recordId: z.string(),
  before: z.record(z.unknown()).nullable(),
  after: z.record(z.unknown()).nullable(),
  ip: z.string(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;
export const staffAuditResponse = z.object({ count: z.number().int(), list: z.array(staffAuditEntrySchema) });
export type StaffAuditList = z.infer<typeof staffAuditResponse>;
