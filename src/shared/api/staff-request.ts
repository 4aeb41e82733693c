import { createEffect, createEvent, createStore, sample } from 'effector';
import { translate } from '../i18n';
import { removeKey, writeText } from '../lib/storage';
import type { ApiError } from './api-error';
import { classifyStaffFailure, outcomeText, type FailureOutcome } from './catalogue';
import { noticeShown, type Notice } from './request';
import { readStaffToken, STAFF_TOKEN_KEY } from './staff-token';
import { createTransport } from './transport';

/**
 * The staff console's transport: the user app's (request.ts) with the staff token from session
 * storage, sent as `Authorization: Staff <token>`, and its own catalogue (`classifyStaffFailure`): an ended
 * staff session raises `staffSessionExpired` (the console goes to /staff/login), never the user's expiry.
 * Only the console's chunks import it.
 */
export const $staffToken = createStore<string | null>(readStaffToken());
/** Set after a staff sign-in (the new token) or when the staff session ends (null). */
export const staffTokenChanged = createEvent<string | null>();
$staffToken.on(staffTokenChanged, (_, token) => token);

const persistStaffTokenFx = createEffect((token: string | null) => {
  if (token) writeText('session', STAFF_TOKEN_KEY, token);
  else removeKey('session', STAFF_TOKEN_KEY);
});
sample({ clock: staffTokenChanged, target: persistStaffTokenFx });

const staff = createTransport({ $token: $staffToken, scheme: 'Staff' });

/** Every staff call goes through here (what tests replace). */
export const staffRequestFx = staff.requestFx;
/** `get | post | postForm | put | delete` as `api`, with the staff token. */
export const staffApi = staff.api;
export const createStaffUploadEffect = staff.createUploadEffect;

/** The staff session is over (expired, signed out elsewhere, disabled): the console clears it and goes to /staff/login. */
export const staffSessionExpired = createEvent<{ text: string }>();

const classifyStaffFx = createEffect((error: ApiError) => classifyStaffFailure(error));
sample({ clock: staff.failed, target: classifyStaffFx });

const textOf = (outcome: FailureOutcome): string => outcomeText(outcome, (key) => translate(key));

sample({
  clock: classifyStaffFx.doneData,
  filter: (outcome) => outcome.kind === 'toast',
  fn: (outcome): Notice => ({ type: 'error', text: textOf(outcome) }),
  target: noticeShown,
});
sample({
  clock: classifyStaffFx.doneData,
  filter: (outcome) => outcome.kind === 'sessionExpired',
  fn: (outcome) => ({ text: textOf(outcome) }),
  target: staffSessionExpired,
});
