import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffEnrolment, StaffLoginResponse, StaffProfile, StaffSignedIn } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import {
  auditOf,
  codeNow,
  createStaff,
  signInAgain,
  signInNewStaff,
  STAFF_PASSWORD,
  staffCall,
  staffGet,
  staffPost,
} from '../../test-support/staff';
import { STAFF_LIMITS } from './limits';
import { copyText } from '../../test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// Users, rate limits and the clock start again; staff rows and the audit log stay (each test makes its own accounts).
beforeEach(() => t.reset());
afterAll(() => t.close());

const login = (username: string, password: string, ip?: string) =>
  staffPost<StaffLoginResponse>(t, '/api/staff/login', { username, password }, undefined, ip);
const me = (token: string) => staffGet<StaffProfile>(t, '/api/staff/me', token);

describe('first sign-in: one-time password, own password, TOTP enrolment, recovery codes', () => {
  it('goes step by step, each step refusing what comes too early, and ends with a working session', async () => {
    const created = await createStaff(t, 'reviewer');
    const first = await login(created.username, created.oneTimePassword);
    expect(first.body).toMatchObject({ code: 200, data: { next: 'changePassword', expiresIn: 300 } });
    const { challenge } = first.body.data;

    // Enrolment waits for the new password.
    expect((await staffPost(t, '/api/staff/login/enrol', { challenge })).body).toMatchObject({
      code: 400,
      msg: copyText('staff:changePasswordFirst'),
    });
    // The new password follows the staff policy and is not the one-time password.
    const weak = await staffPost(t, '/api/staff/login/password', { challenge, password: 'short1', confirmPassword: 'short1' });
    expect(weak.body).toMatchObject({ code: 400, msg: copyText('validation:staffPassword') });
    const same = await staffPost(t, '/api/staff/login/password', {
      challenge,
      password: created.oneTimePassword,
      confirmPassword: created.oneTimePassword,
    });
    // Refused by the policy (a one-time password may lack a digit) or else by the same-password rule.
    expect(same.body.code).toBe(400);
    const set = await staffPost<{ next: string }>(t, '/api/staff/login/password', {
      challenge,
      password: STAFF_PASSWORD,
      confirmPassword: STAFF_PASSWORD,
    });
    expect(set.body).toMatchObject({ code: 200, data: { next: 'enrol' } });

    const enrolment = await staffPost<StaffEnrolment>(t, '/api/staff/login/enrol', { challenge });
    expect(enrolment.body.code).toBe(200);
    const { secret, uri } = enrolment.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(decodeURIComponent(parsed.pathname)).toContain(`:${created.username}`);
    expect(parsed.searchParams.get('secret')).toBe(secret);
    // Stored sealed with the KYC key, never as the base32 text.
    const row = await t.db.selectFrom('staff').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.totp_secret_enc).toMatch(/^v1:/);
    expect(row.totp_secret_enc).not.toContain(secret);
    expect(row.totp_enrolled).toBe(false);

    // Verification before enrolment is confirmed is refused; a wrong first code too.
    expect((await staffPost(t, '/api/staff/login/verify', { challenge, code: codeNow(t, secret) })).body.msg).toBe(
      copyText('staff:enrolFirst'),
    );
    const wrong = await staffPost(t, '/api/staff/login/confirm', {
      challenge,
      code: codeNow(t, secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: copyText('staff:wrongCode') });

    const confirmed = await staffPost<StaffSignedIn>(t, '/api/staff/login/confirm', { challenge, code: codeNow(t, secret) });
    expect(confirmed.body.code).toBe(200);
    const { token, recoveryCodes, staff } = confirmed.body.data;
    expect(staff).toMatchObject({ id: created.id, username: created.username, role: 'reviewer', recoveryCodesLeft: 10, idleMinutes: 30 });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    // Kept hashed only.
    const stored = await t.db.selectFrom('staff_recovery_codes').select('code_hash').where('staff_id', '=', created.id).execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) for (const code of recoveryCodes) expect(code_hash).not.toContain(code.replace('-', ''));

    // The challenge is spent; the session works as `Staff <token>` and nothing else.
    expect((await staffPost(t, '/api/staff/login/confirm', { challenge, code: codeNow(t, secret) })).status).toBe(401);
    expect((await me(token)).body).toMatchObject({ code: 200, data: { username: created.username } });
    expect((await staffCall(t, 'GET', '/api/staff/me', { authorization: `Bearer ${token}` })).status).toBe(401);
    expect((await staffCall(t, 'GET', '/api/staff/me', { authorization: token })).status).toBe(401);

    const actions = (await auditOf(t, created.id)).map((r) => r.action);
    expect(actions).toEqual(['passwordChanged', 'signInFailed', 'totpEnrolled', 'signIn']);
  });
});

