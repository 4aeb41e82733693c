import { concurrency } from '@farfetched/core';
import { createEvent, createStore, sample } from 'effector';
import { $staffToken, staffTokenChanged } from '@/shared/api';
import { type StaffProfile } from '@contracts';
import { navigateFx, paths } from '@/shared/routing';
import { staffLogoutFx, staffMeQuery } from '../api/session';
import { pagesFor } from '../lib/access';

/** The signed-in member of staff (null until /api/staff/me answers, and after signing out). */
export const $staffProfile = createStore<StaffProfile | null>(null);
export const $staffRole = $staffProfile.map((profile) => profile?.role ?? null);
/** The pages the signed-in role may open, in navigation order. */
export const $staffPages = $staffRole.map((role) => (role ? pagesFor(role) : []));
export const $hasStaffToken = $staffToken.map(Boolean);

/** A finished sign-in: the token (kept in session storage) and who signed in. */
export const staffSignedIn = createEvent<{ token: string; staff: StaffProfile }>();
/** The staff session is over here (signed out, expired): token and profile go. */
export const staffSessionCleared = createEvent();
/** Asks who is signed in (the console's layout, on opening). */
export const staffProfileRequested = createEvent();
export const staffSignOutClicked = createEvent();

/** /api/staff/me failed for another reason than an ended session (the layout offers to try again). */
export const $staffProfileFailed = staffMeQuery.$failed;
concurrency(staffMeQuery, { strategy: 'TAKE_LATEST' });

$staffProfile
  .on(staffSignedIn, (_, { staff }) => staff)
  .on(staffMeQuery.finished.success, (_, { result }) => result)
  .on(staffSessionCleared, () => null);

sample({ clock: staffSignedIn, fn: ({ token }) => token, target: staffTokenChanged });
sample({ clock: staffSessionCleared, fn: () => null, target: staffTokenChanged });

sample({ clock: staffProfileRequested, source: $staffToken, filter: Boolean, fn: () => undefined, target: staffMeQuery.start });

// Signing out ends the session on the server (whatever it answers, it ends here too) and goes to the sign-in.
export const $signingOut = staffLogoutFx.pending;
sample({ clock: staffSignOutClicked, source: $signingOut, filter: (busy) => !busy, fn: () => undefined, target: staffLogoutFx });
sample({ clock: staffLogoutFx.finally, target: staffSessionCleared });
sample({ clock: staffLogoutFx.finally, fn: () => ({ to: paths.staffLogin, replace: true }), target: navigateFx });
