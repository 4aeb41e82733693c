import { createEvent, createStore, sample } from 'effector';
import { noticeShown, sessionExpired } from '@/shared/api';
import { loginPathFor } from '@/shared/lib/url';
import { $location, isStaffPath, navigateFx, reloadPageFx, routeChanged } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { sessionCleared, sessionStarted, userInfoRefreshRequested } from '@/entities/session';

// The error catalogue's toasts (spec section 8).
sample({ clock: noticeShown, fn: ({ type, text }) => ({ type, text }), target: showToastFx });

/**
 * Session expiry: message, storage cleared, then /login (or a reload on the public pages that ask for it).
 * Several calls in flight can all answer 408 at once: only the first is acted on, until the next sign-in.
 */
const sessionEnded = createEvent<{ text: string; reload: boolean }>();
const $sessionEnding = createStore(false)
  .on(sessionEnded, () => true)
  .reset(sessionStarted);

sample({ clock: sessionExpired, source: $sessionEnding, filter: (ending) => !ending, fn: (_, expiry) => expiry, target: sessionEnded });

sample({ clock: sessionEnded, fn: ({ text }) => ({ type: 'warning' as const, text }), target: showToastFx });
sample({ clock: sessionEnded, target: sessionCleared });
sample({ clock: sessionEnded, filter: ({ reload }) => reload, target: reloadPageFx });
sample({
  clock: sessionEnded,
  source: $location,
  filter: (_, { reload }) => !reload,
  fn: ({ pathname, search }) => ({ to: pathname === '/login' ? `/login${search}` : loginPathFor(`${pathname}${search}`), replace: true }),
  target: navigateFx,
});

// Spec section 3: user info is refreshed on every route change; not in the staff console, whose pages are no
// user's (a user token left in the browser must not send the console to the user's /login when it has expired).
sample({ clock: routeChanged, filter: ({ pathname }) => !isStaffPath(pathname), target: userInfoRefreshRequested });
