import { ApiError } from '@/shared/api';

/** Why a recording could not start or go on; each names its text under `mobileRecorder.error` (capture). */
export type RecorderErrorKey = 'permission' | 'noDevice' | 'unsupported' | 'network' | 'refused' | 'failed';

/** A failure the recorder names itself (the browser cannot record, the server refused a piece ...). */
export class RecorderError extends Error {
  constructor(
    readonly key: RecorderErrorKey,
    message = key,
  ) {
    super(message);
  }
}

/** The key of a failure of getUserMedia, MediaRecorder or a call. */
export function errorKeyOf(error: unknown): RecorderErrorKey {
  if (error instanceof RecorderError) return error.key;
  if (error instanceof ApiError) return error.network ? 'network' : 'refused';
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'permission';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noDevice';
  if (name === 'NotSupportedError') return 'unsupported';
  if (error instanceof TypeError) return 'network';
  return 'failed';
}

/** A failure worth sending the piece again for: the connection, or a server that is busy or restarting. */
export const isTransientFailure = (error: unknown): boolean =>
  errorKeyOf(error) === 'network' || (error instanceof ApiError && (error.code >= 500 || error.code === 429));

/** The server's own words for a refusal (the balance, a limit ...), shown instead of the general text. */
export const serverMessageOf = (error: unknown): string =>
  error instanceof ApiError && !error.network && error.message.trim() ? error.message.trim() : '';
