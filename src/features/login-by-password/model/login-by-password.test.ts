import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $authToken, ApiError } from '@/shared/api';
import { $location, navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { $user } from '@/entities/session';
import { loginFx } from '../api/login';
import { $loginError, loginFormSubmitted, passwordLoginCaptcha, passwordLoginForm, PasswordLoginGate } from './login-by-password';

// Semi's CommonJS build cannot load in Node (it requires its CSS); the models only reach it through
// effects that these tests replace.
vi.mock('@douyinfe/semi-ui-19', () => ({}));

/** navigateFx is attached to the router store: its replaced handler gets (router, params). */
const navigatedTo = (navigate: { mock: { lastCall?: unknown[] } }) => navigate.mock.lastCall?.at(-1);

const userInfo = {
  phone: '13800138000',
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

function setup(login: (body: unknown) => unknown) {
  const captchaIds = ['c1', 'c2', 'c3'];
  const getCaptcha = vi.fn(() => ({ captchaId: captchaIds.shift() ?? 'cx', image: 'data:image/svg+xml,x' }));
  const loginMock = vi.fn(login);
  const navigate = vi.fn();
  const scope = fork({
    values: [[$location, { pathname: '/login', search: '?redirect=%2Fsetting%3Ftab%3D1' }]],
    handlers: [
      [passwordLoginCaptcha.getCaptchaFx, getCaptcha],
      [loginFx, loginMock],
      [navigateFx, navigate],
      [showToastFx, () => undefined],
    ],
  });
  return { scope, getCaptcha, loginMock, navigate };
}

async function fill(scope: ReturnType<typeof fork>, values: { phone: string; password: string; captcha: string }) {
  await allSettled(passwordLoginForm.valuesPatched, { scope, params: values });
}

describe('password login', () => {
  it('fetches a captcha when the form opens', async () => {
    const { scope, getCaptcha } = setup(() => null);
    await allSettled(PasswordLoginGate.open, { scope, params: {} });
    expect(getCaptcha).toHaveBeenCalledTimes(1);
    expect(scope.getState(passwordLoginCaptcha.$captchaId)).toBe('c1');
  });

  it('does not call the server for invalid input and shows the spec messages', async () => {
    const { scope, loginMock } = setup(() => null);
    await fill(scope, { phone: '12345', password: '', captcha: 'ab' });
    await allSettled(loginFormSubmitted, { scope });
    expect(loginMock).not.toHaveBeenCalled();
    expect(scope.getState(passwordLoginForm.$errors)).toEqual({
      phone: 'phoneInvalid',
      password: 'required|password',
      captcha: 'captchaWrong',
    });
  });

  it('reports empty fields with the empty messages', async () => {
    const { scope } = setup(() => null);
    await allSettled(loginFormSubmitted, { scope });
    expect(scope.getState(passwordLoginForm.$errors)).toEqual({
      phone: 'phoneEmpty',
      password: 'required|password',
      captcha: 'captchaEmpty',
    });
  });

  it('logs in, starts the session and goes to the redirect target', async () => {
    const { scope, loginMock, navigate } = setup(() => ({ token: 'tok', userInfo }));
    await allSettled(PasswordLoginGate.open, { scope, params: {} });
    await fill(scope, { phone: ' 13800138000 ', password: 'abc123', captcha: 'AB12' });
    await allSettled(loginFormSubmitted, { scope });
    expect(loginMock).toHaveBeenCalledWith({ phone: '13800138000', password: 'abc123', captcha: 'AB12', captchaId: 'c1' });
    expect(scope.getState($authToken)).toBe('tok');
    expect(scope.getState($user)?.phone).toBe('13800138000');
    expect(navigatedTo(navigate)).toEqual({ to: '/setting?tab=1', replace: true });
  });

  it('shows the server message, refreshes the captcha and clears its answer after a failure', async () => {
    const { scope, getCaptcha, navigate } = setup(() => {
      throw new ApiError({ code: 400, message: 'wrong credentials' });
    });
    await allSettled(PasswordLoginGate.open, { scope, params: {} });
    await fill(scope, { phone: '13800138000', password: 'abc123', captcha: 'AB12' });
    await allSettled(loginFormSubmitted, { scope });
    expect(scope.getState($loginError)).toBe('wrong credentials');
    expect(getCaptcha).toHaveBeenCalledTimes(2);
    expect(scope.getState(passwordLoginCaptcha.$captchaId)).toBe('c2');
    expect(scope.getState(passwordLoginForm.$values).captcha).toBe('');
    expect(scope.getState($authToken)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
