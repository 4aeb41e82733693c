import { ApiError, NETWORK_FAILURE_CODE } from './api-error';
import { isSuccessCode } from './catalogue';
import { encodeForm, type FormFields } from './encode';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestConfig = {
  method: HttpMethod;
  /** Path under the API base, as spec section 7 writes it without `/api`, e.g. `/user/getUserInfo`. */
  path: string;
  query?: FormFields;
  /** Url-encoded form (default), or multipart when files are sent. */
  body?: FormFields | FormData;
  /** A JSON body instead (requests with nested fields); wins over `body`. */
  json?: unknown;
  /** Raw bytes as application/octet-stream (a recorded piece); wins over `json` and `body`. */
  bytes?: Blob;
  /** Headers of the call itself (e.g. a piece's hash). */
  headers?: Record<string, string>;
};

/** How the token is sent: `Bearer` for a user's session, `Staff` for the staff console's. */
export type AuthScheme = 'Bearer' | 'Staff';

export type Transport = {
  baseUrl: string;
  token: string | null;
  /** `Bearer` when left out. */
  scheme?: AuthScheme;
  pagePath: string;
  /** The web app's current language: sent as `Accept-Language`, so the server answers in it (none: the browser's). */
  language?: string;
};

/** The Authorization header's value for a transport's token (none without a token). */
export const authorizationOf = (transport: Pick<Transport, 'token' | 'scheme'>): string | null =>
  transport.token ? `${transport.scheme ?? 'Bearer'} ${transport.token}` : null;

/** Header that tells the service which page made the call (spec section 7). */
export const PAGE_PATH_HEADER = 'X-Page-Path';

/** Sends one call and unwraps the `{code, msg, data}` envelope: resolves `data`, rejects with ApiError. */
export async function sendRequest(config: RequestConfig, transport: Transport, fetchImpl: typeof fetch = fetch): Promise<unknown> {
  const query = config.query ? encodeForm(config.query).toString() : '';
  const url = `${transport.baseUrl}${config.path}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {
    ...config.headers,
    Accept: 'application/json',
    [PAGE_PATH_HEADER]: encodeURI(transport.pagePath),
  };
  const authorization = authorizationOf(transport);
  if (authorization) headers.Authorization = authorization;
  if (transport.language) headers['Accept-Language'] = transport.language;
  let body: BodyInit | undefined;
  if (config.bytes) {
    body = config.bytes;
    headers['Content-Type'] = 'application/octet-stream';
  } else if (config.json !== undefined) {
    body = JSON.stringify(config.json);
    headers['Content-Type'] = 'application/json';
  } else if (config.body instanceof FormData) body = config.body;
  else if (config.body && config.method !== 'GET') body = encodeForm(config.body);
  else if (config.method === 'POST' || config.method === 'PUT') body = new URLSearchParams();

  let response: Response;
  try {
    response = await fetchImpl(url, { method: config.method, headers, body, credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiError({ code: NETWORK_FAILURE_CODE, message: String(cause), network: true });
  }
  // Spec section 8: 2xx and >= 400 answers carry an envelope for the business layer; anything else
  // (a proxy page, a redirect) or unreadable JSON counts as a failed connection.
  let envelope: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError({ code: NETWORK_FAILURE_CODE, message: `HTTP ${response.status}`, network: true });
  }
  const code = typeof envelope.code === 'number' ? envelope.code : response.status;
  const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
  if (!isSuccessCode(code)) throw new ApiError({ code, message: msg, data: envelope.data });
  return envelope.data ?? null;
}
