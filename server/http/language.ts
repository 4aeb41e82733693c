import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translatorFor, type Translator } from '../i18n';
import {
  languageForRanges,
  matchLanguage as matchRange,
  parseAcceptLanguage,
  supportedLanguage as supportedOf,
} from '../../contracts/index';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../languages';

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

/** The supported language a range names (re-exported for the server's callers). */
export const matchLanguage = (range: string, supported: readonly Language[] = SUPPORTED_LANGUAGES): Language | null =>
  matchRange(range, supported);

/** A stored or requested value that is one of the supported languages, else null. */
export const supportedLanguage = (
  value: string | null | undefined,
  supported: readonly Language[] = SUPPORTED_LANGUAGES,
): Language | null => supportedOf(value, supported);

export { parseAcceptLanguage };

export function pickLanguage(
  userLanguage: string | null | undefined,
  acceptLanguage: string | undefined,
  supported: readonly Language[] = SUPPORTED_LANGUAGES,
  fallback: Language = DEFAULT_LANGUAGE,
): Language {
  const own = supportedLanguage(userLanguage, supported);
  if (own) return own;
  return languageForRanges(parseAcceptLanguage(acceptLanguage), { default: fallback, supported, fallback: FALLBACK_LANGUAGE });
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

/**
 * A signed link's language: the `l` it carries (the language of the request that made the link, where the user's own
 * setting applied) when supported, else the opening request's. A download opened by navigation sends the browser's
 * Accept-Language and no session, which may not be the language the page asked in.
 */
export const linkTranslator = (request: FastifyRequest, linkLanguage: string | undefined): Translator => {
  const own = supportedLanguage(linkLanguage);
  return own ? translatorFor(own) : request.translator;
};

/** The request's translator; the fallback where Fastify refused the request before the hooks ran (a broken URL). */
export const requestTranslator = (request: FastifyRequest, fallback: Translator): Translator => request.translator ?? fallback;
