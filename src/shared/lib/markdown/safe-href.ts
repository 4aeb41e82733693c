/**
 * The link targets content may use: http(s) addresses, mailto, same-origin paths and in-page anchors.
 * Anything else (javascript:, data:, vbscript:, protocol-relative `//host`, relative names) is refused.
 * Whitespace, control characters and backslashes refuse a link outright: browsers drop tabs and newlines
 * from URLs and read `\` as `/`, so `/\evil.example` or `/<tab>/evil.example` would leave the site.
 */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (href === '' || /[\s\u0000-\u001f\u007f-\u009f\\]/u.test(href)) return null;
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
