import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { z } from 'zod';
import { captchaField, registerRequest } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { redirectTargetOf } from '@/shared/lib/url';
import { $location, navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { createCaptcha, createCodeSender, failureText } from '@/entities/auth-code';
import { sessionStarted } from '@/entities/session';
import { registerMutation } from '../api/register';

/** Message reference of the agreement checkbox (a key of the auth namespace). */
export const AGREEMENT_REQUIRED = 'auth:register.agreementRequired';

const agreementSchema = z.object({
  agreed: z.literal(true, { errorMap: () => ({ message: AGREEMENT_REQUIRED }) }),
});

/** Mounted with the form: fetches a captcha on open, forgets what was typed on close. */
export const RegisterGate = createGate();

/** What the form holds; `agreed` is a boolean the checkbox toggles (the schema then demands `true`). */
type RegisterValues = { phone: string; captcha: string; smsCode: string; password: string; confirmPassword: string; agreed: boolean };
const emptyRegistration: RegisterValues = { phone: '', captcha: '', smsCode: '', password: '', confirmPassword: '', agreed: false };

export const registerForm = createForm({
  schema: registerRequest.and(agreementSchema),
  initialValues: emptyRegistration,
  // The captcha only guards the sending of the code, so it is checked on blur but not on submit.
  fieldSchemas: { captcha: captchaField },
});

export const registerCaptcha = createCaptcha();
export const registerCodeSender = createCodeSender({ purpose: 'register', form: registerForm, captcha: registerCaptcha });

export const registerSubmitted = createEvent();
export const agreementToggled = createEvent<boolean>();
export const $registerPending = registerMutation.$pending;
/** The server's answer to a failed call (sending the code or registering), shown under the form. */
export const $registerError = createStore('');

sample({ clock: agreementToggled, fn: (value) => ({ name: 'agreed' as const, value }), target: registerForm.fieldChanged });
sample({ clock: agreementToggled, fn: () => 'agreed' as const, target: registerForm.fieldBlurred });
sample({ clock: registerSubmitted, target: [registerForm.submitted, $registerError.reinit] });
sample({ clock: registerCodeSender.codeRequested, target: $registerError.reinit });
sample({ clock: RegisterGate.open, target: registerCaptcha.captchaRefreshed });
sample({ clock: RegisterGate.close, target: [registerForm.reset, $registerError.reinit] });

sample({
  clock: registerForm.validated,
  source: registerMutation.$pending,
  filter: (pending) => !pending,
  fn: (_, { phone, smsCode, password, confirmPassword }) => ({ phone, smsCode, password, confirmPassword }),
  target: registerMutation.start,
});

sample({ clock: registerMutation.finished.success, fn: ({ result }) => result, target: sessionStarted });
sample({
  clock: registerMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('auth:register.success') }),
  target: showToastFx,
});
sample({
  clock: registerMutation.finished.success,
  source: $location,
  fn: ({ search }) => ({ to: redirectTargetOf(search), replace: true }),
  target: navigateFx,
});

sample({ clock: registerMutation.finished.failure, fn: ({ error }) => failureText(error), target: $registerError });
sample({ clock: registerCodeSender.codeFailed, target: $registerError });
