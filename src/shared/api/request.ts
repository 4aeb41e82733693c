import { createEffect, createEvent, createStore, sample } from 'effector';
import { reloadOnExpiryPaths } from '../config';
import { translate } from '../i18n';
import { readText, removeKey, writeText } from '../lib/storage';
import type { ApiError } from './api-error';
import { classifyFailure, outcomeText, type FailureOutcome } from './catalogue';
import { createTransport } from './transport';

export type { UploadParams } from './transport';

/** Local-storage key of the bearer token (spec section 3). */
export const AUTH_TOKEN_KEY = 'Authorization';

const currentPath = (): string => globalThis.location?.pathname ?? '/';

export const $authToken = createStore<string | null>(readText('local', AUTH_TOKEN_KEY));
/** Set after a login (the new token) or when the session ends (null). */
export const authTokenChanged = createEvent<string | null>();
$authToken.on(authTokenChanged, (_, token) => token);

const persistTokenFx = createEffect((token: string | null) => {
  if (token) writeText('local', AUTH_TOKEN_KEY, token);
  else removeKey('local', AUTH_TOKEN_KEY);
});
sample({ clock: authTokenChanged, target: persistTokenFx });

const user = createTransport({ $token: $authToken, scheme: 'Bearer' });

/** Every call of the user app goes through here, so the error catalogue below sees every failure. */
export const requestFx = user.requestFx;

/**
 * Builds the effect of one API call; farfetched queries and mutations wrap these.
 * `quiet` skips the error catalogue: the caller shows its own outcome.
 */
export const createApiEffect = user.createApiEffect;

/**
 * The named helpers of spec section 7 ("the shared layer also offers get, post, postForm, put and delete"),
 * each building the effect of one call on top of `requestFx`: `get` / `delete` send the fields as the query
 * string, `post` / `put` as a url-encoded form, `postForm` as multipart (files). Options: `quiet` as in
 * `createApiEffect`.
 */
export const api = user.api;

/**
 * Builds the effect of one upload call: progress through `onProgress`, cancel through `signal`.
 * Failures go through the same error catalogue as other calls (a cancel shows nothing).
 */
export const createUploadEffect = user.createUploadEffect;

export type Notice = { type: 'error' | 'info'; text: string };

/** A message the catalogue wants shown as a toast. */
export const noticeShown = createEvent<Notice>();
/** The server said the session is over: the app clears it and leaves for /login (or reloads). */
export const sessionExpired = createEvent<{ text: string; reload: boolean }>();

const classifyFx = createEffect((error: ApiError) => classifyFailure(error, currentPath(), reloadOnExpiryPaths));
sample({ clock: user.failed, target: classifyFx });

const textOf = (outcome: FailureOutcome): string => outcomeText(outcome, (key) => translate(key));

sample({
  clock: classifyFx.doneData,
  filter: (outcome) => outcome.kind === 'toast',
  fn: (outcome): Notice => ({ type: 'error', text: textOf(outcome) }),
  target: noticeShown,
});

sample({
  clock: classifyFx.doneData,
  filter: (outcome) => outcome.kind === 'sessionExpired',
  fn: (outcome) => ({ text: textOf(outcome), reload: outcome.kind === 'sessionExpired' && outcome.reload }),
  target: sessionExpired,
});

// Spec section 8: a successful answer whose data is the "certificate is being generated" text is an info message.
sample({
  clock: requestFx.doneData,
  filter: (data) => typeof data === 'string' && data === translate('errors:certificateGenerating'),
  fn: (data) => ({ type: 'info' as const, text: String(data) }),
  target: noticeShown,
});
