import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { staffPasswordRequest, staffRecoveryRequest } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { showToastFx } from '@/shared/ui';
import { failureText } from '@/entities/auth-code';
import { staffProfileRequested } from '@/entities/staff-member';
import { changeStaffPasswordMutation, renewRecoveryCodesMutation } from '../api/profile';

/** `/staff/profile`: one's own account: facts, a new password, new recovery codes. */
export const StaffProfileGate = createGate();

export const passwordForm = createForm({
  schema: staffPasswordRequest,
  initialValues: { oldPassword: '', password: '', confirmPassword: '' },
});
export const recoveryForm = createForm({ schema: staffRecoveryRequest, initialValues: { code: '' } });

export const passwordSubmitted = createEvent();
export const recoverySubmitted = createEvent();
export const codesClosed = createEvent();

export const $passwordError = createStore('');
export const $recoveryError = createStore('');
/** New recovery codes, shown once in a dialog. */
export const $newCodes = createStore<string[]>([]);
export const $passwordPending = changeStaffPasswordMutation.$pending;
export const $recoveryPending = renewRecoveryCodesMutation.$pending;

const leave = [StaffProfileGate.close];
for (const store of [$passwordError, $recoveryError, $newCodes]) store.reset(leave);
sample({ clock: leave, target: [passwordForm.reset, recoveryForm.reset] });
sample({ clock: StaffProfileGate.open, target: staffProfileRequested });

sample({ clock: passwordSubmitted, fn: () => '', target: $passwordError });
sample({ clock: passwordSubmitted, target: passwordForm.submitted });
sample({ clock: passwordForm.validated, target: changeStaffPasswordMutation.start });
sample({ clock: changeStaffPasswordMutation.finished.success, target: passwordForm.reset });
sample({
  clock: changeStaffPasswordMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('staff-console:profile.password.done') }),
  target: showToastFx,
});
sample({ clock: changeStaffPasswordMutation.finished.failure, fn: ({ error }) => failureText(error), target: $passwordError });

sample({ clock: recoverySubmitted, fn: () => '', target: $recoveryError });
sample({ clock: recoverySubmitted, target: recoveryForm.submitted });
sample({ clock: recoveryForm.validated, target: renewRecoveryCodesMutation.start });
sample({ clock: renewRecoveryCodesMutation.finished.success, fn: ({ result }) => result.recoveryCodes, target: $newCodes });
sample({ clock: renewRecoveryCodesMutation.finished.success, target: [recoveryForm.reset, staffProfileRequested] });
sample({ clock: renewRecoveryCodesMutation.finished.failure, fn: ({ error }) => failureText(error), target: $recoveryError });
sample({ clock: renewRecoveryCodesMutation.finished.failure, fn: () => ({ code: '' }), target: recoveryForm.valuesPatched });
$newCodes.reset(codesClosed);
