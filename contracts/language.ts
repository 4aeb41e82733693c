/**
 * How a language is chosen, shared by the server (its answers and which prerendered page it sends) and the web app
 * (a browser's languages on the first visit): the same matching on both sides, so a page never opens in one
 * language and continues in another.
 */

/** The cookie holding the language a visitor chose (or the account's, set at sign-in): the server sends that page. */
export const LANGUAGE_COOKIE = 'lang';
/** A year: a visitor's choice outlives the session. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type LanguageList = {
  /** The language of record (legal texts prevail in it), and of a request that names no language at all. */
  default: string;
  supported: readonly string[];
  /** The language for a browser that asks only for languages not supported (when it is itself supported). */
  fallback?: string;
};

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
export function matchLanguage(range: string, supported: readonly string[]): string | null {
  if (range === '*') return null;
  const lower = range.toLowerCase();
  const exact = supported.find((language) => language.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split('-')[0];
  return supported.find((language) => language.toLowerCase().split('-')[0] === primary) ?? null;
}

/** A stored or requested value that is one of the supported languages, else null. */
export function supportedLanguage(value: string | null | undefined, supported: readonly string[]): string | null {
  return value && supported.includes(value) ? value : null;
}

/**
 * The language for a browser's ranges (Accept-Language, or `navigator.languages`): the first one supported; none at
 * all gives the default; only unsupported ones give the list's fallback (zh for any Chinese, English for the rest).
 */
export function languageForRanges(ranges: readonly string[], list: LanguageList): string {
  for (const range of ranges) {
    // `*` is any language (Node's fetch sends it): the default serves as well as any, so it is the answer.
    if (range === '*') return list.default;
    const match = matchLanguage(range, list.supported);
    if (match) return match;
  }
  if (ranges.length === 0) return list.default;
  return supportedLanguage(list.fallback, list.supported) ?? list.default;
}

/** The language a `Cookie` header's LANGUAGE_COOKIE names, when it is a supported one. */
export function languageOfCookie(cookieHeader: string | undefined, supported: readonly string[]): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== LANGUAGE_COOKIE) continue;
    try {
      return supportedLanguage(decodeURIComponent(value.join('=')), supported);
    } catch {
      return null;
    }
  }
  return null;
}