describe('later sign-ins', () => {
  it('take a TOTP code once: the same step is refused, the next one works', async () => {
    const staff = await signInNewStaff(t, 'notary');
    // Same 30-second step as the enrolment's code: refused even though the code is right.
    const { challenge } = (await login(staff.username, staff.password)).body.data;
    const replay = await staffPost(t, '/api/staff/login/verify', { challenge, code: codeNow(t, staff.secret) });
    expect(replay.body).toMatchObject({ code: 400, msg: copyText('staff:wrongCode') });
    t.clock.advance(30_000);
    const next = await staffPost<StaffSignedIn>(t, '/api/staff/login/verify', { challenge, code: codeNow(t, staff.secret) });
    expect(next.body.code).toBe(200);
    expect(next.body.data.recoveryCodes).toEqual([]);
    // A second request with that code (a copied one) fails too.
    const again = (await login(staff.username, staff.password)).body.data.challenge;
    expect((await staffPost(t, '/api/staff/login/verify', { challenge: again, code: codeNow(t, staff.secret) })).body.code).toBe(400);
  });

  it('take a recovery code once, in any case and spacing', async () => {
    const staff = await signInNewStaff(t, 'finance');
    const code = staff.recoveryCodes[3] ?? '';
    const { challenge } = (await login(staff.username, staff.password)).body.data;
    const used = await staffPost<StaffSignedIn>(t, '/api/staff/login/verify', {
      challenge,
      recoveryCode: ` ${code.toLowerCase().replace('-', ' ')} `,
    });
    expect(used.body.code).toBe(200);
    expect((await me(used.body.data.token)).body.data.recoveryCodesLeft).toBe(9);
    const second = (await login(staff.username, staff.password)).body.data.challenge;
    const reused = await staffPost(t, '/api/staff/login/verify', { challenge: second, recoveryCode: code });
    expect(reused.body).toMatchObject({ code: 400, msg: copyText('staff:wrongRecoveryCode') });
    const malformed = await staffPost(t, '/api/staff/login/verify', { challenge: second, recoveryCode: 'abc' });
    expect(malformed.body.msg).toBe(copyText('validation:recoveryCode'));
    expect((await auditOf(t, staff.id)).map((r) => r.action)).toContain('recoveryCodeUsed');
  });

  it('renew the recovery codes for a current TOTP code; the old ones stop working', async () => {
    const staff = await signInNewStaff(t, 'finance');
    t.clock.advance(30_000);
    const renewed = await staffPost<{ recoveryCodes: string[] }>(
      t,
      '/api/staff/recoveryCodes',
      { code: codeNow(t, staff.secret) },
      staff.token,
    );
    expect(renewed.body.code).toBe(200);
    expect(renewed.body.data.recoveryCodes).toHaveLength(10);
    const { challenge } = (await login(staff.username, staff.password)).body.data;
    expect((await staffPost(t, '/api/staff/login/verify', { challenge, recoveryCode: staff.recoveryCodes[0] ?? '' })).body.code).toBe(400);
    const fresh = await staffPost(t, '/api/staff/login/verify', { challenge, recoveryCode: renewed.body.data.recoveryCodes[0] ?? '' });
    expect(fresh.body.code).toBe(200);
  });

  it('expire the challenge after five minutes', async () => {
    const staff = await signInNewStaff(t, 'reviewer');
    const { challenge } = (await login(staff.username, staff.password)).body.data;
    t.clock.advance(STAFF_LIMITS.challengeMs + 1000);
    const late = await staffPost(t, '/api/staff/login/verify', { challenge, code: codeNow(t, staff.secret) });
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ code: 408, msg: copyText('validation:staffChallenge') });
  });
});

