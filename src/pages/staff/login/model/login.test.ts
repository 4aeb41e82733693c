import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $staffToken, ApiError } from '@/shared/api';
import { $location, navigateFx } from '@/shared/routing';
import { $staffProfile } from '@/entities/staff-member';
import { staffConfirmFx, staffEnrolFx, staffFirstPasswordFx, staffLoginFx, staffVerifyFx } from '../api/sign-in';
import {
  $challenge,
  $enrolment,
  $error,
  $recoveryCodes,
  $step,
  continueClicked,
  credentialsForm,
  credentialsSubmitted,
  enrolForm,
  enrolSubmitted,
  newPasswordForm,
  newPasswordSubmitted,
  recoverySavedToggled,
  recoveryToggled,
  StaffLoginGate,
  verifyForm,
  verifySubmitted,
} from './login';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const CHALLENGE = 'c'.repeat(43);
const staff = { id: 7, username: 'li', name: 'Li', role: 'reviewer' as const, recoveryCodesLeft: 10, idleMinutes: 30 };
const codes = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBBB`);

function setup(
  next: 'changePassword' | 'enrol' | 'verify',
  overrides: { confirm?: () => unknown; verify?: (body: unknown) => unknown } = {},
) {
  const calls = {
    login: vi.fn(() => ({ challenge: CHALLENGE, next, expiresIn: 300 })),
    password: vi.fn(() => ({ next: 'enrol' })),
    enrol: vi.fn(() => ({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' })),
    confirm: vi.fn(overrides.confirm ?? (() => ({ token: 'tok', staff, recoveryCodes: codes }))),
    verify: vi.fn(overrides.verify ?? (() => ({ token: 'tok', staff, recoveryCodes: [] }))),
    navigate: vi.fn(),
  };
  const scope = fork({
    values: [[$location, { pathname: '/staff/login', search: '?redirect=%2Fstaff%2Faudit' }]],
    handlers: [
      [staffLoginFx, calls.login],
      [staffFirstPasswordFx, calls.password],
      [staffEnrolFx, calls.enrol],
      [staffConfirmFx, calls.confirm],
      [staffVerifyFx, calls.verify],
      [navigateFx, calls.navigate],
    ],
  });
  return { scope, calls };
}

async function signInWithPassword(scope: ReturnType<typeof fork>) {
  await allSettled(StaffLoginGate.open, { scope, params: {} });
  await allSettled(credentialsForm.valuesPatched, { scope, params: { username: ' LILY ', password: 'secret-1' } });
  await allSettled(credentialsSubmitted, { scope });
}

describe('/staff/login model', () => {
  it("checks the fields with the contract's rules before calling", async () => {
    const { scope, calls } = setup('verify');
    await allSettled(credentialsForm.valuesPatched, { scope, params: { username: '9x', password: '' } });
    await allSettled(credentialsSubmitted, { scope });
    expect(calls.login).not.toHaveBeenCalled();
    expect(scope.getState(credentialsForm.$errors)).toEqual({ username: 'staffUsername', password: 'required|password' });
  });

  it('first sign-in: new password, enrolment, the first code, ten recovery codes, then where the person was going', async () => {
    const { scope, calls } = setup('changePassword');
    await signInWithPassword(scope);
    expect(calls.login).toHaveBeenCalledWith({ username: 'lily', password: 'secret-1' });
    expect(scope.getState($step)).toBe('changePassword');
    expect(scope.getState($challenge)).toBe(CHALLENGE);

    await allSettled(newPasswordForm.valuesPatched, { scope, params: { password: 'abcdefghij1', confirmPassword: 'abcdefghij2' } });
    await allSettled(newPasswordSubmitted, { scope });
    expect(calls.password).not.toHaveBeenCalled();
    expect(scope.getState(newPasswordForm.$errors)).toEqual({ confirmPassword: 'passwordMismatch' });
    await allSettled(newPasswordForm.valuesPatched, { scope, params: { confirmPassword: 'abcdefghij1' } });
    await allSettled(newPasswordSubmitted, { scope });
    expect(calls.password).toHaveBeenCalledWith({ challenge: CHALLENGE, password: 'abcdefghij1', confirmPassword: 'abcdefghij1' });

    // Entering enrolment asks for a secret at once.
    expect(scope.getState($step)).toBe('enrol');
    expect(calls.enrol).toHaveBeenCalledWith(CHALLENGE);
    expect(scope.getState($enrolment)?.secret).toBe('JBSWY3DPEHPK3PXP');
    await allSettled(enrolForm.valuesPatched, { scope, params: { code: '123456' } });
    await allSettled(enrolSubmitted, { scope });
    expect(calls.confirm).toHaveBeenCalledWith({ challenge: CHALLENGE, code: '123456' });
    expect(scope.getState($staffToken)).toBe('tok');
    expect(scope.getState($staffProfile)).toEqual(staff);
    expect(scope.getState($step)).toBe('recoveryCodes');
    expect(scope.getState($recoveryCodes)).toEqual(codes);

    // Into the console only once the codes are said to be kept.
    await allSettled(continueClicked, { scope });
    expect(calls.navigate).not.toHaveBeenCalled();
    await allSettled(recoverySavedToggled, { scope, params: true });
    await allSettled(continueClicked, { scope });
    expect(calls.navigate.mock.lastCall?.at(-1)).toEqual({ to: '/staff/audit', replace: true });
  });

  it("a later sign-in with a recovery code; a wrong one is the server's words and the field empties", async () => {
    let attempt = 0;
    const { scope, calls } = setup('verify', {
      verify: () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError({ code: 400, message: 'wrong recovery code' });
        return { token: 'tok', staff, recoveryCodes: [] };
      },
    });
    await signInWithPassword(scope);
    expect(scope.getState($step)).toBe('verify');
    await allSettled(recoveryToggled, { scope });
    await allSettled(verifyForm.valuesPatched, { scope, params: { recoveryCode: 'abcde-fgh23' } });
    await allSettled(verifySubmitted, { scope });
    expect(calls.verify).toHaveBeenLastCalledWith({ challenge: CHALLENGE, method: 'recovery', code: 'ABCDEFGH23' });
    expect(scope.getState($error)).toBe('wrong recovery code');
    expect(scope.getState(verifyForm.$values).recoveryCode).toBe('');
    await allSettled(verifyForm.valuesPatched, { scope, params: { recoveryCode: 'ABCDE FGH24' } });
    await allSettled(verifySubmitted, { scope });
    expect(scope.getState($error)).toBe('');
    expect(calls.navigate.mock.lastCall?.at(-1)).toEqual({ to: '/staff/audit', replace: true });
  });

  it('an expired challenge starts again from the first step with the reason, the username kept', async () => {
    const { scope } = setup('verify', {
      verify: () => {
        throw new ApiError({ code: 408, message: 'sign in again' });
      },
    });
    await signInWithPassword(scope);
    await allSettled(verifyForm.valuesPatched, { scope, params: { code: '654321' } });
    await allSettled(verifySubmitted, { scope });
    expect(scope.getState($step)).toBe('credentials');
    expect(scope.getState($error)).toBe('sign in again');
    expect(scope.getState($challenge)).toBe('');
    expect(scope.getState(credentialsForm.$values)).toEqual({ username: ' LILY ', password: '' });
  });
});
