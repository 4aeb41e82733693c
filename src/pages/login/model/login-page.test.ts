import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $location } from '@/shared/routing';
import { $activeTab, LoginPageGate, tabFromSearch, tabSelected } from './login-page';

describe('login page tabs', () => {
  it('reads the tab from the query', () => {
    expect(tabFromSearch('?type=sms&redirect=%2Fhome')).toBe('sms');
    expect(tabFromSearch('?type=password')).toBe('password');
    expect(tabFromSearch('')).toBe('password');
  });

  it('follows the query until the visitor picks a tab, and forgets the pick on leaving', async () => {
    const scope = fork({ values: [[$location, { pathname: '/login', search: '?type=sms' }]] });
    expect(scope.getState($activeTab)).toBe('sms');
    await allSettled(tabSelected, { scope, params: 'password' });
    expect(scope.getState($activeTab)).toBe('password');
    await allSettled(LoginPageGate.close, { scope, params: {} });
    expect(scope.getState($activeTab)).toBe('sms');
  });
});
