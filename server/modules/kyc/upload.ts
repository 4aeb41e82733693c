import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { SniffedType } from '../../files/sniff';
import { FileTooLargeError, FileTypeError, type FileStore } from '../../files/store';
import { ApiError, badRequest } from '../../http/errors';
import type { StoredImages } from './service';
import { brokenUpload, checkFields, isBrokenUploadError } from '../../http/upload';

export interface ImageRule {
  fields: readonly string[];
  maxBytes: number;
  types: readonly SniffedType[];
  typeMessage: string;
  sizeMessage: string;
}

type Part = { type: 'field'; fieldname: string; value: unknown } | { type: 'file'; fieldname: string; file: Readable };

/**
 * Reads a verification upload: text fields first (checked against `schema` when the first image starts, so
 * bad input stores nothing), then the images, each checked by content (magic bytes) and size while it
 * streams into the private store. On any refusal the images already stored for this request are removed.
 * A body the parser cannot read (boundary missing or wrong, cut in a part's headers or in an image, no final
 * boundary) answers brokenUpload; the image it was cutting short never becomes an object (the store's put).
 */
export async function readKycUpload<S extends z.ZodTypeAny>(
  request: FastifyRequest,
  ctx: AppContext,
  store: FileStore,
  schema: S,
  rule: ImageRule,
  discard: (images: StoredImages) => Promise<void>,
): Promise<{ fields: z.output<S>; images: StoredImages }> {
  if (!request.isMultipart()) throw badRequest('validation:imageRequired', { field: request.translator.t(`fields:${rule.fields[0]}`) });
  const text: Record<string, string> = {};
  const images: StoredImages = {};
  let fields: z.output<S> | undefined;
  const check = () => checkFields(request.translator, schema, text);
  try {
    const parts = request.parts({
      limits: { fileSize: rule.maxBytes + 1, files: rule.fields.length, fields: 30, parts: 40, fieldSize: 4096 },
    });
    for (;;) {
      // What the parser throws between parts is a body it cannot read (the refusals below are thrown in the loop).
      const next = await parts.next().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(rule.sizeMessage);
        throw error instanceof ApiError ? error : brokenUpload();
      });
      if (next.done) break;
      const part = next.value as unknown as Part;
      if (part.type === 'field') {
        if (typeof part.value === 'string') text[part.fieldname] = part.value;
        continue;
      }
      fields ??= check();
      if (!rule.fields.includes(part.fieldname) || images[part.fieldname]) {
        part.file.resume();
        throw badRequest('server:badRequest');
      }
      try {
        const stored = await store.put(part.file, {
          maxBytes: rule.maxBytes,
          accept: (type) => type !== null && rule.types.includes(type),
        });
        images[part.fieldname] = { key: stored.key, type: stored.type ?? 'png' };
      } catch (error) {
        if (error instanceof FileTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw badRequest(rule.sizeMessage);
        if (error instanceof FileTypeError) throw badRequest(rule.typeMessage);
        if (isBrokenUploadError(error)) throw brokenUpload();
        throw error;
      }
    }
    fields ??= check();
    const missing = rule.fields.find((f) => !images[f]);
    if (missing) throw badRequest('validation:imageRequired', { field: request.translator.t(`fields:${missing}`) });
    return { fields, images };
  } catch (error) {
    await discard(images);
    throw error;
  }
}
