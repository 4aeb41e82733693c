import { z } from 'zod';
import { msg } from './messages';
import { SPECIAL_CHARS } from './rules';

/** Signature image: png only, at most 10MB (spec sections 5 and 9). */
export const SIGNATURE_MAX_BYTES = 10 * 1024 * 1024;
export const SIGNATURE_NAME_MAX = 30;

/** Spec section 3: id, name, pic_url, add_time, is_default ("1" default). */
export const signatureSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A short-lived signed link to the image (our design; the store is private). */
  pic_url: z.string(),
  add_time: z.string(),
  is_default: z.enum(['0', '1']),
});
export type Signature = z.infer<typeof signatureSchema>;

/** POST /api/signature/listing */
export const signatureListingResponse = z.object({ list: z.array(signatureSchema) });

/** POST /api/signature/del {id}, POST /api/signature/setDefault {id} */
export const signatureIdRequest = z.object({
  id: z.coerce
    .number({ invalid_type_error: msg('invalid', 'id') })
    .int(msg('invalid', 'id'))
    .positive(msg('invalid', 'id')),
});

/**
 * POST /api/signature/upload (our design; spec: "upload call not shown"): multipart with the fields
 * `name` and `isDefault` ("1" default, "0" not) before the part `file` (the png).
 */
export const signatureUploadFields = z.object({
  name: z
    .string({ required_error: msg('required', 'signatureName') })
    .trim()
    .min(1, msg('required', 'signatureName'))
    .max(SIGNATURE_NAME_MAX, msg('signatureNameMax'))
    .refine((v) => !SPECIAL_CHARS.test(v), msg('specialChars', 'signatureName')),
  isDefault: z.enum(['0', '1'], { errorMap: () => ({ message: msg('signatureDefaultRequired') }) }),
});

/** The upload answers the new seal. */
export const signatureUploadResponse = signatureSchema;

export type SignatureFileFacts = { name: string; type: string; size: number };

/**
 * The browser's check of a chosen file before it is sent: png by type or name (the server checks the
 * content again), at most 10MB. Returns a message reference, or null when the file may be sent.
 */
export function checkSignatureFile(file: SignatureFileFacts | null): string | null {
  if (!file) return msg('signatureImageRequired');
  const png = file.type === 'image/png' || (file.type === '' && /\.png$/i.test(file.name));
  if (!png) return msg('signaturePngOnly');
  if (file.size > SIGNATURE_MAX_BYTES) return msg('signatureTooLarge');
  if (file.size === 0) return msg('signatureImageRequired');
  return null;
}
