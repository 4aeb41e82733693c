/** What an SMS is for: each kind is one template registered with the real providers. */
export const SMS_KINDS = ['register', 'login', 'reset', 'cancel', 'verificationResult'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/** The template variables of each kind (the values a real provider fills into the registered template). */
export interface SmsParamsByKind {
  register: { code: string };
  login: { code: string };
  reset: { code: string };
  /** Confirms an account cancellation. */
  cancel: { code: string };
  /** `result`: the decision in a few words (locale `verification:smsResultPassed` / `smsResultFailed`). */
  verificationResult: { result: string };
}

/**
 * The variables of each kind's template, in order: Aliyun templates name them (`${code}`), Tencent Cloud
 * templates number them (`{1}`), in this order.
 */
export const TEMPLATE_VARIABLES: { readonly [K in SmsKind]: readonly (keyof SmsParamsByKind[K])[] } = {
  register: ['code'],
  login: ['code'],
  reset: ['code'],
  cancel: ['code'],
  verificationResult: ['result'],
};

/** The values of a message's variables, in the order of TEMPLATE_VARIABLES (Tencent Cloud's TemplateParamSet). */
export function orderedParams(message: SmsMessage): string[] {
  const params = message.params as unknown as Record<string, string>;
  return (TEMPLATE_VARIABLES[message.kind] as readonly string[]).map((name) => params[name] ?? '');
}

/**
 * One message. `text` is the whole rendered Chinese text: the sandbox keeps exactly it (the /sandbox/sms page
 * and the tests read it); real providers never send it, only the kind's registered template and `params`.
 */
export type SmsMessage = {
  [K in SmsKind]: { phone: string; kind: K; params: SmsParamsByKind[K]; text: string };
}[SmsKind];

/** The SMS gateway. A real one calls a vendor's API; the sandbox keeps the messages for people and tests to read. */
export interface SmsProvider {
  readonly kind: 'sandbox' | 'aliyun' | 'tencent';
  /** Resolves once the provider accepted the message; otherwise throws, an `SmsSendError` when the provider answered. */
  send(message: SmsMessage): Promise<void>;
}

/**
 * Why a message was not sent, as the user is told:
 * - `rateLimited`: the provider's frequency control for this phone (per minute or hour);
 * - `dailyLimit`: the phone's daily quota at the provider is used up;
 * - `badPhone`: the provider refuses the number (malformed, or on a do-not-disturb list);
 * - `unavailable`: everything on our side or the provider's (template, sign name, balance, keys, network).
 */
export type SmsFailure = 'rateLimited' | 'dailyLimit' | 'badPhone' | 'unavailable';

/**
 * A refused or failed send. `code` is the provider's error code (`isv.BUSINESS_LIMIT_CONTROL`,
 * `LimitExceeded.PhoneNumberDailyLimit`, `transport`…), `requestId` its request id when it answered. The message
 * holds neither the text nor the template values (no verification code) nor any key: it may be logged as it is.
 */
export class SmsSendError extends Error {
  constructor(
    readonly provider: 'aliyun' | 'tencent',
    readonly failure: SmsFailure,
    readonly code: string,
    readonly requestId: string | null,
    detail: string,
  ) {
    super(`${provider} SMS ${failure}: ${code}${detail ? ` (${detail})` : ''}`);
    this.name = 'SmsSendError';
  }
}

/**
 * A provider's error message with the message's template values blanked out: some providers echo the
 * parameters they refused, and a verification code must never reach a log. Also cut to a readable length.
 */
export function redactedDetail(detail: unknown, message: SmsMessage): string {
  let text = typeof detail === 'string' ? detail : '';
  for (const value of Object.values(message.params as unknown as Record<string, string>)) {
    if (value.length > 0) text = text.split(value).join('***');
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}
