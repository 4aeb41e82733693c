/** A failed call: `network` when no answer arrived, otherwise the envelope's business code and msg. */
export class ApiError extends Error {
  readonly code: number;
  readonly network: boolean;
  readonly data: unknown;

  constructor(options: { code: number; message: string; network?: boolean; data?: unknown }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.network = options.network ?? false;
    this.data = options.data ?? null;
  }
}

/** Code used for a failure that never reached the server (no envelope). */
export const NETWORK_FAILURE_CODE = -1;

/** Code of a call the user cancelled (an upload): nothing is shown. */
export const ABORTED_CODE = -2;
