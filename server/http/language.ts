import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translatorFor, type Translator } from '../i18n';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../languages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language (pickLanguage): every message, page and document of the answer is in it. */
    translator: Translator;
  }
}

/**
 * The language of one request: the signed-in user's own setting when the account has one, else the best match of
 * `Accept-Language`, else the list's default. Never process-wide: two requests at the same time may differ.
 */

interface Range {
  tag: string;
  q: number;
  order: number;
}

/** `Accept-Language` (RFC 9110 12.5.4): ranges by falling q-value, equal q in the sender's order; q=0 means "not this". */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  const ranges: Range[] = [];
  header.split(',').forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Math.min(1, Number(match[1]));
    }
    if (q > 0) ranges.push({ tag, q, order });
  });
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order).map((range) => range.tag);
}

/** The supported language a range names: exact (case-insensitive), else the first supported one of its primary subtag (`en` → `en-GB`). */
export function matchLanguage(range: string, supported: readonly Language[] = SUPPORTED_LANGUAGES): Language | null {
  if (range === '*') return null;
  const lower = range.toLowerCase();
  const exact = supported.find((language) => language.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split('-')[0];
  return supported.find((language) => language.toLowerCase().split('-')[0] === primary) ?? null;
}

/** A stored or requested value that is one of the supported languages, else null. */
export function supportedLanguage(value: string | null | undefined, supported: readonly Language[] = SUPPORTED_LANGUAGES): Language | null {
  return value && supported.includes(value) ? value : null;
}

export function pickLanguage(
  userLanguage: string | null | undefined,
  acceptLanguage: string | undefined,
  supported: readonly Language[] = SUPPORTED_LANGUAGES,
  fallback: Language = DEFAULT_LANGUAGE,
): Language {
  const own = supportedLanguage(userLanguage, supported);
  if (own) return own;
  for (const range of parseAcceptLanguage(acceptLanguage)) {
    const match = matchLanguage(range, supported);
    if (match) return match;
  }
  return fallback;
}

/** Every request gets `request.translator` from its Accept-Language before anything else runs on it. */
export function registerRequestLanguage(app: FastifyInstance): void {
  app.decorateRequest('translator', null as unknown as Translator);
  app.addHook('onRequest', (request, _reply, done) => {
    request.translator = translatorFor(pickLanguage(null, request.headers['accept-language']));
    done();
  });
}

/** Once the session is known, the signed-in user's own setting decides (it wins over the browser's header). */
export function applyUserLanguage(request: FastifyRequest, userLanguage: string | null | undefined): void {
  if (!supportedLanguage(userLanguage)) return;
  request.translator = translatorFor(pickLanguage(userLanguage, request.headers['accept-language']));
}

/**
 * The translator for a text made outside a request (a job, a desk's decision, an SMS): the recipient's own setting
 * when it is a supported language, else the default.
 */
export const userTranslator = (userLanguage: string | null | undefined): Translator =>
  translatorFor(supportedLanguage(userLanguage) ?? DEFAULT_LANGUAGE);

/** The request's translator; the fallback where Fastify refused the request before the hooks ran (a broken URL). */
export const requestTranslator = (request: FastifyRequest, fallback: Translator): Translator => request.translator ?? fallback;
