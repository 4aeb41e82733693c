import { allSettled, type Scope } from 'effector';
import { AUTH_TOKEN_KEY, readStaffToken } from '@/shared/api';
import { readText } from '@/shared/lib/storage';
import { loginPathFor, staffLoginPathFor } from '@/shared/lib/url';
import { sessionCleared } from '@/entities/session';
import { HANDOFF_PARAM, redeemHandoffFx, withoutHandoff } from '@/features/handoff-sign-in';
import type { RouteGuard } from './app-router';

/**
 * Login-required routes (spec section 6): without a stored token the stored user info is cleared and
 * the visitor goes to /login with the full path and query as the redirect target. Runs before render.
 * An address carrying a desktop's sign-in code (`?handoff=`, the QR code of /newMobile) is signed in with
 * it first, whoever was signed in before, and opened again without the spent code.
 */
export function createAuthGuard(scope: Scope): RouteGuard {
  return async ({ pathname, search }) => {
    const handoff = new URLSearchParams(search).get(HANDOFF_PARAM);
    if (handoff) {
      await allSettled(redeemHandoffFx, { scope, params: handoff });
      search = new URL(withoutHandoff(pathname, search), 'http://app.invalid').search;
      if (readText('local', AUTH_TOKEN_KEY)) return `${pathname}${search}`;
    }
    if (readText('local', AUTH_TOKEN_KEY)) return null;
    await allSettled(sessionCleared, { scope });
    return loginPathFor(`${pathname}${search}`);
  };
}

/**
 * The staff console's pages: without a staff token in this tab's session storage the person goes to
 * /staff/login with the way back. Whether the role may open the page is the layout's (it knows the role).
 */
export const staffGuard: RouteGuard = ({ pathname, search }) => (readStaffToken() ? null : staffLoginPathFor(`${pathname}${search}`));
