import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $authToken, ApiError } from '@/shared/api';
import { $location, navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { codeLoginFx } from '../api/code-login';
import { $codeLoginError, codeLoginCaptcha, codeLoginForm, CodeLoginGate, codeLoginSender, codeLoginSubmitted } from './login-by-code';

// Semi's CommonJS build cannot load in Node (it requires its CSS); the models only reach it through
// effects that these tests replace.
vi.mock('@douyinfe/semi-ui-19', () => ({}));

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

function setup(options: { send?: (body: unknown) => unknown; login?: (body: unknown) => unknown } = {}) {
  let n = 0;
  const getCaptcha = vi.fn(() => ({ captchaId: `c${++n}`, image: 'data:image/svg+xml,x' }));
  const send = vi.fn(options.send ?? (() => ({ resendAfter: 60 })));
  const login = vi.fn(options.login ?? (() => ({ token: 'tok', userInfo })));
  const navigate = vi.fn();
  const scope = fork({
    values: [[$location, { pathname: '/login', search: '?type=sms' }]],
    handlers: [
      [codeLoginCaptcha.getCaptchaFx, getCaptcha],
      [codeLoginSender.sendCodeFx, send],
      [codeLoginFx, login],
      [navigateFx, navigate],
      [showToastFx, () => undefined],
    ],
  });
  return { scope, getCaptcha, send, login, navigate };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('login by SMS code: sending the code', () => {
  it('checks phone and captcha before sending', async () => {
    const { scope, send } = setup();
    await allSettled(CodeLoginGate.open, { scope, params: {} });
    await allSettled(codeLoginForm.valuesPatched, { scope, params: { phone: '1380013800', captcha: '' } });
    await allSettled(codeLoginSender.codeRequested, { scope });
    expect(send).not.toHaveBeenCalled();
    expect(scope.getState(codeLoginForm.$errors)).toEqual({ phone: 'phoneInvalid', captcha: 'captchaEmpty' });
  });

  it('sends with the captcha, counts down the server wait, then allows another request', async () => {
    vi.useFakeTimers();
    const { scope, send, getCaptcha } = setup({ send: () => ({ resendAfter: 3 }) });
    await allSettled(CodeLoginGate.open, { scope, params: {} });
    await allSettled(codeLoginForm.valuesPatched, { scope, params: { phone: '13800138000', captcha: 'ab12' } });
    const settled = allSettled(codeLoginSender.codeRequested, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledWith({ phone: '13800138000', captcha: 'ab12', captchaId: 'c1' });
    expect(scope.getState(codeLoginSender.$remaining)).toBe(3);
    // The captcha was spent: a new one is fetched and the old answer cleared.
    expect(getCaptcha).toHaveBeenCalledTimes(2);
    expect(scope.getState(codeLoginForm.$values).captcha).toBe('');

    // A second press while counting does nothing. (allSettled waits for the whole scope, so while the
    // countdown runs the calls are only started and the fake clock moved.)
    void allSettled(codeLoginForm.valuesPatched, { scope, params: { captcha: 'cd34' } });
    void allSettled(codeLoginSender.codeRequested, { scope });
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(scope.getState(codeLoginSender.$remaining)).toBe(2);

    await vi.advanceTimersByTimeAsync(2000);
    expect(scope.getState(codeLoginSender.$remaining)).toBe(0);
    await vi.runOnlyPendingTimersAsync();
    await settled;

    // Once the wait is over another code may be asked for.
    await allSettled(codeLoginForm.valuesPatched, { scope, params: { captcha: 'ef56' } });
    void allSettled(codeLoginSender.codeRequested, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
  });

  it('falls back to 60 seconds when the server gives no wait', async () => {
    vi.useFakeTimers();
    const { scope } = setup({ send: () => ({ resendAfter: 0 }) });
    await allSettled(CodeLoginGate.open, { scope, params: {} });
    await allSettled(codeLoginForm.valuesPatched, { scope, params: { phone: '13800138000', captcha: 'ab12' } });
    const settled = allSettled(codeLoginSender.codeRequested, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState(codeLoginSender.$remaining)).toBe(60);
    await vi.advanceTimersByTimeAsync(60_000);
    await settled;
  });

  it('shows the server message and refreshes the captcha when sending fails', async () => {
    const { scope, getCaptcha } = setup({
      send: () => {
        throw new ApiError({ code: 400, message: 'captcha wrong' });
      },
    });
    await allSettled(CodeLoginGate.open, { scope, params: {} });
    await allSettled(codeLoginForm.valuesPatched, { scope, params: { phone: '13800138000', captcha: 'ab12' } });
    await allSettled(codeLoginSender.codeRequested, { scope });
    expect(scope.getState($codeLoginError)).toBe('captcha wrong');
    expect(getCaptcha).toHaveBeenCalledTimes(2);
    expect(scope.getState(codeLoginSender.$remaining)).toBe(0);
  });
});

describe('login by SMS code: submitting', () => {
  it('rejects a malformed code without calling the server', async () => {
    const { scope, login } = setup();
    await allSettled(codeLoginForm.valuesPatched, { scope, params: { phone: '13800138000', smsCode: '12ab' } });
    await allSettled(codeLoginSubmitted, { scope });
    expect(login).not.toHaveBeenCalled();
    expect(scope.getState(codeLoginForm.$errors)).toEqual({ smsCode: 'smsWrong' });
  });

  it('asks for an empty code', async () => {
    const { scope } = setup();
    await allSettled(codeLoginSubmitted, { scope });
    expect(scope.getState(codeLoginForm.$errors)).toEqual({ phone: 'phoneEmpty', smsCode: 'smsEmpty' });
  });

  it('logs in without the captcha and goes home when there is no redirect', async () => {
    const { scope, login, navigate } = setup();
    await allSettled(codeLoginForm.valuesPatched, { scope, params: { phone: '13800138000', smsCode: '123456' } });
    await allSettled(codeLoginSubmitted, { scope });
    expect(login).toHaveBeenCalledWith({ phone: '13800138000', smsCode: '123456' });
    expect(scope.getState($authToken)).toBe('tok');
    expect(navigatedTo(navigate)).toEqual({ to: '/home', replace: true });
  });

  it('shows the server message when the code is refused', async () => {
    const { scope, navigate } = setup({
      login: () => {
        throw new ApiError({ code: 400, message: 'code wrong' });
      },
    });
    await allSettled(codeLoginForm.valuesPatched, { scope, params: { phone: '13800138000', smsCode: '123456' } });
    await allSettled(codeLoginSubmitted, { scope });
    expect(scope.getState($codeLoginError)).toBe('code wrong');
    expect(navigate).not.toHaveBeenCalled();
  });
});
