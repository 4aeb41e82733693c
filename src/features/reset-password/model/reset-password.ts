import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { captchaField, resetPasswordRequest } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { withRedirectQuery } from '@/shared/lib/url';
import { $location, navigateFx, paths } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { createCaptcha, createCodeSender, failureText } from '@/entities/auth-code';
import { resetPasswordMutation } from '../api/reset-password';

/** Mounted with the form: fetches a captcha on open, forgets what was typed on close. */
export const ResetPasswordGate = createGate();

export const resetPasswordForm = createForm({
  schema: resetPasswordRequest,
  initialValues: { phone: '', captcha: '', smsCode: '', password: '', confirmPassword: '' },
  // The captcha only guards the sending of the code, so it is checked on blur but not on submit.
  fieldSchemas: { captcha: captchaField },
});

export const resetPasswordCaptcha = createCaptcha();
export const resetCodeSender = createCodeSender({ purpose: 'reset', form: resetPasswordForm, captcha: resetPasswordCaptcha });

export const resetPasswordSubmitted = createEvent();
export const $resetPending = resetPasswordMutation.$pending;
/** The server's answer to a failed call (sending the code or resetting), shown under the form. */
export const $resetError = createStore('');

sample({ clock: resetPasswordSubmitted, target: [resetPasswordForm.submitted, $resetError.reinit] });
sample({ clock: resetCodeSender.codeRequested, target: $resetError.reinit });
sample({ clock: ResetPasswordGate.open, target: resetPasswordCaptcha.captchaRefreshed });
sample({ clock: ResetPasswordGate.close, target: [resetPasswordForm.reset, $resetError.reinit] });

sample({
  clock: resetPasswordForm.validated,
  source: resetPasswordMutation.$pending,
  filter: (pending) => !pending,
  fn: (_, { phone, smsCode, password, confirmPassword }) => ({ phone, smsCode, password, confirmPassword }),
  target: resetPasswordMutation.start,
});

sample({
  clock: resetPasswordMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('auth:reset.success') }),
  target: showToastFx,
});
// Back to sign-in with the new password; the redirect target survives the detour.
sample({
  clock: resetPasswordMutation.finished.success,
  source: $location,
  fn: ({ search }) => ({ to: withRedirectQuery(paths.login, search), replace: true }),
  target: navigateFx,
});

sample({ clock: resetPasswordMutation.finished.failure, fn: ({ error }) => failureText(error), target: $resetError });
sample({ clock: resetCodeSender.codeFailed, target: $resetError });
