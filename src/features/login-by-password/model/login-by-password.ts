import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { loginRequest } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { redirectTargetOf } from '@/shared/lib/url';
import { $location, navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { createCaptcha, failureText } from '@/entities/auth-code';
import { sessionStarted } from '@/entities/session';
import { loginMutation } from '../api/login';

/** Mounted with the form: fetches a captcha on open, forgets what was typed on close. */
export const PasswordLoginGate = createGate();

export const passwordLoginForm = createForm({
  schema: loginRequest.omit({ captchaId: true }),
  initialValues: { phone: '', password: '', captcha: '' },
});

export const passwordLoginCaptcha = createCaptcha();

export const loginFormSubmitted = createEvent();
export const $loginPending = loginMutation.$pending;
/** The server's answer to a failed login, shown under the form. */
export const $loginError = createStore('');

sample({ clock: loginFormSubmitted, target: passwordLoginForm.submitted });
sample({ clock: PasswordLoginGate.open, target: passwordLoginCaptcha.captchaRefreshed });
sample({ clock: PasswordLoginGate.close, target: [passwordLoginForm.reset, $loginError.reinit] });
sample({ clock: loginFormSubmitted, target: $loginError.reinit });

sample({
  clock: passwordLoginForm.validated,
  source: { captchaId: passwordLoginCaptcha.$captchaId, pending: loginMutation.$pending },
  filter: ({ pending }) => !pending,
  fn: ({ captchaId }, values) => ({ ...values, captchaId }),
  target: loginMutation.start,
});

sample({ clock: loginMutation.finished.success, fn: ({ result }) => result, target: sessionStarted });
sample({
  clock: loginMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('auth:login.success') }),
  target: showToastFx,
});
sample({
  clock: loginMutation.finished.success,
  source: $location,
  fn: ({ search }) => ({ to: redirectTargetOf(search), replace: true }),
  target: navigateFx,
});

// The captcha was spent by the attempt: show why, fetch a new one and clear the old answer.
sample({ clock: loginMutation.finished.failure, fn: ({ error }) => failureText(error), target: $loginError });
sample({ clock: loginMutation.finished.failure, target: passwordLoginCaptcha.captchaRefreshed });
sample({ clock: loginMutation.finished.failure, fn: () => ({ captcha: '' }), target: passwordLoginForm.valuesPatched });
