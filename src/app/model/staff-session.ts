import { createEvent, createStore, sample } from 'effector';
import { staffSessionExpired } from '@/shared/api';
import { staffLoginPathFor } from '@/shared/lib/url';
import { $location, navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { $hasStaffToken, $signingOut, staffSessionCleared, staffSignedIn } from '@/entities/staff-member';

/**
 * The staff console's session expiry: the server's words, the staff token cleared, then
 * /staff/login with the way back (never the user's /login). Imported by the console's layout only, so it is
 * part of the console's chunk. Several calls in flight may all answer 408: only the first is acted on. A call
 * that was in flight when the member signed out answers 408 too: that is the sign-out's own end, not an expiry,
 * so it is not acted on while signing out or once the token is gone (else the sign-in would get a way back).
 */
const staffSessionEnded = createEvent<{ text: string }>();
const $staffSessionEnding = createStore(false)
  .on(staffSessionEnded, () => true)
  .reset(staffSignedIn);

sample({
  clock: staffSessionExpired,
  source: { ending: $staffSessionEnding, signingOut: $signingOut, hasToken: $hasStaffToken },
  filter: ({ ending, signingOut, hasToken }) => !ending && !signingOut && hasToken,
  fn: (_, expiry) => expiry,
  target: staffSessionEnded,
});
sample({ clock: staffSessionEnded, fn: ({ text }) => ({ type: 'warning' as const, text }), target: showToastFx });
sample({ clock: staffSessionEnded, target: staffSessionCleared });
sample({
  clock: staffSessionEnded,
  source: $location,
  fn: ({ pathname, search }) => ({ to: staffLoginPathFor(`${pathname}${search}`), replace: true }),
  target: navigateFx,
});
