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
