import type { FastifyReply, FastifyRequest } from 'fastify';
import { languageForRanges, languageOfCookie, parseAcceptLanguage, type LanguageList } from '../../contracts/index';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '../languages';

/** locales/languages.json: the languages a page may be sent in. */
export const PAGE_LANGUAGES: LanguageList = { default: DEFAULT_LANGUAGE, supported: SUPPORTED_LANGUAGES, fallback: FALLBACK_LANGUAGE };

/**
 * The language a page is sent in (contracts/language.ts, the rule the web app follows too): the visitor's choice in
 * the `lang` cookie when it is supported, else the browser's Accept-Language matched against the list (none at all
 * gives the default, only unsupported ones the fallback). Whether the build has the page in that language is the
 * caller's question (web-app.ts).
 */
export function pageLanguage(request: FastifyRequest, list: LanguageList = PAGE_LANGUAGES): string {
  return (
    languageOfCookie(request.headers.cookie, list.supported) ??
    languageForRanges(parseAcceptLanguage(request.headers['accept-language']), list)
  );
}

/** Request headers a page's language depends on: a cache keeps one copy per value of each. */
const LANGUAGE_HEADERS = ['accept-language', 'cookie'];

/**
 * Names the language of the page sent, and adds Accept-Language and Cookie to `Vary` (once each, beside what is
 * there: @fastify/static adds Accept-Encoding after this).
 */
export function markPageLanguage(reply: FastifyReply, language: string): void {
  reply.header('content-language', language);
  const current = reply.getHeader('vary');
  const text = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  const tokens = text
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.includes('*')) return;
  const missing = LANGUAGE_HEADERS.filter((name) => !tokens.includes(name));
  if (missing.length > 0) reply.header('vary', [text, ...missing].filter(Boolean).join(', '));
}
