import { ApiCode } from '../../contracts/index';
import type { Vars } from '../i18n';

/**
 * A refusal the client should see: HTTP status, business code and a message key (`namespace:key`).
 * The error handler translates the key, so services never hold display text.
 */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    readonly messageKey: string,
    readonly vars: Vars = {},
    /** Already translated text (validation messages), used instead of the key. */
    readonly text?: string,
  ) {
    super(messageKey || text);
  }
}

export const badRequest = (messageKey: string, vars?: Vars) => new ApiError(400, ApiCode.badRequest, messageKey, vars);
/** HTTP 401 rather than 408: proxies and browsers may silently retry a 408 response. */
export const sessionExpired = () => new ApiError(401, ApiCode.sessionExpired, 'errors:sessionExpired');
export const notFound = (messageKey = 'errors:notFound') => new ApiError(404, ApiCode.notFound, messageKey);
export const tooManyRequests = (messageKey = 'errors:tooManyRequests', vars?: Vars) =>
  new ApiError(429, ApiCode.tooManyRequests, messageKey, vars);
/** An outside service we depend on (an SMS gateway) did not do its part: HTTP 503, the clear message for the user. */
export const serviceUnavailable = (messageKey: string) => new ApiError(503, ApiCode.serverError, messageKey);
