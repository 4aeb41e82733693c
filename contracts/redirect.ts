const PROBE_BASE = 'http://same.invalid';
const MAX_DECODE_ROUNDS = 8;

/** Decodes `%XX` escapes of ASCII characters only (never throws); other escapes stay as they are. */
function decodeAsciiEscapes(value: string): string {
  return value.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * What a browser, a router or a server that decodes once more could make of `value`: every ASCII
 * escape decoded until nothing changes (double and triple encoding included), backslashes read as
 * slashes (browsers do so in paths). Only used to decide; never returned.
 */
function worstReading(value: string): string {
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    const next = decodeAsciiEscapes(current);
    if (next === current) break;
    current = next;
  }
  return current.replace(/\\/g, '/');
}

/** A same-origin path with exactly one leading slash, also after dot segments are resolved. */
function isSamePath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  try {
    const url = new URL(value, PROBE_BASE);
    return url.origin === PROBE_BASE && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/**
 * The one check for every redirect-like query value (`redirect`, `goBackUrl`, anything that becomes a
 * link or a navigation): normalise first, then decide.
 *
 * The value is resolved as a URL (dot segments, `/./`, `/../` collapse) and, separately, read in the worst
 * way a browser could (every ASCII escape decoded, `\` as `/`). Both readings must be a path of this site
 * with exactly one leading slash and no control character (tabs and newlines are dropped by browsers,
 * which turns `/\t/evil` into `//evil`). Anything else (`//host`, `/\host`, `/.//host`, `https://…`,
 * `javascript:`, `data:`) answers `fallback`. The answer is the normalised path with its query and hash,
 * so `/.//evil.example` can never come back as `//evil.example`.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/home'): string {
  if (typeof raw !== 'string') return fallback;
  let value = raw.trim();
  if (!value) return fallback;
  // A target may arrive encoded once more than needed (`%2Fsetting%3Fa%3D1`).
  if (/^%2f/i.test(value)) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return fallback;
    }
  }
  if (/\\/.test(value) || !isSamePath(value) || !isSamePath(worstReading(value))) return fallback;
  const url = new URL(value, PROBE_BASE);
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  // The normalised form must pass the same test (it is what the link or the router receives).
  return isSamePath(normalised) && isSamePath(worstReading(normalised)) ? normalised : fallback;
}

/** The login address that brings the visitor back to `path` (path with its query) afterwards. */
export function loginPathFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}
