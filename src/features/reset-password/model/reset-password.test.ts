import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api';
import { $location, navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { resetPasswordFx } from '../api/reset-password';
import {
  $resetError,
  resetCodeSender,
  resetPasswordCaptcha,
  resetPasswordForm,
  ResetPasswordGate,
  resetPasswordSubmitted,
} from './reset-password';

// Semi's CommonJS build cannot load in Node (it requires its CSS); the models only reach it through
// effects that these tests replace.
vi.mock('@douyinfe/semi-ui-19', () => ({}));

const navigatedTo = (navigate: { mock: { lastCall?: unknown[] } }) => navigate.mock.lastCall?.at(-1);

const valid = { phone: '13700137000', smsCode: '112233', password: 'newpass1', confirmPassword: 'newpass1' };

function setup(options: { reset?: () => unknown; send?: () => unknown } = {}) {
  let n = 0;
  const getCaptcha = vi.fn(() => ({ captchaId: `c${++n}`, image: 'data:image/svg+xml,x' }));
  const reset = vi.fn(options.reset ?? (() => null));
  const send = vi.fn(options.send ?? (() => ({ resendAfter: 60 })));
  const navigate = vi.fn();
  const toast = vi.fn();
  const scope = fork({
    values: [[$location, { pathname: '/forgetpwd', search: '?redirect=%2Fsetting' }]],
    handlers: [
      [resetPasswordCaptcha.getCaptchaFx, getCaptcha],
      [resetCodeSender.sendCodeFx, send],
      [resetPasswordFx, reset],
      [navigateFx, navigate],
      [showToastFx, toast],
    ],
  });
  return { scope, getCaptcha, reset, send, navigate, toast };
}

describe('reset password', () => {
  it('shows the spec messages and does not call the server for invalid input', async () => {
    const { scope, reset } = setup();
    await allSettled(resetPasswordForm.valuesPatched, {
      scope,
      params: { phone: '', smsCode: '12345', password: '123456', confirmPassword: '' },
    });
    await allSettled(resetPasswordSubmitted, { scope });
    expect(reset).not.toHaveBeenCalled();
    expect(scope.getState(resetPasswordForm.$errors)).toEqual({
      phone: 'phoneEmpty',
      smsCode: 'smsWrong',
      password: 'password',
      confirmPassword: 'required|confirmPassword',
    });
  });

  it('resets, says so and returns to sign-in keeping the redirect', async () => {
    const { scope, reset, navigate, toast } = setup();
    await allSettled(resetPasswordForm.valuesPatched, { scope, params: valid });
    await allSettled(resetPasswordSubmitted, { scope });
    expect(reset).toHaveBeenCalledWith(valid);
    // (i18n is not initialised in these tests, so only the kind of toast is checked.)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
    expect(navigatedTo(navigate)).toEqual({ to: '/login?redirect=%2Fsetting', replace: true });
  });

  it('shows the server message when the reset is refused', async () => {
    const { scope, navigate } = setup({
      reset: () => {
        throw new ApiError({ code: 400, message: 'code expired' });
      },
    });
    await allSettled(resetPasswordForm.valuesPatched, { scope, params: valid });
    await allSettled(resetPasswordSubmitted, { scope });
    expect(scope.getState($resetError)).toBe('code expired');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refreshes the captcha after a refused code request and shows the message', async () => {
    const { scope, getCaptcha, send } = setup({
      send: () => {
        throw new ApiError({ code: 400, message: 'not registered' });
      },
    });
    await allSettled(ResetPasswordGate.open, { scope, params: {} });
    await allSettled(resetPasswordForm.valuesPatched, { scope, params: { phone: '13700137000', captcha: 'q1w2' } });
    await allSettled(resetCodeSender.codeRequested, { scope });
    expect(send).toHaveBeenCalledWith({ phone: '13700137000', captcha: 'q1w2', captchaId: 'c1' });
    expect(getCaptcha).toHaveBeenCalledTimes(2);
    expect(scope.getState(resetPasswordCaptcha.$captchaId)).toBe('c2');
    expect(scope.getState(resetPasswordForm.$values).captcha).toBe('');
    expect(scope.getState($resetError)).toBe('not registered');
  });
});
