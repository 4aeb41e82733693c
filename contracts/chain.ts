import { z } from 'zod';
import { checkpointSchema } from './evidence';
import { msg } from './messages';

/**
 * The log's audit calls: consistency proofs between two tree sizes and the public list of signed
 * checkpoints, so anyone can check that the log was only ever appended to.
 */

/** A tree size in the query: digits only (no sign, fraction or exponent), at least 1. */
const treeSizeParam = (field: 'first' | 'second') =>
  z
    .string({ required_error: msg('required', field), invalid_type_error: msg('invalid', field) })
    .trim()
    .min(1, msg('required', field))
    .regex(/^[0-9]{1,16}$/, msg('invalid', field))
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n), msg('invalid', field))
    .refine((n) => n >= 1, msg('treeSizePositive', field));

/** GET /api/chain/consistency?first=&second=: 0 < first <= second <= the latest tree size. */
export const consistencyQuery = z.object({ first: treeSizeParam('first'), second: treeSizeParam('second') });

/** RFC 6962 PROOF(first, D[second]) with the roots of both sizes; hashes lower-case hex as in /api/chain/proof. */
export const consistencyResponse = z.object({
  first: z.number().int(),
  second: z.number().int(),
  firstRootHash: z.string(),
  secondRootHash: z.string(),
  /** Hex node hashes in RFC 6962 order; empty when first equals second. */
  proof: z.array(z.string()),
});
export type ConsistencyProof = z.infer<typeof consistencyResponse>;

/** Checkpoints per page of the public list unless `size` says otherwise, and the most a page may hold. */
export const CHECKPOINT_PAGE_SIZE = 10;
export const CHECKPOINT_PAGE_MAX = 100;

/** GET /api/chain/checkpoints?page=&size=: every signed checkpoint, newest (largest tree size) first. */
export const checkpointListQuery = z.object({
  page: z.coerce
    .number({ invalid_type_error: msg('invalid', 'page') })
    .int(msg('invalid', 'page'))
    .min(1, msg('invalid', 'page'))
    .max(100_000, msg('invalid', 'page'))
    .default(1),
  size: z.coerce
    .number({ invalid_type_error: msg('pageSizeRange', 'pageSize') })
    .int(msg('pageSizeRange', 'pageSize'))
    .min(1, msg('pageSizeRange', 'pageSize'))
    .max(CHECKPOINT_PAGE_MAX, msg('pageSizeRange', 'pageSize'))
    .default(CHECKPOINT_PAGE_SIZE),
});
export const checkpointListResponse = z.object({
  /** How many checkpoints the log has signed. */
  total: z.number().int(),
  /** Each with its RFC 3161 token (`timestampToken`) when it was timestamped, null otherwise. */
  list: z.array(checkpointSchema),
});
