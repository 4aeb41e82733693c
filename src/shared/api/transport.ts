import { attach, createEffect, merge, type Store } from 'effector';
import { apiBaseUrl } from '../config';
import { i18n } from '../i18n';
import type { ApiError } from './api-error';
import type { FormFields } from './encode';
import { sendRequest, type AuthScheme, type RequestConfig } from './http';
import { sendUpload, type UploadConfig, type UploadControl } from './upload';

export type UploadParams = UploadConfig & UploadControl;
type ApiEffectOptions = { quiet?: boolean };
type Payload<Params, Fields> = (params: Params) => Fields;

/** What every call carries besides its token: the page that made it and the language the app shows. */
const callContext = () => ({ pagePath: currentPathWithQuery(), language: i18n.language || undefined });

const currentPathWithQuery = (): string => (globalThis.location ? `${globalThis.location.pathname}${globalThis.location.search}` : '/');

/**
 * One way of calling the API with a session token: the user app's (`Bearer`, request.ts) and the staff
 * console's (`Staff`, staff-request.ts) are two of these, differing only in where the token is kept and how
 * it is sent. Each answers its own effects, helpers and `failed` (every failure of a call that is not quiet),
 * which its owner hands to its error catalogue.
 */
export function createTransport({ $token, scheme }: { $token: Store<string | null>; scheme: AuthScheme }) {
  const sendFx = createEffect<{ config: RequestConfig; token: string | null }, unknown, ApiError>(({ config, token }) =>
    sendRequest(config, { baseUrl: apiBaseUrl, token, scheme, ...callContext() }),
  );

  /** Every call goes through here, so the owner's error catalogue sees every failure. */
  const requestFx = attach({
    source: $token,
    mapParams: (config: RequestConfig, token) => ({ config, token }),
    effect: sendFx,
  });

  /** The same call without the catalogue, for the calls whose failures the caller handles itself. */
  const quietRequestFx = attach({
    source: $token,
    mapParams: (config: RequestConfig, token) => ({ config, token }),
    effect: sendFx,
  });

  /**
   * Builds the effect of one API call; farfetched queries and mutations wrap these.
   * `quiet` skips the error catalogue: the caller shows its own outcome.
   */
  function createApiEffect<Params = void>(build: (params: Params) => RequestConfig, options: ApiEffectOptions = {}) {
    const run = options.quiet ? quietRequestFx : requestFx;
    return createEffect<Params, unknown, ApiError>((params) => run(build(params)));
  }

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
   * string, `post` / `put` as a url-encoded form, `postForm` as multipart (files). The calls of the newer
   * contracts name a record in their path and send nested fields: `getAt` / `postJson` build the path from
   * the parameters (`postJson` sends JSON), `putBytes` sends raw bytes with headers of their own. Options:
   * `quiet` as in `createApiEffect`.
   */
  const api = {
    getAt: <Params>(path: (params: Params) => string, options?: ApiEffectOptions) =>
      createApiEffect<Params>((params) => ({ method: 'GET', path: path(params) }), options),
    postJson: <Params = void>(path: (params: Params) => string, json?: (params: Params) => unknown, options?: ApiEffectOptions) =>
      createApiEffect<Params>((params) => ({ method: 'POST', path: path(params), json: json ? json(params) : {} }), options),
    putBytes: <Params>(
      path: (params: Params) => string,
      body: (params: Params) => { bytes: Blob; headers: Record<string, string> },
      options?: ApiEffectOptions,
    ) => createApiEffect<Params>((params) => ({ method: 'PUT', path: path(params), ...body(params) }), options),
    get: withQuery('GET'),
    post: withBody('POST'),
    postForm: <Params>(path: string, body: Payload<Params, FormData>, options?: ApiEffectOptions) =>
      createApiEffect<Params>((params) => ({ method: 'POST', path, body: body(params) }), options),
    put: withBody('PUT'),
    delete: withQuery('DELETE'),
  };

  const sendUploadFx = createEffect<{ params: UploadParams; token: string | null }, unknown, ApiError>(({ params, token }) => {
    const { onProgress, signal, ...config } = params;
    return sendUpload(config, { baseUrl: apiBaseUrl, token, scheme, ...callContext() }, { onProgress, signal });
  });

  /** Every file upload goes through here (a raw body over XMLHttpRequest, with progress and cancel). */
  const uploadRequestFx = attach({
    source: $token,
    mapParams: (params: UploadParams, token) => ({ params, token }),
    effect: sendUploadFx,
  });

  /**
   * Builds the effect of one upload call: progress through `onProgress`, cancel through `signal`.
   * Failures go through the same error catalogue as other calls (a cancel shows nothing).
   */
  function createUploadEffect<Params>(build: (params: Params) => UploadParams) {
    return createEffect<Params, unknown, ApiError>((params) => uploadRequestFx(build(params)));
  }

  /** The failures the owner's catalogue classifies: every call and upload but the quiet ones. */
  const failed = merge([requestFx.failData, uploadRequestFx.failData]);

  return { requestFx, uploadRequestFx, createApiEffect, createUploadEffect, api, failed };
}
