import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $user, sessionStarted } from '@/entities/session';
import { redeemHandoffFx } from '@/features/handoff-sign-in';
import { createAuthGuard, staffGuard } from './guard';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

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

const at = (url: string) => {
  const { pathname, search } = new URL(url);
  return { pathname, search };
};
const run = async (guard: ReturnType<typeof createAuthGuard>, url: string) => guard(at(url));

describe('auth guard (spec section 6)', () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('sends an anonymous visitor to /login with the full path and query, clearing stored user info', async () => {
    const scope = fork();
    await allSettled(sessionStarted, { scope, params: { token: 'tok', userInfo } });
    localStorage.removeItem('Authorization');
    sessionStorage.setItem('userInfo', JSON.stringify(userInfo));

    const outcome = await run(createAuthGuard(scope), 'http://app.test/setting?tab=code&x=1');
    expect(outcome).toBe('/login?redirect=%2Fsetting%3Ftab%3Dcode%26x%3D1');
    expect(scope.getState($user)).toBeNull();
    expect(sessionStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('UserInfo')).toBeNull();
  });

  it('lets a visitor with a stored token through', async () => {
    localStorage.setItem('Authorization', 'tok');
    await expect(run(createAuthGuard(fork()), 'http://app.test/setting')).resolves.toBeNull();
  });

  it("signs a phone in with the desktop's code before anything else, and opens the address without it", async () => {
    const codes: string[] = [];
    const scope = fork({
      handlers: [
        [
          redeemHandoffFx,
          (code: string) => {
            codes.push(code);
            return { token: 'phone-tok', userInfo };
          },
        ],
      ],
    });
    await expect(run(createAuthGuard(scope), 'http://app.test/newMobile?handoff=ABC&x=1')).resolves.toBe('/newMobile?x=1');
    expect(codes).toEqual(['ABC']);
    expect(localStorage.getItem('Authorization')).toBe('phone-tok');
    expect(scope.getState($user)).toEqual(userInfo);
  });

  it('sends a phone whose code was refused to /login, without the spent code', async () => {
    const scope = fork({ handlers: [[redeemHandoffFx, () => Promise.reject(new Error('expired'))]] });
    await expect(run(createAuthGuard(scope), 'http://app.test/newMobile?handoff=OLD')).resolves.toBe('/login?redirect=%2FnewMobile');
  });
});

const runStaff = (url: string) => staffGuard(at(url));

describe('staff guard', () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('sends a tab without a staff token to /staff/login with the way back, whatever user token it holds', () => {
    localStorage.setItem('Authorization', 'user-token');
    expect(runStaff('http://app.test/staff/audit?page=2')).toBe('/staff/login?redirect=%2Fstaff%2Faudit%3Fpage%3D2');
  });

  it('lets a tab with a staff token through', () => {
    sessionStorage.setItem('StaffAuthorization', 'staff-token');
    expect(runStaff('http://app.test/staff/accounts')).toBeNull();
  });
});
