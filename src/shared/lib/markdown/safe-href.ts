/** C0 controls (U+0000 to U+001F), DEL and the C1 controls (U+007F to U+009F). */
const isControlCharacter = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
};

/**
 * The link targets content may use: http(s) addresses, mailto, same-origin paths and in-page anchors.
 * Anything else (javascript:, data:, vbscript:, protocol-relative `//host`, relative names) is refused.
 * Whitespace, control characters and backslashes refuse a link outright: browsers drop tabs and newlines
 * from URLs and read `\` as `/`, so `/\evil.example` or `/<tab>/evil.example` would leave the site.
 */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (href === '' || /[\s\\]/u.test(href) || [...href].some(isControlCharacter)) return null;
  if (/^https?:\/\//i.test(href)) {
    try {
      const url = new URL(href);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? href : null;
    } catch {
      return null;
    }
  }
  if (/^mailto:[^/]/i.test(href)) return href;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  if (href.startsWith('#')) return href;
  return null;
}

/** What kind of target a safe href is: external pages open in a new tab, paths go through the router. */
export function hrefKind(href: string): 'external' | 'mailto' | 'path' | 'anchor' {
  if (href.startsWith('#')) return 'anchor';
  if (href.startsWith('/')) return 'path';
  return /^mailto:/i.test(href) ? 'mailto' : 'external';
}
