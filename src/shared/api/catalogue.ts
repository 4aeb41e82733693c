import { ApiCode } from '@contracts';
import { ABORTED_CODE, type ApiError } from './api-error';

/**
 * The error catalogue of spec section 8, as a pure decision: what the app does with a failed call.
 * - no answer: the network message;
 * - 408, or 403 anywhere but the root path: the session is over (408 shows the session-expired text,
 *   403 the server's msg); storage is cleared and the visitor goes to /login, or the page reloads on
 *   the public pages that ask for it;
 * - 401 and 403 (on the root path): nothing shown;
 * - a call the user cancelled: nothing shown;
 * - any other code: the server's msg as an error toast.
 */
export type FailureOutcome =
  | { kind: 'toast'; messageKey: string }
  | { kind: 'toast'; text: string }
  | { kind: 'silent' }
  | { kind: 'sessionExpired'; text?: string; messageKey?: string; reload: boolean };

export function classifyFailure(error: ApiError, pathname: string, reloadPaths: readonly string[]): FailureOutcome {
  if (error.code === ABORTED_CODE) return { kind: 'silent' };
  if (error.network) return { kind: 'toast', messageKey: 'errors:network' };
  const reload = reloadPaths.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  if (error.code === ApiCode.sessionExpired) return { kind: 'sessionExpired', messageKey: 'errors:sessionExpired', reload };
  if (error.code === ApiCode.forbidden && pathname !== '/') {
    return { kind: 'sessionExpired', text: error.message, reload };
  }
  if (error.code === ApiCode.unauthorized || error.code === ApiCode.forbidden) return { kind: 'silent' };
  return { kind: 'toast', text: error.message };
}

/**
 * The staff console's catalogue: a staff session that is over or missing (code 408, or 401) sends
 * the person to /staff/login with the server's words; a role's refusal (403) is a message, not a sign-out;
 * no answer is the network message; a cancel shows nothing; anything else the server's msg.
 */
export function classifyStaffFailure(error: ApiError): FailureOutcome {
  if (error.code === ABORTED_CODE) return { kind: 'silent' };
  if (error.network) return { kind: 'toast', messageKey: 'errors:network' };
  if (error.code === ApiCode.sessionExpired || error.code === ApiCode.unauthorized) {
    return error.message
      ? { kind: 'sessionExpired', text: error.message, reload: false }
      : { kind: 'sessionExpired', messageKey: 'errors:sessionExpired', reload: false };
  }
  return { kind: 'toast', text: error.message };
}

/** The words of an outcome: its text, else its message key translated; nothing for a silent one. */
export function outcomeText(outcome: FailureOutcome, translateKey: (key: string) => string): string {
  if (outcome.kind === 'silent') return '';
  if ('text' in outcome && outcome.text) return outcome.text;
  return 'messageKey' in outcome && outcome.messageKey ? translateKey(outcome.messageKey) : '';
}

/** Success code of the envelope: 200, or 0 in the shared wrapper (spec section 7). */
export function isSuccessCode(code: number): boolean {
  return code === ApiCode.ok || code === 0;
}
