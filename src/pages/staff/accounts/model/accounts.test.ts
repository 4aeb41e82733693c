import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api';
import { type StaffAccount } from '@contracts';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { createStaffFx, resetStaffPasswordFx, setStaffDisabledFx, setStaffRoleFx, staffListFx, unlockStaffFx } from '../api/accounts';
import {
  $createError,
  $createOpen,
  $issued,
  $roleTarget,
  actionClicked,
  createOpened,
  createSubmitted,
  newStaffForm,
  pageChanged,
  roleClicked,
  roleFilterChanged,
  roleSaved,
  StaffAccountsGate,
  textChanged,
  textSubmitted,
} from './accounts';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const account = (id: number, patch: Partial<StaffAccount> = {}): StaffAccount => ({
  id,
  username: `user${id}`,
  name: `Name ${id}`,
  role: 'notary',
  disabled: false,
  totpEnrolled: true,
  mustChangePassword: false,
  lockedUntil: '',
  createdAt: '2025-01-06 09:00:00',
  ...patch,
});

function setup(confirmed = true) {
  const list = vi.fn(() => ({ count: 12, list: [account(1), account(2)] }));
  const create = vi.fn((body: { username: string; name: string; role: string }) => ({
    staff: account(9, { ...body, role: 'finance', mustChangePassword: true }),
    password: 'abcd-efgh-jkmn-pqrs',
  }));
  const role = vi.fn((body: { id: number; role: string }) => account(body.id, { role: 'finance' }));
  const disable = vi.fn(({ id, disabled }: { id: number; disabled: boolean }) => account(id, { disabled }));
  const resetPassword = vi.fn((id: number) => ({ staff: account(id), password: 'wxyz-wxyz-wxyz-wxyz' }));
  const unlock = vi.fn((id: number) => account(id));
  const confirm = vi.fn(() => confirmed);
  const toast = vi.fn();
  const scope = fork({
    handlers: [
      [staffListFx, list],
      [createStaffFx, create],
      [setStaffRoleFx, role],
      [setStaffDisabledFx, disable],
      [resetStaffPasswordFx, resetPassword],
      [unlockStaffFx, unlock],
      [showConfirmFx, confirm],
      [showToastFx, toast],
    ],
  });
  return { scope, list, create, role, disable, resetPassword, unlock, confirm, toast };
}

describe('/staff/accounts model', () => {
  it('lists 10 a page by role and submitted text', async () => {
    const { scope, list } = setup();
    await allSettled(StaffAccountsGate.open, { scope, params: {} });
    expect(list).toHaveBeenLastCalledWith({ page: 1, role: '', text: '' });
    await allSettled(pageChanged, { scope, params: 2 });
    expect(list).toHaveBeenLastCalledWith({ page: 2, role: '', text: '' });
    await allSettled(roleFilterChanged, { scope, params: 'reviewer' });
    await allSettled(textChanged, { scope, params: ' wang ' });
    expect(list).toHaveBeenLastCalledWith({ page: 1, role: 'reviewer', text: '' });
    await allSettled(textSubmitted, { scope });
    expect(list).toHaveBeenLastCalledWith({ page: 1, role: 'reviewer', text: 'wang' });
  });

  it("creates after the contract's checks, shows the one-time password once and reloads the list", async () => {
    const { scope, list, create } = setup();
    await allSettled(StaffAccountsGate.open, { scope, params: {} });
    await allSettled(createOpened, { scope });
    await allSettled(newStaffForm.valuesPatched, { scope, params: { username: 'X', name: '', role: '' } });
    await allSettled(createSubmitted, { scope });
    expect(create).not.toHaveBeenCalled();
    expect(Object.keys(scope.getState(newStaffForm.$errors)).sort()).toEqual(['name', 'role', 'username']);
    await allSettled(newStaffForm.valuesPatched, { scope, params: { username: ' Zhao.Fin ', name: 'Zhao', role: 'finance' } });
    const loads = list.mock.calls.length;
    await allSettled(createSubmitted, { scope });
    expect(create).toHaveBeenCalledWith({ username: 'zhao.fin', name: 'Zhao', role: 'finance' });
    expect(scope.getState($createOpen)).toBe(false);
    expect(scope.getState($issued)).toMatchObject({ kind: 'created', username: 'zhao.fin', password: 'abcd-efgh-jkmn-pqrs' });
    expect(list.mock.calls.length).toBe(loads + 1);
  });

  it("shows the server's refusal in the create dialog", async () => {
    const { scope, create } = setup();
    create.mockImplementationOnce(() => {
      throw new ApiError({ code: 400, message: 'taken' });
    });
    await allSettled(createOpened, { scope });
    await allSettled(newStaffForm.valuesPatched, { scope, params: { username: 'zhao.fin', name: 'Zhao', role: 'finance' } });
    await allSettled(createSubmitted, { scope });
    expect(scope.getState($createOpen)).toBe(true);
    expect(scope.getState($createError)).toBe('taken');
  });

  it('changes a role only when it differs', async () => {
    const { scope, role, toast } = setup();
    await allSettled(roleClicked, { scope, params: account(2) });
    await allSettled(roleSaved, { scope, params: 'notary' });
    expect(role).not.toHaveBeenCalled();
    expect(scope.getState($roleTarget)).toBeNull();
    await allSettled(roleClicked, { scope, params: account(2) });
    await allSettled(roleSaved, { scope, params: 'finance' });
    expect(role).toHaveBeenCalledWith({ id: 2, role: 'finance' });
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: expect.any(String) });
  });

  it('asks before disabling, enabling, resetting or unlocking; nothing happens when the answer is no', async () => {
    const refused = setup(false);
    await allSettled(actionClicked, { scope: refused.scope, params: { action: 'disable', account: account(2) } });
    expect(refused.confirm).toHaveBeenCalledTimes(1);
    expect(refused.disable).not.toHaveBeenCalled();

    const { scope, disable, resetPassword, unlock } = setup(true);
    await allSettled(actionClicked, { scope, params: { action: 'disable', account: account(2) } });
    expect(disable).toHaveBeenCalledWith({ id: 2, disabled: true });
    await allSettled(actionClicked, { scope, params: { action: 'enable', account: account(2, { disabled: true }) } });
    expect(disable).toHaveBeenLastCalledWith({ id: 2, disabled: false });
    await allSettled(actionClicked, { scope, params: { action: 'unlock', account: account(3, { lockedUntil: 'x' }) } });
    expect(unlock).toHaveBeenCalledWith(3);
    await allSettled(actionClicked, { scope, params: { action: 'resetPassword', account: account(4) } });
    expect(resetPassword).toHaveBeenCalledWith(4);
    expect(scope.getState($issued)).toMatchObject({ kind: 'reset', password: 'wxyz-wxyz-wxyz-wxyz' });
  });
});
