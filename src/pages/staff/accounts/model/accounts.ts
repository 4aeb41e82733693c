import { createListScreen } from '@/shared/lib/paged-list';
import { attach, createEvent, createStore, merge, sample } from 'effector';
import { STAFF_PAGE_SIZE, staffCreateRequest, type StaffAccount, type StaffRole } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { failureText } from '@/entities/auth-code';
import {
  createStaffMutation,
  resetStaffPasswordMutation,
  resetStaffTotpMutation,
  setStaffDisabledMutation,
  setStaffRoleMutation,
  staffListQuery,
  unlockStaffMutation,
} from '../api/accounts';

/** An account changed: the list loads its page again. */
const accountChanged = merge([
  createStaffMutation.finished.success,
  setStaffRoleMutation.finished.success,
  setStaffDisabledMutation.finished.success,
  resetStaffTotpMutation.finished.success,
  resetStaffPasswordMutation.finished.success,
  unlockStaffMutation.finished.success,
]);

/**
 * `/staff/accounts` (administrators): staff accounts 10 a page by role and text; create (the one-time password
 * shown once), change role, disable / enable, reset the authenticator or the password (a new one-time
 * password shown once), unlock. The server refuses acting on oneself and leaving no administrator.
 */
const anyRole = '' as StaffRole | '';
export const accountsList = createListScreen({
  pageSize: STAFF_PAGE_SIZE,
  query: staffListQuery,
  filters: { range: null, text: '', role: anyRole },
  reloadOn: [accountChanged],
  toParams: ({ role, text }, page) => ({ page, role, text }),
});
export const StaffAccountsGate = accountsList.Gate;
export const roleFilterChanged = accountsList.fieldChanged('role');
export const { textChanged, textSubmitted, pageChanged } = accountsList;

// ---- create ----

export const createOpened = createEvent();
export const createClosed = createEvent();
export const createSubmitted = createEvent();
export const newStaffForm = createForm({ schema: staffCreateRequest, initialValues: { username: '', name: '', role: '' } });
export const $createOpen = createStore(false)
  .on(createOpened, () => true)
  .on([createClosed, createStaffMutation.finished.success], () => false)
  .reset(StaffAccountsGate.close);
export const $createError = createStore('').reset([createOpened, createSubmitted, StaffAccountsGate.close]);
export const $createPending = createStaffMutation.$pending;
sample({ clock: [createOpened, StaffAccountsGate.close], target: newStaffForm.reset });
sample({ clock: createSubmitted, target: newStaffForm.submitted });
sample({
  clock: newStaffForm.validated,
  filter: createStaffMutation.$pending.map((pending) => !pending),
  target: createStaffMutation.start,
});
sample({ clock: createStaffMutation.finished.failure, fn: ({ error }) => failureText(error), target: $createError });

// ---- a one-time password, shown once (a new account, a reset) ----

export type IssuedPassword = { kind: 'created' | 'reset'; name: string; username: string; password: string };
export const issuedClosed = createEvent();
export const $issued = createStore<IssuedPassword | null>(null)
  .on(createStaffMutation.finished.success, (_, { result }) => ({ kind: 'created', ...result.staff, password: result.password }))
  .on(resetStaffPasswordMutation.finished.success, (_, { result }) => ({ kind: 'reset', ...result.staff, password: result.password }))
  .reset([issuedClosed, StaffAccountsGate.close]);

// ---- role ----

export const roleClicked = createEvent<StaffAccount>();
export const roleClosed = createEvent();
export const roleSaved = createEvent<StaffRole>();
export const $roleTarget = createStore<StaffAccount | null>(null)
  .on(roleClicked, (_, account) => account)
  .reset([roleClosed, setStaffRoleMutation.finished.success, StaffAccountsGate.close]);
export const $rolePending = setStaffRoleMutation.$pending;
sample({
  clock: roleSaved,
  source: $roleTarget,
  filter: (target, role) => target !== null && target.role !== role,
  fn: (target, role) => ({ id: target?.id ?? 0, role }),
  target: setStaffRoleMutation.start,
});
sample({ clock: roleSaved, source: $roleTarget, filter: (target, role) => target?.role === role, fn: () => undefined, target: roleClosed });

// ---- actions after a confirmation ----

export type AccountAction = 'disable' | 'enable' | 'resetTotp' | 'resetPassword' | 'unlock';
export const actionClicked = createEvent<{ action: AccountAction; account: StaffAccount }>();

const confirmActionFx = attach({
  effect: showConfirmFx,
  mapParams: ({ action, account }: { action: AccountAction; account: StaffAccount }) => ({
    title: translate(`staff-console:accounts.confirm.${action}Title`, { name: account.name }),
    content: translate(`staff-console:accounts.confirm.${action}`),
    okText: translate('staff-console:accounts.confirm.ok'),
    cancelText: translate('staff-console:accounts.confirm.cancel'),
    danger: action !== 'enable' && action !== 'unlock',
  }),
});
sample({ clock: actionClicked, target: confirmActionFx });
const confirmed = sample({ clock: confirmActionFx.done, filter: ({ result }) => result, fn: ({ params }) => params });
sample({
  clock: confirmed,
  filter: ({ action }) => action === 'disable' || action === 'enable',
  fn: ({ action, account }) => ({ id: account.id, disabled: action === 'disable' }),
  target: setStaffDisabledMutation.start,
});
sample({
  clock: confirmed,
  filter: ({ action }) => action === 'resetTotp',
  fn: ({ account }) => account.id,
  target: resetStaffTotpMutation.start,
});
sample({
  clock: confirmed,
  filter: ({ action }) => action === 'resetPassword',
  fn: ({ account }) => account.id,
  target: resetStaffPasswordMutation.start,
});
sample({
  clock: confirmed,
  filter: ({ action }) => action === 'unlock',
  fn: ({ account }) => account.id,
  target: unlockStaffMutation.start,
});

export const $acting = createStore(false)
  .on(actionClicked, () => true)
  .on(confirmActionFx.done, (_, { result }) => result)
  .on(
    merge([
      setStaffDisabledMutation.finished.finally,
      resetStaffTotpMutation.finished.finally,
      resetStaffPasswordMutation.finished.finally,
      unlockStaffMutation.finished.finally,
    ]),
    () => false,
  );

const done = (key: string) => () => ({ type: 'success' as const, text: translate(`staff-console:accounts.done.${key}`) });
sample({ clock: setStaffRoleMutation.finished.success, fn: done('role'), target: showToastFx });
sample({
  clock: setStaffDisabledMutation.finished.success,
  fn: ({ result }) => done(result.disabled ? 'disabled' : 'enabled')(),
  target: showToastFx,
});
sample({ clock: resetStaffTotpMutation.finished.success, fn: done('totpReset'), target: showToastFx });
sample({ clock: unlockStaffMutation.finished.success, fn: done('unlocked'), target: showToastFx });
