import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * Compression of the API's answers. JSON and text answers of at least MIN_BYTES are sent brotli-
 * or gzip-compressed when the client accepts it (`Accept-Encoding`, q-values respected, br preferred on a
 * tie); smaller ones, streams (files, zips, captures) and anything already encoded are sent as they are.
 * Compression is synchronous on the bodies the API builds in memory (lists and certificates, a few KB to a
 * few hundred): quick settings (brotli 4, gzip 6), cheaper than the bytes they save on a phone's network.
 */
export const MIN_BYTES = 1024;
/** Longer Accept-Encoding headers are not parsed: the answer goes uncompressed. */
const MAX_HEADER_LENGTH = 512;
const COMPRESSIBLE_TYPE = /^(?:application\/(?:json|javascript|xml|problem\+json)|text\/|image\/svg\+xml)/i;
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to use for `header`: the accepted one with the highest q (br before gzip on equal q), or null
 * (identity). Entries with a malformed q-value are ignored; `*` stands for the encodings not named.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value || value.length > MAX_HEADER_LENGTH) return null;
  const q = new Map<string, number>();
  for (const part of value.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let quality = 1;
    let valid = true;
    for (const param of params) {
      const [key, raw] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() !== 'q') continue;
      if (raw === undefined || !QVALUE.test(raw)) valid = false;
      else quality = Number(raw);
    }
    if (valid && !q.has(name)) q.set(name, quality);
  }
  const star = q.get('*');
  const of = (name: Encoding) => q.get(name) ?? (name === 'gzip' ? q.get('x-gzip') : undefined) ?? star ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body, { level: 6 });
}

/** Adds `accept-encoding` to Vary without repeating it. */
function addVary(current: unknown): string {
  const text = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (text === '') return 'accept-encoding';
  const tokens = text.split(',').map((s) => s.trim().toLowerCase());
  return tokens.includes('accept-encoding') || tokens.includes('*') ? text : `${text}, accept-encoding`;
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Streams (files, packages, the static files, which bring their own precompressed siblings) and empty
    // or already encoded answers pass through.
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE_TYPE.test(type)) return payload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < MIN_BYTES) return payload;
    // The answer could have been compressed: caches must key it by Accept-Encoding.
    reply.header('vary', addVary(reply.getHeader('vary')));
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD') return payload;
    // Only an answer that is compressed becomes a Buffer here (the copy cost 2% of a list call sent as it is).
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const packed = compress(body, encoding);
    if (packed.length >= body.length) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return packed;
  });
}
