import { createEffect, createEvent, sample } from 'effector';
import { createGate } from 'effector-react';
import { editPasswordRequest, setExtractCodeRequest } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { clearArea } from '@/shared/lib/storage';
import { $location, navigateFx, paths } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { sessionCleared } from '@/entities/session';
import { editPasswordMutation, extractCodeQuery, saveExtractCodeMutation } from '../api/setting';

export const SettingGate = createGate();

/** Spec section 2: the extraction-code tab is shown; the change-password form exists but has no visible tab. */
export type SettingTab = 'extractCode' | 'password';

export const $activeTab = $location.map(({ search }): SettingTab =>
  new URLSearchParams(search).get('tab') === 'password' ? 'password' : 'extractCode',
);

export const tabChosen = createEvent<SettingTab>();
sample({
  clock: tabChosen,
  fn: (tab) => ({ to: tab === 'password' ? `${paths.setting}?tab=password` : paths.setting, replace: true }),
  target: navigateFx,
});

// Extraction code.
export const extractCodeForm = createForm({ schema: setExtractCodeRequest, initialValues: { extractCode: '' } });
export const $currentExtractCode = extractCodeQuery.$data.map((data) => data?.extractCode ?? '');
export const $extractCodeSaving = saveExtractCodeMutation.$pending;

sample({ clock: SettingGate.open, target: [extractCodeQuery.refresh, extractCodeForm.reset] });
sample({
  clock: extractCodeQuery.finished.success,
  fn: ({ result }) => ({ extractCode: result.extractCode }),
  target: extractCodeForm.valuesLoaded,
});
sample({ clock: extractCodeForm.validated, fn: ({ extractCode }) => extractCode, target: saveExtractCodeMutation.start });
sample({
  clock: saveExtractCodeMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('setting:extractCode.saved') }),
  target: showToastFx,
});
sample({ clock: saveExtractCodeMutation.finished.success, target: extractCodeQuery.refresh });

// Change password: on success the server ends every session, so the user signs in again.
export const passwordForm = createForm({
  schema: editPasswordRequest,
  initialValues: { oldPassword: '', password: '', confirmPassword: '' },
});
export const $passwordSaving = editPasswordMutation.$pending;

sample({ clock: SettingGate.close, target: passwordForm.reset });
sample({ clock: passwordForm.validated, target: editPasswordMutation.start });

const leftFx = createEffect(() => clearArea('local'));
sample({
  clock: editPasswordMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('setting:password.changed') }),
  target: showToastFx,
});
sample({ clock: editPasswordMutation.finished.success, target: [sessionCleared, leftFx, passwordForm.reset] });
sample({ clock: editPasswordMutation.finished.success, fn: () => ({ to: paths.login, replace: true }), target: navigateFx });
