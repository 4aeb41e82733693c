import { sample } from 'effector';
import { noticeShown, sessionExpired } from '@/shared/api';
import { loginPathFor } from '@/shared/lib/url';
import { $location, navigateFx, reloadPageFx, routeChanged } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { sessionCleared, userInfoRefreshRequested } from '@/entities/session';

// The error catalogue's toasts (spec section 8).
sample({ clock: noticeShown, fn: ({ type, text }) => ({ type, text }), target: showToastFx });

// Session expiry: message, storage cleared, then /login (or a reload on the public pages that ask for it).
sample({ clock: sessionExpired, fn: ({ text }) => ({ type: 'warning' as const, text }), target: showToastFx });
sample({ clock: sessionExpired, target: sessionCleared });
sample({ clock: sessionExpired, filter: ({ reload }) => reload, target: reloadPageFx });
sample({
  clock: sessionExpired,
  source: $location,
  filter: (_, { reload }) => !reload,
  fn: ({ pathname, search }) => ({ to: pathname === '/login' ? `/login${search}` : loginPathFor(`${pathname}${search}`), replace: true }),
  target: navigateFx,
});

// Spec section 3: user info is refreshed on every route change.
sample({ clock: routeChanged, target: userInfoRefreshRequested });
