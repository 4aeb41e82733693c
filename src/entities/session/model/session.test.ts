import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $authToken } from '@/shared/api';
import type { UserInfo } from '@contracts';
import { userInfoQuery } from '../api/user-info';
import {
  $accountName,
  $certificationInfoPath,
  $isAuthorized,
  $pointsText,
  $unreadBadge,
  $user,
  $verification,
  sessionCleared,
  sessionStarted,
  userInfoRefreshRequested,
} from './session';

const info: UserInfo = {
  phone: '13900139000',
  userStatus: 1,
  status: 1,
  authType: 0,
  repairType: 0,
  points: 123456.7,
  newsNum: 120,
  contactPhone: '',
  company: '',
  contactName: '',
  language: null,
};

describe('session model', () => {
  it('derives the header facts from a started session', async () => {
    const scope = fork();
    await allSettled(sessionStarted, { scope, params: { token: 'tok', userInfo: info } });
    expect(scope.getState($authToken)).toBe('tok');
    expect(scope.getState($isAuthorized)).toBe(true);
    expect(scope.getState($accountName)).toBe('13900139000');
    expect(scope.getState($pointsText)).toBe('123,456.70');
    expect(scope.getState($unreadBadge)).toEqual({ count: 99, overflow: true });
    expect(scope.getState($verification)).toMatchObject({ label: 'goVerify', showBanner: true, link: '/personage-kyc' });
    expect(scope.getState($certificationInfoPath)).toBeNull();
  });

  it('refreshes user info only while a token is held', async () => {
    let calls = 0;
    const verified: UserInfo = { ...info, userStatus: 3, status: 2, company: 'ACME', newsNum: 3 };
    const scope = fork({
      handlers: [
        [
          userInfoQuery.__.executeFx,
          () => {
            calls += 1;
            return verified;
          },
        ],
      ],
    });
    await allSettled(userInfoRefreshRequested, { scope });
    expect(calls).toBe(0);

    await allSettled(sessionStarted, { scope, params: { token: 'tok', userInfo: info } });
    await allSettled(userInfoRefreshRequested, { scope });
    expect(calls).toBe(1);
    expect(scope.getState($user)).toEqual(verified);
    expect(scope.getState($accountName)).toBe('ACME');
    expect(scope.getState($certificationInfoPath)).toBe('/kyc-info');
    expect(scope.getState($verification)).toMatchObject({ label: 'verified', showBanner: false });
  });

  it('forgets token and user when the session is cleared', async () => {
    const scope = fork();
    await allSettled(sessionStarted, { scope, params: { token: 'tok', userInfo: info } });
    await allSettled(sessionCleared, { scope });
    expect(scope.getState($authToken)).toBeNull();
    expect(scope.getState($user)).toBeNull();
    expect(scope.getState($isAuthorized)).toBe(false);
  });
});
