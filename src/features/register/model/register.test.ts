import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $authToken, ApiError } from '@/shared/api';
import { $location, navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { $user } from '@/entities/session';
import { registerFx } from '../api/register';
import {
  $registerError,
  AGREEMENT_REQUIRED,
  agreementToggled,
  registerCaptcha,
  registerCodeSender,
  registerForm,
  RegisterGate,
  registerSubmitted,
} from './register';

// Semi's CommonJS build cannot load in Node (it requires its CSS); the models only reach it through
// effects that these tests replace.
vi.mock('@douyinfe/semi-ui-19', () => ({}));

const navigatedTo = (navigate: { mock: { lastCall?: unknown[] } }) => navigate.mock.lastCall?.at(-1);

const userInfo = {
  phone: '13900139000',
  userStatus: 1,
  status: 1,
  authType: 0,
  repairType: 0,
  points: 0,
  newsNum: 0,
  contactPhone: '',
  company: '',
  contactName: '',
};

const valid = { phone: '13900139000', captcha: '', smsCode: '654321', password: 'abc123', confirmPassword: 'abc123', agreed: true };

function setup(register: (body: unknown) => unknown = () => ({ token: 'new-token', userInfo })) {
  let n = 0;
  const getCaptcha = vi.fn(() => ({ captchaId: `c${++n}`, image: 'data:image/svg+xml,x' }));
  const registerMock = vi.fn(register);
  const send = vi.fn(() => ({ resendAfter: 60 }));
  const navigate = vi.fn();
  const toast = vi.fn();
  const scope = fork({
    values: [[$location, { pathname: '/register', search: '?redirect=%2Forders' }]],
    handlers: [
      [registerCaptcha.getCaptchaFx, getCaptcha],
      [registerCodeSender.sendCodeFx, send],
      [registerFx, registerMock],
      [navigateFx, navigate],
      [showToastFx, toast],
    ],
  });
  return { scope, getCaptcha, registerMock, send, navigate, toast };
}

describe('register', () => {
  it('shows the spec messages and does not call the server for invalid input', async () => {
    const { scope, registerMock } = setup();
    await allSettled(registerForm.valuesPatched, {
      scope,
      params: { phone: '23900139000', smsCode: '', password: 'abcdef', confirmPassword: 'abcdeg' },
    });
    await allSettled(registerSubmitted, { scope });
    expect(registerMock).not.toHaveBeenCalled();
    expect(scope.getState(registerForm.$errors)).toEqual({
      phone: 'phoneInvalid',
      smsCode: 'smsEmpty',
      password: 'password',
      confirmPassword: 'passwordMismatch',
      agreed: AGREEMENT_REQUIRED,
    });
  });

  it('requires the agreement, and clears the message once it is ticked', async () => {
    const { scope, registerMock } = setup();
    await allSettled(registerForm.valuesPatched, { scope, params: { ...valid, agreed: false } });
    await allSettled(registerSubmitted, { scope });
    expect(registerMock).not.toHaveBeenCalled();
    expect(scope.getState(registerForm.$errors)).toEqual({ agreed: AGREEMENT_REQUIRED });
    await allSettled(agreementToggled, { scope, params: true });
    expect(scope.getState(registerForm.$errors)).toEqual({});
  });

  it('validates the captcha on blur although submit does not need it', async () => {
    const { scope } = setup();
    await allSettled(registerForm.fieldChanged, { scope, params: { name: 'captcha', value: 'a!' } });
    await allSettled(registerForm.fieldBlurred, { scope, params: 'captcha' });
    expect(scope.getState(registerForm.$errors)).toEqual({ captcha: 'captchaWrong' });
  });

  it('registers, starts the session and goes to the redirect target', async () => {
    const { scope, registerMock, navigate, toast } = setup();
    await allSettled(RegisterGate.open, { scope, params: {} });
    await allSettled(registerForm.valuesPatched, { scope, params: valid });
    await allSettled(registerSubmitted, { scope });
    expect(registerMock).toHaveBeenCalledWith({ phone: '13900139000', smsCode: '654321', password: 'abc123', confirmPassword: 'abc123' });
    expect(scope.getState($authToken)).toBe('new-token');
    expect(scope.getState($user)?.phone).toBe('13900139000');
    // (i18n is not initialised in these tests, so only the kind of toast is checked.)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
    expect(navigatedTo(navigate)).toEqual({ to: '/orders', replace: true });
  });

  it('shows the server message when registration fails', async () => {
    const { scope, navigate } = setup(() => {
      throw new ApiError({ code: 400, message: 'already registered' });
    });
    await allSettled(registerForm.valuesPatched, { scope, params: valid });
    await allSettled(registerSubmitted, { scope });
    expect(scope.getState($registerError)).toBe('already registered');
    expect(scope.getState($authToken)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the registration code through the register call', async () => {
    vi.useFakeTimers();
    const { scope, send } = setup();
    await allSettled(RegisterGate.open, { scope, params: {} });
    await allSettled(registerForm.valuesPatched, { scope, params: { phone: '13900139000', captcha: 'Zz99' } });
    void allSettled(registerCodeSender.codeRequested, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledWith({ phone: '13900139000', captcha: 'Zz99', captchaId: 'c1' });
    expect(scope.getState(registerCodeSender.$remaining)).toBe(60);
    vi.useRealTimers();
  });
});
