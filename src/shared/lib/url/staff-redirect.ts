import { isStaffPath, paths } from '../../routing';
import { safeRedirect } from '@contracts';

const REDIRECT_PARAM = 'redirect';

/** The staff sign-in address that brings the person back to `path` (with its query) afterwards. */
export const staffLoginPathFor = (path: string): string =>
  isStaffPath(path) && path !== paths.staffLogin && !path.startsWith(`${paths.staffLogin}?`)
    ? `${paths.staffLogin}?${REDIRECT_PARAM}=${encodeURIComponent(path)}`
    : paths.staffLogin;

/** Where a finished staff sign-in goes: the `redirect` parameter when it is a console page, else /staff. */
export function staffRedirectTarget(search: string): string {
  const target = safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM), paths.staff);
  const pathname = target.split(/[?#]/)[0] ?? '';
  return isStaffPath(pathname) && pathname !== paths.staffLogin ? target : paths.staff;
}
