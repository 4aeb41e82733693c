import { ABORTED_CODE, ApiError, NETWORK_FAILURE_CODE } from './api-error';
import { isSuccessCode } from './catalogue';
import { authorizationOf, PAGE_PATH_HEADER, type Transport } from './http';

export type UploadProgress = { loaded: number; total: number };

export type UploadConfig = {
  /** Path under the API base, e.g. `/data/upload`. */
  path: string;
  /** Text fields, sent in the query string so the server knows them before the file streams in. */
  fields: Record<string, string | undefined>;
  file: Blob;
  fileName: string;
};

export type UploadControl = {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** The part of XMLHttpRequest the transport uses, so tests can stand in for it. */
export type XhrLike = Pick<XMLHttpRequest, 'open' | 'setRequestHeader' | 'send' | 'abort' | 'status' | 'responseText'> & {
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
};

/**
 * Sends one file as the whole request body (application/octet-stream; the fields and the file name go in
 * the query string) with XMLHttpRequest (fetch reports no upload progress), with the same headers and
 * envelope handling as every other call: resolves `data`, rejects with ApiError; a cancelled upload
 * rejects with code ABORTED_CODE. A raw body spares the server the multipart parsing: it streams the
 * bytes straight into its store.
 */
export function sendUpload(
  config: UploadConfig,
  transport: Transport,
  control: UploadControl = {},
  createXhr: () => XhrLike = () => new XMLHttpRequest() as unknown as XhrLike,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const aborted = () => new ApiError({ code: ABORTED_CODE, message: 'aborted' });
    if (control.signal?.aborted) {
      reject(aborted());
      return;
    }
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(config.fields)) if (value !== undefined) query.append(key, value);
    query.append('fileName', config.fileName);

    const xhr = createXhr();
    xhr.open('POST', `${transport.baseUrl}${config.path}?${query.toString()}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader(PAGE_PATH_HEADER, encodeURI(transport.pagePath));
    const authorization = authorizationOf(transport);
    if (authorization) xhr.setRequestHeader('Authorization', authorization);
    if (transport.language) xhr.setRequestHeader('Accept-Language', transport.language);

    const size = config.file.size;
    xhr.upload.onprogress = (event) => control.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : size });
    const onAbort = () => xhr.abort();
    control.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => control.signal?.removeEventListener('abort', onAbort);

    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError({ code: NETWORK_FAILURE_CODE, message: 'upload failed', network: true }));
    };
    xhr.onload = () => {
      done();
      let envelope: { code?: unknown; msg?: unknown; data?: unknown };
      try {
        envelope = JSON.parse(xhr.responseText) as typeof envelope;
      } catch {
        reject(new ApiError({ code: NETWORK_FAILURE_CODE, message: `HTTP ${xhr.status}`, network: true }));
        return;
      }
      const code = typeof envelope.code === 'number' ? envelope.code : xhr.status;
      const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
      if (!isSuccessCode(code)) reject(new ApiError({ code, message: msg, data: envelope.data }));
      else resolve(envelope.data ?? null);
    };
    xhr.send(config.file);
  });
}
