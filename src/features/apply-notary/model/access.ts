import { attach, createEvent, sample } from 'effector';
import { translate } from '@/shared/i18n';
import { navigateFx, paths } from '@/shared/routing';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { $user, notaryAccessOf } from '@/entities/session';

/** Whether the signed-in user may apply for notarisation (spec sections 5, 6 and 8). */
export const $notaryAccess = $user.map((user) => notaryAccessOf(user));

/**
 * 'New notarisation' (or any way into an application): verified users go on to `next`; others hear why not.
 * Spec section 8: not verified -> 'you have not been real-name verified and cannot use this function'; a
 * face-verified user without the supplement -> a confirmation titled 'supplement identity information'
 * whose 'go supplement' leads to /personage-kyc.
 */
export const applyRequested = createEvent<{ next: string }>();

sample({
  clock: applyRequested,
  source: $notaryAccess,
  filter: (access) => access === 'allowed',
  fn: (_, { next }) => next,
  target: navigateFx,
});

sample({
  clock: applyRequested,
  source: $notaryAccess,
  filter: (access) => access === 'notVerified',
  fn: () => ({ type: 'warning' as const, text: translate('notary:access.notVerified') }),
  target: showToastFx,
});

/** Its own confirmation, so the answer is not mistaken for another dialog's. */
const confirmSupplementFx = attach({
  effect: showConfirmFx,
  mapParams: () => ({
    title: translate('notary:access.supplementTitle'),
    content: translate('notary:access.supplementContent'),
    okText: translate('notary:access.goSupplement'),
    cancelText: translate('notary:access.later'),
  }),
});
sample({ clock: applyRequested, source: $notaryAccess, filter: (access) => access === 'needsSupplement', target: confirmSupplementFx });
sample({ clock: confirmSupplementFx.doneData, filter: Boolean, fn: () => paths.personageKyc, target: navigateFx });
