import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { sessionExpired } from '@/shared/api';
import { $location, navigateFx, reloadPageFx, routeChanged } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { $user, sessionStarted, userInfoQuery } from '@/entities/session';
import './app-model';

const userInfo = {
  phone: '13800138000',
  userStatus: 1 as const,
  status: 1 as const,
  authType: 0,
  repairType: 0,
  points: 0,
  newsNum: 0,
  contactPhone: '',
  company: '',
  contactName: '',
  language: null,
};

function setup() {
  const toast = vi.fn();
  const navigate = vi.fn();
  const reload = vi.fn();
  const scope = fork({
    values: [[$location, { pathname: '/setting', search: '?tab=password' }]],
    handlers: [
      [showToastFx, toast],
      [navigateFx, navigate],
      [reloadPageFx, reload],
    ],
  });
  return { scope, toast, navigate, reload };
}

describe('session expiry handling (spec section 8)', () => {
  it('shows the message once, clears the session and goes to /login with the way back', async () => {
    const { scope, toast, navigate } = setup();
    await allSettled(sessionStarted, { scope, params: { token: 't', userInfo } });
    await allSettled(sessionExpired, { scope, params: { text: 'expired', reload: false } });
    await allSettled(sessionExpired, { scope, params: { text: 'expired', reload: false } });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast.mock.calls[0]![0]).toEqual({ type: 'warning', text: 'expired' });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]!.at(-1)).toEqual({ to: '/login?redirect=%2Fsetting%3Ftab%3Dpassword', replace: true });
    expect(scope.getState($user)).toBeNull();
  });

  it('reloads instead on the public pages that ask for it', async () => {
    const { scope, navigate, reload } = setup();
    await allSettled(sessionExpired, { scope, params: { text: 'expired', reload: true } });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('acts again after the next sign-in', async () => {
    const { scope, toast } = setup();
    await allSettled(sessionExpired, { scope, params: { text: 'first', reload: false } });
    await allSettled(sessionStarted, { scope, params: { token: 't', userInfo } });
    await allSettled(sessionExpired, { scope, params: { text: 'second', reload: false } });
    expect(toast).toHaveBeenCalledTimes(2);
  });
});

describe('user info on route changes (spec section 3)', () => {
  it('is refreshed on user pages, not in the staff console', async () => {
    const info = vi.fn(() => userInfo);
    const scope = fork({ handlers: [[userInfoQuery.__.executeFx, info]] });
    await allSettled(sessionStarted, { scope, params: { token: 't', userInfo } });
    await allSettled(routeChanged, { scope, params: { pathname: '/staff/accounts', search: '' } });
    await allSettled(routeChanged, { scope, params: { pathname: '/staff', search: '' } });
    expect(info).not.toHaveBeenCalled();
    await allSettled(routeChanged, { scope, params: { pathname: '/staffing', search: '' } });
    await allSettled(routeChanged, { scope, params: { pathname: '/orders', search: '' } });
    expect(info).toHaveBeenCalledTimes(2);
  });
});
