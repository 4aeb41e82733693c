/**
 * Accepts only a same-origin path as a post-login target: it must start with exactly one `/`, and
 * contain no backslash or control character (browsers treat `/\evil.example` like `//evil.example`).
 * Anything else, including `//host`, `https://…` and `javascript:`, falls back.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/home'): string {
  if (!raw) return fallback;
  let value = raw.trim();
  try {
    // A target may arrive encoded once more than needed; decoding cannot make an unsafe value safe.
    if (/%2f|%5c/i.test(value.slice(0, 6))) value = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The login address that brings the visitor back to `path` (path with its query) afterwards. */
export function loginPathFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}
