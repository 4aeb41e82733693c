import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $staffToken } from '@/shared/api';
import { type StaffProfile } from '@contracts';
import { navigateFx } from '@/shared/routing';
import { staffLogoutFx, staffMeFx } from '../api/session';
import { homeOf, mayUse, pagesFor } from '../lib/access';
import { $staffPages, $staffProfile, staffProfileRequested, staffSignedIn, staffSignOutClicked } from './session';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const reviewer: StaffProfile = { id: 3, username: 'li', name: 'Li', role: 'reviewer', recoveryCodesLeft: 10, idleMinutes: 30 };

describe('staff session', () => {
  it('a sign-in keeps the token and the member; the navigation follows the role', async () => {
    const scope = fork();
    await allSettled(staffSignedIn, { scope, params: { token: 'tok', staff: reviewer } });
    expect(scope.getState($staffToken)).toBe('tok');
    expect(scope.getState($staffProfile)).toEqual(reviewer);
    expect(scope.getState($staffPages).map((page) => page.key)).toEqual(['verification', 'profile']);
  });

  it('asks who is signed in only with a token', async () => {
    const me = vi.fn(() => reviewer);
    const scope = fork({ handlers: [[staffMeFx, me]] });
    await allSettled(staffProfileRequested, { scope });
    expect(me).not.toHaveBeenCalled();
    const signedIn = fork({ values: [[$staffToken, 'tok']], handlers: [[staffMeFx, me]] });
    await allSettled(staffProfileRequested, { scope: signedIn });
    expect(me).toHaveBeenCalledTimes(1);
    expect(signedIn.getState($staffProfile)).toEqual(reviewer);
  });

  it('signing out ends the session here even when the server call fails, and goes to /staff/login', async () => {
    const navigate = vi.fn();
    const scope = fork({
      handlers: [
        [staffLogoutFx, () => Promise.reject(new Error('offline'))],
        [navigateFx, navigate],
      ],
    });
    await allSettled(staffSignedIn, { scope, params: { token: 'tok', staff: reviewer } });
    await allSettled(staffSignOutClicked, { scope });
    expect(scope.getState($staffToken)).toBeNull();
    expect(scope.getState($staffProfile)).toBeNull();
    expect(navigate.mock.lastCall?.at(-1)).toEqual({ to: '/staff/login', replace: true });
  });
});

describe('what each role may open', () => {
  it('desks by role, administration by administrators, everything for administrators', () => {
    expect(pagesFor('notary').map((page) => page.key)).toEqual(['notary', 'profile']);
    expect(pagesFor('finance').map((page) => page.key)).toEqual(['invoices', 'orders', 'profile']);
    expect(pagesFor('admin')).toHaveLength(7);
    expect(mayUse('reviewer', 'notary')).toBe(false);
    expect(mayUse('finance', 'audit')).toBe(false);
    expect(mayUse('admin', 'verification')).toBe(true);
    for (const role of ['admin', 'reviewer', 'notary', 'finance'] as const) expect(homeOf(role)).toBe('/staff/home');
  });
});
