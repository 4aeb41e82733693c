import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiCode } from '../../contracts/index';
import type { Translator } from '../i18n';
import { ApiError, badRequest } from './errors';
import { containsNul, invalidCharacters } from './hostile-input';

/**
 * One reader for uploads: the fields are checked before a byte of the file is stored, NUL
 * characters are refused, a zod issue answers the translated 400, and on any refusal the file stream is
 * drained (resumed) so the request completes instead of hanging.
 */

/**
 * Errors of a multipart body the parser (@fastify/multipart over @fastify/busboy) could not read: no or an
 * unusable boundary, a body that ends early (in a part's headers, in a file, before the final boundary) or a
 * request closed before it was read. The parser reports these as plain Errors told apart only by their
 * messages (busboy) or codes (the plugin); they are the client's broken upload, never the server's fault.
 */
const BROKEN_BODY_MESSAGES = new Set([
  'Multipart: Boundary not found',
  'Unexpected end of multipart data',
  'Missing Content-Type-header.',
  'Unsupported Content-Type.',
  // The boundary is searched for with streamsearch, which refuses a needle longer than 256 bytes.
  'The needle cannot have a length bigger than 256.',
  'The needle cannot be an empty String/Buffer.',
]);
const BROKEN_BODY_CODES = new Set(['FST_MP_PREMATURE_CLOSE', 'FST_INVALID_MULTIPART_CONTENT_TYPE']);

export function isBrokenUploadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof ApiError) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && BROKEN_BODY_CODES.has(code)) return true;
  // A file part cut off by the end of the body ("Part terminated early due to unexpected end of multipart data").
  return BROKEN_BODY_MESSAGES.has(error.message) || error.message.endsWith('terminated early due to unexpected end of multipart data');
}

/** The refusal of a body that cannot be read: HTTP 400, "the upload is incomplete or malformed, upload again". */
export const brokenUpload = () => badRequest('server:uploadBroken');

/** True when the body is the file itself (`Content-Type: application/octet-stream`, fields in the query). */
export const isOctetStream = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/octet-stream';

/** The 400 of a failed zod parse: its first issue, translated (`fallbackField` names a field-less issue). */
export function validationError(translator: Translator, error: z.ZodError, fallbackField?: string): ApiError {
  const issue = error.issues[0];
  const field = issue?.path[0] === undefined ? fallbackField : String(issue.path[0]);
  return new ApiError(400, ApiCode.badRequest, '', {}, translator.validation(issue?.message ?? 'invalid', field));
}

/** `input` checked: NUL characters refused, then parsed by `schema` (a failure answers the translated 400). */
export function checkFields<S extends z.ZodTypeAny>(
  translator: Translator,
  schema: S,
  input: unknown,
  fallbackField?: string,
): z.output<S> {
  if (containsNul(input)) throw invalidCharacters();
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(translator, parsed.error, fallbackField);
  return parsed.data as z.output<S>;
}

/** Runs `check`; when it throws, `stream` is drained first so the client's upload completes. */
function drainingOnRefusal<T>(stream: { resume(): unknown }, check: () => T): T {
  try {
    return check();
  } catch (error) {
    stream.resume();
    throw error;
  }
}

export interface RawUpload<T> {
  fields: T;
  source: Readable;
}

/** A raw-body upload: the fields from the query (checked as above), the body as the file stream. */
export function readRawUpload<S extends z.ZodTypeAny>(
  request: FastifyRequest,
  translator: Translator,
  schema: S,
  fallbackField?: string,
): RawUpload<z.output<S>> {
  const source = request.body as Readable;
  return { fields: drainingOnRefusal(source, () => checkFields(translator, schema, request.query, fallbackField)), source };
}

export interface MultipartUploadOptions<S extends z.ZodTypeAny> {
  schema: S;
  /** Largest file accepted; the reader lets one byte more through so the store sees "too large", never a cut file. */
  maxBytes: number;
  /** What the schema reads, from the text fields sent before the file (every one, by default) and the file's name. */
  input?: (fields: Record<string, string>, fileName: string) => unknown;
  /** The error when the request is not multipart or carries no file part (or not under `fileField`). */
  noFile: () => ApiError;
  /** The error when the multipart body cannot be read (brokenUpload by default). */
  broken?: () => ApiError;
  /** The name the file part must have, when the route names one. */
  fileField?: string;
  fallbackField?: string;
}

export interface MultipartUpload<T> {
  fields: T;
  file: Readable;
  fileName: string;
}

/**
 * A multipart upload of one file whose text fields come before it; the fields are checked before the file is read.
 * A body the parser cannot read up to the file part answers `broken`. A body that ends inside the file fails
 * the returned stream with the parser's error, which the store's put passes on (storing nothing) and
 * isBrokenUploadError recognises, wherever it surfaces (the app's error handler answers it the same way).
 */
export async function readMultipartUpload<S extends z.ZodTypeAny>(
  request: FastifyRequest,
  translator: Translator,
  options: MultipartUploadOptions<S>,
): Promise<MultipartUpload<z.output<S>>> {
  if (!request.isMultipart()) throw options.noFile();
  const broken = options.broken ?? brokenUpload;
  // Everything the parser throws before handing over the file part (a missing, empty, mismatched or overlong
  // boundary, a body cut in a part's headers, a limit) is a body it cannot read.
  const part = await request.file({ limits: { fileSize: options.maxBytes + 1, files: 1 } }).catch((error: unknown) => {
    throw error instanceof ApiError ? error : broken();
  });
  if (!part) throw options.noFile();
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const field = Array.isArray(value) ? value[0] : value;
    if (field && field.type === 'field' && typeof field.value === 'string') text[name] = field.value;
  }
  const fields = drainingOnRefusal(part.file, () => {
    if (containsNul(part.filename)) throw invalidCharacters();
    const parsed = checkFields(
      translator,
      options.schema,
      options.input ? options.input(text, part.filename) : text,
      options.fallbackField,
    );
    if (options.fileField !== undefined && part.fieldname !== options.fileField) throw options.noFile();
    return parsed;
  });
  return { fields, file: part.file, fileName: part.filename };
}
