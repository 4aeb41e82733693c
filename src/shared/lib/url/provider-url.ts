/**
 * Where a payment or verification provider may send a visitor: a link or a QR code made from a query
 * value (`/weChat/{orderNo}?url=`, `/personage-face-kyc?url=`) is shown only when it matches one rule.
 */
export type ProviderUrlRule =
  /** An app link of a fixed prefix (`weixin://wxpay/bizpayurl?`); the rest may hold only query characters. */
  | { kind: 'app-link'; prefix: string }
  /** An https page of `host` (`*.alipay.com`: that domain's subdomains, not the bare domain); no user info. */
  | { kind: 'https'; host: string }
  /** A page of this site at exactly `path` (the sandbox providers' pages), absolute or relative. */
  | { kind: 'same-origin'; path: string };

const APP_LINK_REST = /^[A-Za-z0-9._~=&%+-]*$/;

function hostMatches(pattern: string, host: string): boolean {
  const want = pattern.trim().toLowerCase();
  if (!want) return false;
  if (want.startsWith('*.')) {
    const domain = want.slice(1);
    return host.endsWith(domain) && host.length > domain.length;
  }
  return host === want;
}

function matches(rule: ProviderUrlRule, value: string, origin: string): string | null {
  if (rule.kind === 'app-link') {
    const head = value.slice(0, rule.prefix.length);
    const rest = value.slice(rule.prefix.length);
    return head.toLowerCase() === rule.prefix.toLowerCase() && APP_LINK_REST.test(rest) ? `${rule.prefix}${rest}` : null;
  }
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (rule.kind === 'https') {
    if (!/^https:\/\//i.test(value)) return null;
    return url.protocol === 'https:' && hostMatches(rule.host, url.host) ? url.href : null;
  }
  // Same origin: an absolute address of this origin, or a path with exactly one leading slash.
  const absolute = value.toLowerCase().startsWith(`${origin.toLowerCase()}/`);
  if (!absolute && (!value.startsWith('/') || value.startsWith('//'))) return null;
  return url.origin === origin && url.pathname === rule.path ? url.href : null;
}

/**
 * The normalised absolute address of `raw` when it matches one of `rules`, else null. Normalise first,
 * then decide: the value is parsed as a URL (dot segments resolved, host lower-cased) and the parsed
 * form is checked and returned. A backslash, a control character (browsers drop tabs and newlines) or
 * a `%` escape of a dot, slash or backslash in the path is refused outright.
 */
export function allowedProviderUrl(raw: string | null | undefined, rules: readonly ProviderUrlRule[], origin: string): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  // eslint-disable-next-line no-control-regex
  if (!value || /[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  const beforeQuery = value.split(/[?#]/)[0] ?? '';
  if (/%(2e|2f|5c|25)/i.test(beforeQuery)) return null;
  for (const rule of rules) {
    const accepted = matches(rule, value, origin);
    if (accepted) return accepted;
  }
  return null;
}
