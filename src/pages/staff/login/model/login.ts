import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { ApiError } from '@/shared/api';
import {
  ApiCode,
  staffConfirmRequest,
  staffFirstPasswordRequest,
  staffLoginRequest,
  staffVerifyRequest,
  type StaffEnrolment,
  type StaffNextStep,
} from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { staffRedirectTarget } from '@/shared/lib/url';
import { $location, navigateFx } from '@/shared/routing';
import { failureText } from '@/entities/auth-code';
import { staffSignedIn } from '@/entities/staff-member';
import {
  staffConfirmMutation,
  staffEnrolMutation,
  staffFirstPasswordMutation,
  staffLoginMutation,
  staffVerifyMutation,
} from '../api/sign-in';

/**
 * `/staff/login`: username and password, then what the server asks next: a new password (an
 * administrator's one-time password), TOTP enrolment (QR code of the otpauth URI, confirmed with a first
 * code, then the ten recovery codes shown once), or a TOTP or recovery code. Every step checks its fields
 * with the shared contracts first; the server's refusals are shown under the form. An expired challenge
 * starts again from the first step.
 */
export type SignInStep = 'credentials' | StaffNextStep | 'recoveryCodes';

export const StaffLoginGate = createGate();

export const credentialsForm = createForm({ schema: staffLoginRequest, initialValues: { username: '', password: '' } });
export const newPasswordForm = createForm({
  schema: staffFirstPasswordRequest,
  initialValues: { challenge: '', password: '', confirmPassword: '' },
});
export const enrolForm = createForm({ schema: staffConfirmRequest, initialValues: { challenge: '', code: '' } });
export const verifyForm = createForm({ schema: staffVerifyRequest, initialValues: { challenge: '', code: '', recoveryCode: '' } });

export const credentialsSubmitted = createEvent();
export const newPasswordSubmitted = createEvent();
export const enrolSubmitted = createEvent();
export const verifySubmitted = createEvent();
export const enrolRetried = createEvent();
/** The verify step switches between the app's code and a recovery code. */
export const recoveryToggled = createEvent();
export const recoverySavedToggled = createEvent<boolean>();
export const continueClicked = createEvent();
export const restartClicked = createEvent();

export const $step = createStore<SignInStep>('credentials');
export const $challenge = createStore('');
export const $enrolment = createStore<StaffEnrolment | null>(null);
export const $enrolFailed = createStore(false);
export const $recoveryCodes = createStore<string[]>([]);
export const $useRecovery = createStore(false);
export const $recoverySaved = createStore(false);
/** The server's answer to the last failed step (or why the sign-in starts again), shown under the form. */
export const $error = createStore('');

const mutations = [staffLoginMutation, staffFirstPasswordMutation, staffEnrolMutation, staffConfirmMutation, staffVerifyMutation];
export const $pending = combine(
  mutations.map((mutation) => mutation.$pending),
  (pending) => pending.some(Boolean),
);
export const $enrolPending = staffEnrolMutation.$pending;

/** Back to the first step, with why (empty when the person asked); the username stays typed in. */
const startAgain = createEvent<string>();
for (const store of [$step, $challenge, $enrolment, $enrolFailed, $recoveryCodes, $useRecovery, $recoverySaved]) store.reset(startAgain);
$error.on(startAgain, (_, why) => why);
for (const form of [newPasswordForm, enrolForm, verifyForm]) sample({ clock: startAgain, target: form.reset });
sample({ clock: startAgain, fn: () => ({ password: '' }), target: credentialsForm.valuesPatched });
sample({ clock: [StaffLoginGate.open, StaffLoginGate.close, restartClicked], fn: () => '', target: startAgain });
sample({ clock: [StaffLoginGate.open, StaffLoginGate.close], target: credentialsForm.reset });

sample({ clock: [credentialsSubmitted, newPasswordSubmitted, enrolSubmitted, verifySubmitted], fn: () => '', target: $error });

// Step 1: username and password.
sample({ clock: credentialsSubmitted, target: credentialsForm.submitted });
sample({
  clock: credentialsForm.validated,
  filter: staffLoginMutation.$pending.map((pending) => !pending),
  target: staffLoginMutation.start,
});
sample({ clock: staffLoginMutation.finished.success, fn: ({ result }) => result.challenge, target: $challenge });
sample({ clock: staffLoginMutation.finished.success, fn: ({ result }): SignInStep => result.next, target: $step });
sample({ clock: staffLoginMutation.finished.success, fn: () => ({ password: '' }), target: credentialsForm.valuesPatched });