describe('lockout and throttling', () => {
  it(`locks an account after ${STAFF_LIMITS.failuresBeforeLock} wrong passwords, even for the right one, for 15 minutes`, async () => {
    const staff = await signInNewStaff(t, 'notary');
    for (let i = 1; i < STAFF_LIMITS.failuresBeforeLock; i++) {
      expect((await login(staff.username, 'Wrong-pass-123')).body).toMatchObject({ code: 400, msg: copyText('staff:wrongCredentials') });
    }
    const last = await login(staff.username, 'Wrong-pass-123');
    expect(last.status).toBe(429);
    expect(last.body.msg).toBe(copyText('staff:lockedNow', { minutes: 15 }));
    const right = await login(staff.username, staff.password);
    expect(right.status).toBe(429);
    expect(right.body.msg).toBe(copyText('staff:locked', { minutes: 15 }));
    // The lock ends its open session too (a stolen session does not outlive a guessing attack on the account).
    expect((await me(staff.token)).status).toBe(401);
    t.clock.advance(STAFF_LIMITS.lockMs - 60_000);
    expect((await login(staff.username, staff.password)).body.msg).toBe(copyText('staff:locked', { minutes: 1 }));
    t.clock.advance(60_000);
    expect((await signInAgain(t, staff)).length).toBeGreaterThan(20);
    const actions = (await auditOf(t, staff.id)).map((r) => r.action);
    expect(actions.filter((a) => a === 'signInFailed')).toHaveLength(STAFF_LIMITS.failuresBeforeLock);
    expect(actions).toContain('signInLocked');
  });

  it('counts wrong TOTP codes with wrong passwords, and a success starts the count again', async () => {
    const staff = await signInNewStaff(t, 'reviewer');
    await login(staff.username, 'Wrong-pass-123');
    await login(staff.username, 'Wrong-pass-123');
    t.clock.advance(30_000);
    expect((await signInAgain(t, staff)).length).toBeGreaterThan(20);
    expect(
      (await t.db.selectFrom('staff').select('failed_attempts').where('id', '=', staff.id).executeTakeFirstOrThrow()).failed_attempts,
    ).toBe(0);
    const { challenge } = (await login(staff.username, staff.password)).body.data;
    let last;
    for (let i = 0; i < STAFF_LIMITS.failuresBeforeLock; i++)
      last = await staffPost(t, '/api/staff/login/verify', { challenge, code: '000001' });
    expect(last?.status).toBe(429);
    t.clock.advance(30_000);
    // Locked: even the right code on the same challenge is refused.
    expect((await staffPost(t, '/api/staff/login/verify', { challenge, code: codeNow(t, staff.secret) })).status).not.toBe(200);
  });

  it('answers an unknown name like a wrong password, and locks it alike', async () => {
    for (let i = 0; i < STAFF_LIMITS.failuresBeforeLock; i++) {
      expect((await login('nobody.here', 'Wrong-pass-123')).body).toMatchObject({ code: 400, msg: copyText('staff:wrongCredentials') });
    }
    expect((await login('nobody.here', 'Wrong-pass-123')).body.msg).toBe(copyText('staff:locked', { minutes: 15 }));
    const unknown = await auditOf(t, null);
    expect(unknown.filter((r) => r.action === 'signInFailed' && r.after?.username === 'nobody.here')).toHaveLength(
      STAFF_LIMITS.failuresBeforeLock,
    );
  });

  it(`throttles ${STAFF_LIMITS.attemptsPerIp} sign-in attempts per address in 15 minutes`, async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < STAFF_LIMITS.attemptsPerIp; i++) {
      const reply = await staffPost(t, '/api/staff/login/verify', { challenge: 'x'.repeat(43), code: '123456' }, undefined, ip);
      expect(reply.status).toBe(401);
    }
    const over = await staffPost(t, '/api/staff/login/verify', { challenge: 'x'.repeat(43), code: '123456' }, undefined, ip);
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe(copyText('staff:tooManyAttempts'));
    // Another address is not affected.
    expect(
      (await staffPost(t, '/api/staff/login/verify', { challenge: 'x'.repeat(43), code: '123456' }, undefined, '203.0.113.10')).status,
    ).toBe(401);
  });
});

describe('sessions', () => {
  it('end after 30 idle minutes; each call starts the idle time again', async () => {
    const staff = await signInNewStaff(t, 'finance');
    t.clock.advance(29 * 60_000);
    expect((await me(staff.token)).body.code).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await me(staff.token)).body.code).toBe(200);
    t.clock.advance(30 * 60_000 + 1000);
    const expired = await me(staff.token);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 408, msg: copyText('staff:sessionExpired') });
  });

  it('end at sign-out', async () => {
    const staff = await signInNewStaff(t, 'finance');
    expect((await staffPost(t, '/api/staff/logout', {}, staff.token)).body.code).toBe(200);
    expect((await me(staff.token)).status).toBe(401);
    expect((await auditOf(t, staff.id)).at(-1)?.action).toBe('signOut');
  });

  it('are never a user session, and a user session is never a staff one', async () => {
    const user = await register(t, '13900139000');
    expect((await staffCall(t, 'GET', '/api/staff/me', { authorization: `Bearer ${user.token}` })).status).toBe(401);
    expect((await staffCall(t, 'GET', '/api/staff/me', { authorization: `Staff ${user.token}` })).status).toBe(401);
    const staff = await signInNewStaff(t, 'admin');
    expect((await t.post('/api/user/getUserInfo', {}, user.token)).body.code).toBe(200);
    expect((await t.post('/api/user/getUserInfo', {}, staff.token)).body.code).toBe(408);
  });

  it('change of password: the old one first, then the other sessions end and this one stays', async () => {
    const staff = await signInNewStaff(t, 'reviewer');
    const other = await signInAgain(t, staff);
    const wrong = await staffPost(
      t,
      '/api/staff/password',
      { oldPassword: 'Nope-nope-123', password: 'Another-pass-9', confirmPassword: 'Another-pass-9' },
      staff.token,
    );
    expect(wrong.body).toMatchObject({ code: 400, msg: copyText('staff:wrongOldPassword') });
    const changed = await staffPost(
      t,
      '/api/staff/password',
      { oldPassword: staff.password, password: 'Another-pass-9', confirmPassword: 'Another-pass-9' },
      staff.token,
    );
    expect(changed.body.code).toBe(200);
    expect((await me(staff.token)).body.code).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await login(staff.username, staff.password)).body.code).toBe(400);
    expect((await login(staff.username, 'Another-pass-9')).body.code).toBe(200);
  });
});
