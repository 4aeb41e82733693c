import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $staffToken, staffRequestFx, staffSessionExpired } from '@/shared/api';
import { $location, navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { $staffProfile, staffSignedIn, staffSignOutClicked } from '@/entities/staff-member';
import './staff-session';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const staff = { id: 1, username: 'a', name: 'A', role: 'admin' as const, recoveryCodesLeft: 10, idleMinutes: 30 };

describe('staff session expiry', () => {
  it("shows the server's words once, clears the staff session and goes to /staff/login with the way back", async () => {
    const toast = vi.fn();
    const navigate = vi.fn();
    const scope = fork({
      values: [[$location, { pathname: '/staff/notary/4', search: '?x=1' }]],
      handlers: [
        [showToastFx, toast],
        [navigateFx, navigate],
      ],
    });
    await allSettled(staffSignedIn, { scope, params: { token: 'tok', staff } });
    await allSettled(staffSessionExpired, { scope, params: { text: 'over' } });
    await allSettled(staffSessionExpired, { scope, params: { text: 'over' } });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast.mock.calls[0]![0]).toEqual({ type: 'warning', text: 'over' });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]!.at(-1)).toEqual({ to: '/staff/login?redirect=%2Fstaff%2Fnotary%2F4%3Fx%3D1', replace: true });
    expect(scope.getState($staffToken)).toBeNull();
    expect(scope.getState($staffProfile)).toBeNull();

    // After the next sign-in, an expiry is acted on again.
    await allSettled(staffSignedIn, { scope, params: { token: 'tok2', staff } });
    await allSettled(staffSessionExpired, { scope, params: { text: 'again' } });
    expect(toast).toHaveBeenCalledTimes(2);
  });

  it('a call that was in flight when the member signed out answers 408 without a toast or a way back', async () => {
    const toast = vi.fn();
    const navigate = vi.fn();
    let endLogout: () => void = () => undefined;
    const scope = fork({
      values: [[$location, { pathname: '/staff/verification', search: '' }]],
      handlers: [
        [showToastFx, toast],
        [navigateFx, navigate],
        [staffRequestFx, () => new Promise<unknown>((resolve) => (endLogout = () => resolve(null)))],
      ],
    });
    await allSettled(staffSignedIn, { scope, params: { token: 'tok', staff } });
    const signingOut = allSettled(staffSignOutClicked, { scope });
    await allSettled(staffSessionExpired, { scope, params: { text: 'over' } });
    endLogout();
    await signingOut;
    await allSettled(staffSessionExpired, { scope, params: { text: 'over' } });
    expect(toast).not.toHaveBeenCalled();
    expect(navigate.mock.calls.map((call) => call.at(-1))).toEqual([{ to: '/staff/login', replace: true }]);
    expect(scope.getState($staffToken)).toBeNull();
  });
});
