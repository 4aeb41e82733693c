import { createEvent, sample, type Effect, type Event, type EventCallable, type Store } from 'effector';
import { type ApiError } from '@/shared/api';
import { sendSmsRequest } from '@contracts';
import { createCountdown } from '@/shared/lib/countdown';
import { collectErrors, validationPassed, type ErrorsPatch, type FormModel, type FormValues } from '@/shared/lib/form';
import { translate } from '@/shared/i18n';
import { showToastFx } from '@/shared/ui';
import { createSendCodeMutation, type CodePurpose, type SendCodeBody } from '../api/send-code';
import { failureText } from '../lib/failure-text';
import type { CaptchaModel } from './captcha';

/** Seconds before another code may be asked for when the server does not say. */
export const DEFAULT_RESEND_SECONDS = 60;

type CodeFields = { phone: string; captcha: string };

export type CodeSenderModel = {
  /** The "get code" button was pressed. */
  codeRequested: EventCallable<void>;
  /** Seconds until another code may be asked for; 0 when it may be asked now. */
  $remaining: Store<number>;
  $sending: Store<boolean>;
  /** A code was sent. */
  codeSent: Event<void>;
  /** Sending failed; the text to show (already toasted by the error catalogue). */
  codeFailed: Event<string>;
  /** The call itself, for tests. */
  sendCodeFx: Effect<SendCodeBody, unknown, ApiError>;
};

/**
 * The "get SMS code" flow of a form with `phone` and `captcha` fields: checks both with the contract,
 * sends the code with the form's captcha, then counts down the server's `resendAfter` before another
 * request. The captcha is spent by the call either way, so a new one is fetched and the field cleared.
 */
export function createCodeSender<V extends FormValues & CodeFields, Out>(config: {
  purpose: CodePurpose;
  form: FormModel<V, Out>;
  captcha: CaptchaModel;
  tickMs?: number;
}): CodeSenderModel {
  const { purpose, form, captcha, tickMs } = config;
  const { sendCodeMutation, sendCodeFx } = createSendCodeMutation(purpose);
  const countdown = createCountdown({ tickMs });
  const codeRequested = createEvent();

  const checked = sample({
    clock: codeRequested,
    source: { values: form.$values, captchaId: captcha.$captchaId, counting: countdown.$counting, sending: sendCodeMutation.$pending },
    filter: ({ counting, sending }) => !counting && !sending,
    fn: ({ values, captchaId }) =>
      collectErrors<keyof SendCodeBody>(sendSmsRequest, { phone: values.phone, captcha: values.captcha, captchaId }),
  });

  sample({
    clock: checked,
    fn: ({ errors }) => ({ phone: errors.phone ?? null, captcha: errors.captcha ?? null }) as ErrorsPatch<V>,
    target: form.errorsPatched,
  });

  // Without a captcha id (the image never loaded) there is nothing to answer: fetch one.
  sample({ clock: checked, filter: ({ errors }) => Boolean(errors.captchaId) && !errors.captcha, target: captcha.captchaRefreshed });

  sample({
    clock: checked,
    filter: validationPassed<keyof SendCodeBody>,
    fn: ({ data }) => data as SendCodeBody,
    target: sendCodeMutation.start,
  });

  sample({
    clock: sendCodeMutation.finished.success,
    fn: ({ result }) => (result.resendAfter > 0 ? result.resendAfter : DEFAULT_RESEND_SECONDS),
    target: countdown.started,
  });

  const codeSent = sample({ clock: sendCodeMutation.finished.success, fn: () => undefined });
  sample({ clock: codeSent, fn: () => ({ type: 'success' as const, text: translate('auth:code.sent') }), target: showToastFx });

  const codeFailed = sample({ clock: sendCodeMutation.finished.failure, fn: ({ error }) => failureText(error) });

  sample({ clock: sendCodeMutation.finished.finally, target: captcha.captchaRefreshed });
  sample({ clock: sendCodeMutation.finished.finally, fn: () => ({ captcha: '' }) as Partial<V>, target: form.valuesPatched });

  return {
    codeRequested,
    $remaining: countdown.$remaining,
    $sending: sendCodeMutation.$pending,
    codeSent,
    codeFailed,
    sendCodeFx,
  };
}
