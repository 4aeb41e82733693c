import { safeRedirect } from '@contracts';

const REDIRECT_PARAM = 'redirect';

/** Where to go after signing in: the `redirect` query parameter when it is a same-origin path, else /home. */
export function redirectTargetOf(search: string): string {
  return safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM));
}

/**
 * `path` carrying over the `redirect` parameter of the current query (links between the sign-in,
 * sign-up and reset screens keep it), plus any `extra` parameters.
 */
export function withRedirectQuery(path: string, search: string, extra: Record<string, string> = {}): string {
  const redirect = new URLSearchParams(search).get(REDIRECT_PARAM);
  const params = new URLSearchParams();
  if (redirect) params.set(REDIRECT_PARAM, redirect);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
