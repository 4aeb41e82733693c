import { allSettled, type Scope } from 'effector';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { AUTH_TOKEN_KEY, readStaffToken } from '@/shared/api';
import { readText } from '@/shared/lib/storage';
import { loginPathFor, staffLoginPathFor } from '@/shared/lib/url';
import { sessionCleared } from '@/entities/session';

/**
 * Login-required routes (spec section 6): without a stored token the stored user info is cleared and
 * the visitor goes to /login with the full path and query as the redirect target. Runs before render.
 */
export function createAuthGuard(scope: Scope) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (readText('local', AUTH_TOKEN_KEY)) return null;
    await allSettled(sessionCleared, { scope });
    const url = new URL(request.url);
    return redirect(loginPathFor(`${url.pathname}${url.search}`));
  };
}

/**
 * The staff console's pages (issue 19): without a staff token in this tab's session storage the person goes to
 * /staff/login with the way back. Whether the role may open the page is the layout's (it knows the role).
 */
export function staffGuard({ request }: LoaderFunctionArgs) {
  if (readStaffToken()) return null;
  const url = new URL(request.url);
  return redirect(staffLoginPathFor(`${url.pathname}${url.search}`));
}
