import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { apiBaseUrl, reloadOnExpiryPaths } from '../config';
import { translate } from '../i18n';
import { readText, removeKey, writeText } from '../lib/storage';
import type { ApiError } from './api-error';
import { classifyFailure, type FailureOutcome } from './catalogue';
import type { FormFields } from './encode';
import { sendRequest, type RequestConfig } from './http';
import { sendUpload, type UploadConfig, type UploadControl } from './upload';

/** Local-storage key of the bearer token (spec section 3). */
export const AUTH_TOKEN_KEY = 'Authorization';

const currentPath = (): string => globalThis.location?.pathname ?? '/';
const currentPathWithQuery = (): string => (globalThis.location ? `${globalThis.location.pathname}${globalThis.location.search}` : '/');

export const $authToken = createStore<string | null>(readText('local', AUTH_TOKEN_KEY));
/** Set after a login (the new token) or when the session ends (null). */
export const authTokenChanged = createEvent<string | null>();
$authToken.on(authTokenChanged, (_, token) => token);

const persistTokenFx = createEffect((token: string | null) => {
  if (token) writeText('local', AUTH_TOKEN_KEY, token);
  else removeKey('local', AUTH_TOKEN_KEY);
});
sample({ clock: authTokenChanged, target: persistTokenFx });

const sendFx = createEffect<{ config: RequestConfig; token: string | null }, unknown, ApiError>(({ config, token }) =>
  sendRequest(config, { baseUrl: apiBaseUrl, token, pagePath: currentPathWithQuery() }),
);

/** Every call of the app goes through here, so the error catalogue below sees every failure. */
export const requestFx = attach({
  source: $authToken,
  mapParams: (config: RequestConfig, token) => ({ config, token }),
  effect: sendFx,
});

/** The same call without the catalogue, for the few calls whose failures the caller handles itself (logout). */
const quietRequestFx = attach({
  source: $authToken,
  mapParams: (config: RequestConfig, token) => ({ config, token }),
  effect: sendFx,
});

/**
 * Builds the effect of one API call; farfetched queries and mutations wrap these.
 * `quiet` skips the error catalogue: the caller shows its own outcome.
 */
export function createApiEffect<Params = void>(build: (params: Params) => RequestConfig, options: { quiet?: boolean } = {}) {
  const run = options.quiet ? quietRequestFx : requestFx;
  return createEffect<Params, unknown, ApiError>((params) => run(build(params)));
}

type ApiEffectOptions = { quiet?: boolean };
type Payload<Params, Fields> = (params: Params) => Fields;

const withQuery =
  (method: 'GET' | 'DELETE') =>
  <Params = void>(path: string, query?: Payload<Params, FormFields>, options?: ApiEffectOptions) =>
    createApiEffect<Params>((params) => ({ method, path, ...(query ? { query: query(params) } : {}) }), options);

const withBody =
  (method: 'POST' | 'PUT') =>
  <Params = void>(path: string, body?: Payload<Params, FormFields>, options?: ApiEffectOptions) =>
    createApiEffect<Params>((params) => ({ method, path, ...(body ? { body: body(params) } : {}) }), options);

/**
 * The named helpers of spec section 7 ("the shared layer also offers get, post, postForm, put and delete"),
 * each building the effect of one call on top of `requestFx`: `get` / `delete` send the fields as the query
 * string, `post` / `put` as a url-encoded form, `postForm` as multipart (files). Options: `quiet` as in
 * `createApiEffect`.
 */
export const api = {
  get: withQuery('GET'),
  post: withBody('POST'),
  postForm: <Params>(path: string, body: Payload<Params, FormData>, options?: ApiEffectOptions) =>
    createApiEffect<Params>((params) => ({ method: 'POST', path, body: body(params) }), options),
  put: withBody('PUT'),
  delete: withQuery('DELETE'),
};

export type UploadParams = UploadConfig & UploadControl;

const sendUploadFx = createEffect<{ params: UploadParams; token: string | null }, unknown, ApiError>(({ params, token }) => {
  const { onProgress, signal, ...config } = params;
  return sendUpload(config, { baseUrl: apiBaseUrl, token, pagePath: currentPathWithQuery() }, { onProgress, signal });
});

/** Every file upload goes through here (multipart over XMLHttpRequest, with progress and cancel). */
const uploadRequestFx = attach({
  source: $authToken,
  mapParams: (params: UploadParams, token) => ({ params, token }),
  effect: sendUploadFx,
});

/**
 * Builds the effect of one upload call: progress through `onProgress`, cancel through `signal`.
 * Failures go through the same error catalogue as other calls (a cancel shows nothing).
 */
export function createUploadEffect<Params>(build: (params: Params) => UploadParams) {
  return createEffect<Params, unknown, ApiError>((params) => uploadRequestFx(build(params)));
}

export type Notice = { type: 'error' | 'info'; text: string };

/** A message the catalogue wants shown as a toast. */
export const noticeShown = createEvent<Notice>();
/** The server said the session is over: the app clears it and leaves for /login (or reloads). */
export const sessionExpired = createEvent<{ text: string; reload: boolean }>();

const classifyFx = createEffect((error: ApiError) => classifyFailure(error, currentPath(), reloadOnExpiryPaths));
sample({ clock: [requestFx.failData, uploadRequestFx.failData], target: classifyFx });

const textOf = (outcome: FailureOutcome): string => {
  if (outcome.kind === 'silent') return '';
  if ('text' in outcome && outcome.text) return outcome.text;
  return 'messageKey' in outcome && outcome.messageKey ? translate(outcome.messageKey) : '';
};

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
