import { concurrency } from '@farfetched/core';
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import type { UserInfo } from '@contracts';
import { $authToken, authTokenChanged } from '@/shared/api';
import { currentLanguage, showLanguage } from '@/shared/i18n';
import { capCount, formatAmount } from '@/shared/lib/format';
import { userInfoQuery } from '../api/user-info';
import { accountName, certificationInfoPath, verificationOf } from '../lib/derive';
import { readStoredUser, storeUser } from '../lib/storage';

export const $user = createStore<UserInfo | null>(readStoredUser());
export const $isAuthorized = $authToken.map(Boolean);

/** A login or a registration succeeded. */
export const sessionStarted = createEvent<{ token: string; userInfo: UserInfo }>();
/** The session is over (logout, expiry, a guard without token): token and stored user info go. */
export const sessionCleared = createEvent();
/** Ask for fresh user info (every route change, after a payment, after reading notifications). */
export const userInfoRefreshRequested = createEvent();

concurrency(userInfoQuery, { strategy: 'TAKE_LATEST' });

$user
  .on(sessionStarted, (_, { userInfo }) => userInfo)
  .on(userInfoQuery.finished.success, (_, { result }) => result)
  // Not .reset(): the default state is the user read from storage at start, which must go too.
  .on(sessionCleared, () => null);

sample({ clock: sessionStarted, fn: ({ token }) => token, target: authTokenChanged });
sample({ clock: sessionCleared, fn: () => null, target: authTokenChanged });

/** The account's language wins over the browser's (it was chosen while signed in, perhaps in another browser). */
const showAccountLanguageFx = createEffect(async (language: string) => {
  if (language !== currentLanguage()) await showLanguage(language, { remember: true });
});
sample({
  clock: $user.updates.filterMap((user) => user?.language ?? undefined),
  target: showAccountLanguageFx,
});

const persistUserFx = createEffect(storeUser);
sample({ clock: $user.updates, target: persistUserFx });

sample({
  clock: userInfoRefreshRequested,
  source: $authToken,
  filter: Boolean,
  fn: () => undefined,
  target: userInfoQuery.start,
});

export const $accountName = $user.map((user) => (user ? accountName(user) : ''));
export const $verification = $user.map((user) => (user ? verificationOf(user) : null));
export const $certificationInfoPath = $user.map((user) => (user ? certificationInfoPath(user) : null));
export const $pointsText = $user.map((user) => formatAmount(user?.points ?? 0));
export const $unreadBadge = $user.map((user) => capCount(user?.newsNum ?? 0));
export const $isVerified = $user.map((user) => user?.userStatus === 3);
export const $session = combine({ user: $user, authorized: $isAuthorized });