// Every later form carries the challenge, so the contract checks it with the rest.
sample({
  clock: $challenge.updates,
  fn: (challenge) => ({ challenge }),
  target: [newPasswordForm.valuesPatched, enrolForm.valuesPatched, verifyForm.valuesPatched],
});

// A new password, where an administrator gave a one-time one.
sample({ clock: newPasswordSubmitted, target: newPasswordForm.submitted });
sample({ clock: newPasswordForm.validated, target: staffFirstPasswordMutation.start });
sample({ clock: staffFirstPasswordMutation.finished.success, fn: ({ result }): SignInStep => result.next, target: $step });

// Enrolment: a secret and its QR code on entering the step (again on retry), then the first code.
sample({ clock: $step.updates, filter: (step) => step === 'enrol', fn: () => undefined, target: enrolRetried });
sample({ clock: enrolRetried, source: $challenge, target: staffEnrolMutation.start });
$enrolment.on(staffEnrolMutation.finished.success, (_, { result }) => result).on(enrolRetried, () => null);
$enrolFailed.on(staffEnrolMutation.finished.failure, () => true).on(enrolRetried, () => false);
sample({ clock: enrolSubmitted, target: enrolForm.submitted });
sample({ clock: enrolForm.validated, target: staffConfirmMutation.start });
sample({ clock: staffConfirmMutation.finished.success, fn: ({ result }) => result, target: staffSignedIn });
sample({ clock: staffConfirmMutation.finished.success, fn: ({ result }) => result.recoveryCodes, target: $recoveryCodes });
sample({ clock: staffConfirmMutation.finished.success, fn: (): SignInStep => 'recoveryCodes', target: $step });
$recoverySaved.on(recoverySavedToggled, (_, saved) => saved);

// The second factor: the app's code, or a recovery code.
$useRecovery.on(recoveryToggled, (on) => !on);
sample({ clock: recoveryToggled, fn: () => ({ code: '', recoveryCode: '' }), target: verifyForm.valuesPatched });
sample({ clock: recoveryToggled, fn: () => ({ code: null, recoveryCode: null }), target: verifyForm.errorsPatched });
sample({ clock: verifySubmitted, target: verifyForm.submitted });
sample({ clock: verifyForm.validated, target: staffVerifyMutation.start });
sample({ clock: staffVerifyMutation.finished.success, fn: ({ result }) => result, target: staffSignedIn });

// Into the console: where the person was going, or the role's first page.
const signedInDone = createEvent();
sample({ clock: staffVerifyMutation.finished.success, target: signedInDone });
sample({ clock: continueClicked, source: $recoverySaved, filter: Boolean, target: signedInDone });
sample({
  clock: signedInDone,
  source: $location,
  fn: ({ search }) => ({ to: staffRedirectTarget(search), replace: true }),
  target: navigateFx,
});

// Failures: the server's words under the form; a used-up challenge (or a form that finds it gone) starts again.
const failed = sample({
  clock: mutations.map((mutation) => mutation.finished.failure),
  fn: ({ error }) => ({ expired: error instanceof ApiError && error.code === ApiCode.sessionExpired, text: failureText(error) }),
});
sample({ clock: failed, filter: ({ expired }) => expired, fn: ({ text }) => text, target: startAgain });
sample({ clock: failed, filter: ({ expired }) => !expired, fn: ({ text }) => text, target: $error });
sample({
  clock: [newPasswordForm.rejected, enrolForm.rejected, verifyForm.rejected],
  filter: (errors) => Boolean(errors.challenge),
  fn: () => translate('staff-console:login.expired'),
  target: startAgain,
});
// A wrong code: the field is emptied for the next one.
sample({ clock: staffConfirmMutation.finished.failure, fn: () => ({ code: '' }), target: enrolForm.valuesPatched });
sample({ clock: staffVerifyMutation.finished.failure, fn: () => ({ code: '', recoveryCode: '' }), target: verifyForm.valuesPatched });
