import { z } from 'zod';
import { msg } from './messages';

/** Extraction code: required, at most 30 characters (spec sections 5 and 9). */
export const EXTRACT_CODE_MAX = 30;

export const extractCodeField = z
  .string({ required_error: msg('required', 'extractCode') })
  .trim()
  .min(1, msg('required', 'extractCode'))
  .max(EXTRACT_CODE_MAX, msg('extractCodeMax'));

/** POST /api/user/getExtractCode: the owner's current extraction code (empty when none is set). */
export const extractCodeResponse = z.object({ extractCode: z.string() });

/** POST /api/user/setExtractCode */
export const setExtractCodeRequest = z.object({ extractCode: extractCodeField });

/**
 * POST /api/user/setLanguage: the language of the server's messages, SMS and e-mail for this account; null follows
 * the browser. The shape is checked here; the server checks the value against locales/languages.json.
 */
export const setLanguageRequest = z.object({
  // A form cannot send null: an empty value clears the setting.
  language: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string({ invalid_type_error: msg('invalid', 'language') })
      .regex(/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/, msg('invalid', 'language'))
      .nullable(),
  ),
});
