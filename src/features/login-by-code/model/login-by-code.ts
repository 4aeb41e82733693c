import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { captchaField, smsLoginRequest } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { redirectTargetOf } from '@/shared/lib/url';
import { $location, navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { createCaptcha, createCodeSender, failureText } from '@/entities/auth-code';
import { sessionStarted } from '@/entities/session';
import { codeLoginMutation } from '../api/code-login';

/** Mounted with the form: fetches a captcha on open, forgets what was typed on close. */
export const CodeLoginGate = createGate();

export const codeLoginForm = createForm({
  schema: smsLoginRequest,
  initialValues: { phone: '', captcha: '', smsCode: '' },
  // The captcha only guards the sending of the code, so it is checked on blur but not on submit.
  fieldSchemas: { captcha: captchaField },
});

export const codeLoginCaptcha = createCaptcha();
export const codeLoginSender = createCodeSender({ purpose: 'login', form: codeLoginForm, captcha: codeLoginCaptcha });

export const codeLoginSubmitted = createEvent();
export const $codeLoginPending = codeLoginMutation.$pending;
/** The server's answer to a failed call (sending the code or logging in), shown under the form. */
export const $codeLoginError = createStore('');

sample({ clock: codeLoginSubmitted, target: [codeLoginForm.submitted, $codeLoginError.reinit] });
sample({ clock: codeLoginSender.codeRequested, target: $codeLoginError.reinit });
sample({ clock: CodeLoginGate.open, target: codeLoginCaptcha.captchaRefreshed });
sample({ clock: CodeLoginGate.close, target: [codeLoginForm.reset, $codeLoginError.reinit] });

sample({
  clock: codeLoginForm.validated,
  source: codeLoginMutation.$pending,
  filter: (pending) => !pending,
  fn: (_, { phone, smsCode }) => ({ phone, smsCode }),
  target: codeLoginMutation.start,
});

sample({ clock: codeLoginMutation.finished.success, fn: ({ result }) => result, target: sessionStarted });
sample({
  clock: codeLoginMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('auth:login.success') }),
  target: showToastFx,
});
sample({
  clock: codeLoginMutation.finished.success,
  source: $location,
  fn: ({ search }) => ({ to: redirectTargetOf(search), replace: true }),
  target: navigateFx,
});

sample({ clock: codeLoginMutation.finished.failure, fn: ({ error }) => failureText(error), target: $codeLoginError });
sample({ clock: codeLoginSender.codeFailed, target: $codeLoginError });
