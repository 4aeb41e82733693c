import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { interval } from 'patronum';
import { faceQueryFx } from '@/entities/kyc';
import { userInfoRefreshRequested } from '@/entities/session';
import { ApiCode } from '@contracts';
import { faceVerifyUrlRules } from '@/shared/config';
import { allowedProviderUrl } from '@/shared/lib/url';
import { translate } from '@/shared/i18n';
import { navigateFx, paths } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';

/** Spec section 9: the face result is asked for every 3 seconds. */
export const FACE_POLL_MS = 3000;

export const FaceKycGate = createGate<{ url: string; certifyId: string }>();

export type FaceState = 'waiting' | 'passed' | 'stopped';
export const $state = createStore<FaceState>('waiting').reset(FaceKycGate.open);
export const $certifyId = FaceKycGate.state.map((s) => s.certifyId ?? '');
/**
 * The face page for the phone, absolute so a phone scanning the code reaches it; '' unless the query's
 * `url` is a page of the face-verification provider (the sandbox face page, or a configured host): no
 * other site and no `data:` or `javascript:` address becomes a QR code or a link.
 */
export const $qrValue = FaceKycGate.state.map(
  (s) => allowedProviderUrl(s.url ?? '', faceVerifyUrlRules, globalThis.location?.origin ?? '') ?? '',
);

const pollStarted = createEvent();
const pollStopped = createEvent();
const poll = interval({ timeout: FACE_POLL_MS, start: pollStarted, stop: pollStopped });

sample({ clock: FaceKycGate.open, filter: ({ certifyId }) => certifyId !== '', target: pollStarted });
sample({ clock: FaceKycGate.close, target: pollStopped });
sample({
  clock: poll.tick,
  source: { id: $certifyId, state: $state },
  filter: ({ id, state }) => id !== '' && state === 'waiting',
  fn: ({ id }) => id,
  target: faceQueryFx,
});

sample({ clock: faceQueryFx.done, fn: (): FaceState => 'passed', target: $state });
// 400: failed, expired or unknown: polling stops without a message (spec sections 2 and 8).
sample({
  clock: faceQueryFx.failData,
  filter: (error) => error.code === ApiCode.badRequest,
  fn: (): FaceState => 'stopped',
  target: $state,
});
sample({ clock: $state, filter: (state) => state !== 'waiting', target: pollStopped });

sample({ clock: faceQueryFx.done, fn: () => ({ type: 'success' as const, text: translate('kyc:face.success') }), target: showToastFx });
sample({ clock: faceQueryFx.done, target: userInfoRefreshRequested });

export const doneClicked = createEvent();
sample({ clock: doneClicked, fn: () => paths.personageKyc, target: navigateFx });
export const retryClicked = createEvent();
sample({ clock: retryClicked, fn: () => paths.personageKyc, target: navigateFx });
