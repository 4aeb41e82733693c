import { z } from 'zod';
import { smsCodeField } from './auth';

/**
 * Account cancellation. What keeps an account from being cancelled: an unfinished
 * notarisation, an unpaid order, an invoice application in progress. `ref` is the order or application number.
 */
export const cancellationObligationSchema = z.object({
  kind: z.enum(['notary', 'order', 'invoice']),
  ref: z.string(),
  /** The notary order's id (its page is /notary/detail?orderId=), else null. */
  id: z.number().int().nullable(),
});
export type CancellationObligation = z.infer<typeof cancellationObligationSchema>;

/** POST /api/user/cancellation/status: where the account stands. */
export const cancellationStatusSchema = z.object({
  /** none: no request; pending: confirmed, in its cooling-off period (withdrawable until dueAt). */
  state: z.enum(['none', 'pending']),
  requestedAt: z.string().nullable(),
  /** When the deletion runs (ISO time); null without a request. */
  dueAt: z.string().nullable(),
  coolingOffDays: z.number().int(),
  /** Open obligations: the request is refused while any is listed. */
  obligations: z.array(cancellationObligationSchema),
  /** The account's preserved records (offered as a batch package before cancelling). */
  evidenceCount: z.number().int(),
});
export type CancellationStatus = z.infer<typeof cancellationStatusSchema>;

/** POST /api/user/cancellation/apply {smsCode}: confirms the request with the code sent to the account's phone. */
export const cancellationApplyRequest = z.object({ smsCode: smsCodeField });
