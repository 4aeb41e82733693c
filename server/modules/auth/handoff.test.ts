import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../../contracts/index';
import { copyText } from '../../test-support/copy';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { LIMITS } from './limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const issue = (token: string) => t.post<{ code: string; expiresAt: string; ttl: number }>('/api/auth/handoff', {}, token);
const redeem = (code: string) => t.post<SessionResponse>('/api/auth/handoff/redeem', { code });

describe('desktop-to-phone sign-in code', () => {
  it('signs the phone in once as the desktop user, stores only the hash, and is refused when used again', async () => {
    const desktop = await register(t, '13600136501');
    const issued = await issue(desktop.token);
    expect(issued.body.code, issued.body.msg).toBe(200);
    const { code, ttl, expiresAt } = issued.body.data;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ttl).toBe(120);
    expect(expiresAt).toBe('2025-01-06 09:02:00');
    const stored = await t.db.selectFrom('auth_handoffs').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);

    const phone = await redeem(code);
    expect(phone.body.code, phone.body.msg).toBe(200);
    expect(phone.body.data.token).not.toBe(desktop.token);
    expect(phone.body.data.userInfo.phone).toBe(desktop.userInfo.phone);
    const info = await t.post<{ phone: string }>('/api/user/getUserInfo', {}, phone.body.data.token);
    expect(info.body.code).toBe(200);

    const again = await redeem(code);
    expect(again.body.code).not.toBe(200);
    expect(again.body.msg).toBe(copyText('server:handoffInvalid'));
  });

  it('refuses an expired or unknown code with the same message, and needs a signed-in desktop to issue one', async () => {
    const desktop = await register(t, '13600136502');
    const { code } = (await issue(desktop.token)).body.data;
    t.clock.advance(121_000);
    expect((await redeem(code)).body.msg).toBe(copyText('server:handoffInvalid'));
    expect((await redeem('x'.repeat(43))).body.msg).toBe(copyText('server:handoffInvalid'));
    expect((await t.post('/api/auth/handoff', {})).body.code).not.toBe(200);
  });

  it('counts tries in the per-address login budget', async () => {
    for (let i = 0; i < LIMITS.loginAttemptsPerIp; i++) await redeem(`guess${i}`);
    const limited = await redeem('guess');
    expect(limited.status).toBe(429);
  });
});
