import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffAccount, StaffAuditList, StaffList, StaffLoginResponse, StaffPasswordIssued } from '../../../contracts/index';
import { createTestApp, TEST_PASSWORD_LOG_N, type TestApp } from '../../test-support/create-test-app';
import { PasswordHasher } from '../auth/password';
import {
  createStaff,
  signInAgain,
  signInNewStaff,
  staffGet,
  staffPost,
  uniqueUsername,
  type SignedInStaff,
} from '../../test-support/staff';
import { StaffAccounts } from './accounts';
import { STAFF_LIMITS } from './limits';
import { StaffSessionService } from './sessions';
import { copyText } from '../../test-support/copy';

let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  admin = await signInNewStaff(t, 'admin');
});
afterAll(() => t.close());

const login = (username: string, password: string) => staffPost<StaffLoginResponse>(t, '/api/staff/login', { username, password });
const me = (token: string) => staffGet(t, '/api/staff/me', token);
const audit = (query: string) => staffGet<StaffAuditList>(t, `/api/staff/admin/audit?${query}`, admin.token);

describe('creating staff', () => {
  it('answers a one-time password once; the new account signs in with it and must choose its own', async () => {
    const username = uniqueUsername('Li.Si');
    const created = await staffPost<StaffPasswordIssued>(
      t,
      '/api/staff/admin/create',
      { username, name: '李四', role: 'notary' },
      admin.token,
    );
    expect(created.body.code).toBe(200);
    expect(created.body.msg).toBe(copyText('staff:created'));
    const { staff, password } = created.body.data;
    expect(staff).toMatchObject({
      username: username.toLowerCase(),
      name: '李四',
      role: 'notary',
      totpEnrolled: false,
      mustChangePassword: true,
    });
    expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const row = await t.db.selectFrom('staff').select('password_hash').where('id', '=', staff.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(password);
    expect((await login(username.toLowerCase(), password)).body.data.next).toBe('changePassword');

    const again = await staffPost(t, '/api/staff/admin/create', { username, name: '李四', role: 'notary' }, admin.token);
    expect(again.body).toMatchObject({ code: 400, msg: copyText('staff:usernameTaken') });
    const bad = await staffPost(t, '/api/staff/admin/create', { username: '1abc', name: '李四', role: 'notary' }, admin.token);
    expect(bad.body.msg).toBe(copyText('validation:staffUsername'));
    const noRole = await staffPost(t, '/api/staff/admin/create', { username: uniqueUsername(), name: '李四', role: 'boss' }, admin.token);
    expect(noRole.body.msg).toBe(copyText('validation:staffRole'));

    const [entry] = (await audit(`action=staffCreated&recordType=staff&recordId=${staff.id}`)).body.data.list;
    expect(entry).toMatchObject({ staffId: admin.id, username: admin.username, before: null, after: { role: 'notary', disabled: false } });
    expect(entry?.ip).toBe('127.0.0.1');
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('lists staff 10 a page, by role and by part of a name', async () => {
    const tag = uniqueUsername('lst');
    for (let i = 0; i < 11; i++) await createStaff(t, 'finance', `${tag}x${i}`);
    const first = await staffGet<StaffList>(t, `/api/staff/admin/list?role=finance&text=${tag}`, admin.token);
    expect(first.body.data.count).toBe(11);
    expect(first.body.data.list).toHaveLength(10);
    const second = await staffGet<StaffList>(t, `/api/staff/admin/list?role=finance&text=${tag}&page=2`, admin.token);
    expect(second.body.data.list.map((s) => s.username)).toEqual([`${tag}x10`]);
    expect((await staffGet<StaffList>(t, `/api/staff/admin/list?role=notary&text=${tag}`, admin.token)).body.data.count).toBe(0);
  });
});

describe('changing accounts', () => {
  it('changes a role; the next call of that session has the new role', async () => {
    const reviewer = await signInNewStaff(t, 'reviewer');
    const changed = await staffPost<StaffAccount>(t, '/api/staff/admin/role', { id: String(reviewer.id), role: 'finance' }, admin.token);
    expect(changed.body.data.role).toBe('finance');
    expect((await me(reviewer.token)).body.data).toMatchObject({ role: 'finance' });
    const own = await staffPost(t, '/api/staff/admin/role', { id: String(admin.id), role: 'notary' }, admin.token);
    expect(own.body).toMatchObject({ code: 400, msg: copyText('staff:notYourself') });
    const [entry] = (await audit(`action=staffRoleChanged&recordId=${reviewer.id}`)).body.data.list;
    expect(entry).toMatchObject({ before: { role: 'reviewer' }, after: { role: 'finance' } });
  });

  it('disables an account (its sessions end, sign-in refused once the password is right) and enables it again', async () => {
    const notary = await signInNewStaff(t, 'notary');
    const disabled = await staffPost<StaffAccount>(t, '/api/staff/admin/disable', { id: String(notary.id), disabled: '1' }, admin.token);
    expect(disabled.body.data.disabled).toBe(true);
    expect((await me(notary.token)).status).toBe(401);
    expect((await login(notary.username, notary.password)).body.msg).toBe(copyText('staff:disabled'));
    // A wrong password says nothing about the account being disabled.
    expect((await login(notary.username, 'Wrong-pass-1234')).body.msg).toBe(copyText('staff:wrongCredentials'));
    await staffPost(t, '/api/staff/admin/disable', { id: String(notary.id), disabled: '0' }, admin.token);
    expect((await signInAgain(t, notary)).length).toBeGreaterThan(20);
    expect((await staffPost(t, '/api/staff/admin/disable', { id: String(admin.id), disabled: '1' }, admin.token)).body.code).toBe(400);
    const actions = (await audit(`recordType=staff&recordId=${notary.id}&staffId=${admin.id}`)).body.data.list.map((e) => e.action);
    expect(actions).toEqual(['staffEnabled', 'staffDisabled']);
  });

  it('resets TOTP: sessions end, the recovery codes go, the next sign-in enrols again', async () => {
    const finance = await signInNewStaff(t, 'finance');
    await staffPost(t, '/api/staff/admin/resetTotp', { id: String(finance.id) }, admin.token);
    expect((await me(finance.token)).status).toBe(401);
    expect(await t.db.selectFrom('staff_recovery_codes').select('id').where('staff_id', '=', finance.id).execute()).toEqual([]);
    const { challenge, next } = (await login(finance.username, finance.password)).body.data;
    expect(next).toBe('enrol');
    expect((await staffPost(t, '/api/staff/login/verify', { challenge, recoveryCode: finance.recoveryCodes[0] ?? '' })).body.msg).toBe(
      copyText('staff:enrolFirst'),
    );
  });

  it('resets a password: a new one-time password, the old one refused, sessions ended', async () => {
    const reviewer = await signInNewStaff(t, 'reviewer');
    const reset = await staffPost<StaffPasswordIssued>(t, '/api/staff/admin/resetPassword', { id: String(reviewer.id) }, admin.token);
    expect(reset.body.data.staff.mustChangePassword).toBe(true);
    expect((await me(reviewer.token)).status).toBe(401);
    expect((await login(reviewer.username, reviewer.password)).body.code).toBe(400);
    expect((await login(reviewer.username, reset.body.data.password)).body.data.next).toBe('changePassword');
  });

  it('unlocks an account locked by failures', async () => {
    const notary = await signInNewStaff(t, 'notary');
    for (let i = 0; i < STAFF_LIMITS.failuresBeforeLock; i++) await login(notary.username, 'Wrong-pass-1234');
    expect((await login(notary.username, notary.password)).status).toBe(429);
    const listed = await staffGet<StaffList>(t, `/api/staff/admin/list?text=${notary.username}`, admin.token);
    expect(listed.body.data.list[0]?.lockedUntil).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const unlocked = await staffPost<StaffAccount>(t, '/api/staff/admin/unlock', { id: String(notary.id) }, admin.token);
    expect(unlocked.body.data.lockedUntil).toBe('');
    expect((await signInAgain(t, notary)).length).toBeGreaterThan(20);
  });

  it('keeps one enabled administrator when two demote each other at once', async () => {
    const other = await signInNewStaff(t, 'admin');
    // Every other administrator of this database out of the way: these two are the only ones.
    await t.db
      .updateTable('staff')
      .set({ disabled: true })
      .where('role', '=', 'admin')
      .where('id', 'not in', [admin.id, other.id])
      .execute();
    const accounts = new StaffAccounts(
      t.db,
      t.clock,
      new StaffSessionService(t.db, t.clock, 30),
      new PasswordHasher(Number(TEST_PASSWORD_LOG_N)),
    );
    await accounts.setRole(other.id, 'notary', { staffId: admin.id, ip: '127.0.0.1' });
    // The other's request, checked as an administrator's before it was demoted, now reaches the service.
    await expect(accounts.setRole(admin.id, 'notary', { staffId: other.id, ip: '127.0.0.1' })).rejects.toMatchObject({
      messageKey: 'staff:lastAdmin',
    });
    await expect(accounts.setDisabled(admin.id, true, { staffId: other.id, ip: '127.0.0.1' })).rejects.toMatchObject({
      messageKey: 'staff:lastAdmin',
    });
    const row = await t.db.selectFrom('staff').select(['role', 'disabled']).where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'admin', disabled: false });
  });
});

describe('the audit log', () => {
  it('filters by member of staff, action, record and time, newest first, 10 a page', async () => {
    const reviewer = await signInNewStaff(t, 'reviewer');
    const from = Math.floor(t.clock.now().getTime() / 1000);
    for (let i = 0; i < 12; i++) {
      t.clock.advance(60_000);
      await staffPost(t, '/api/staff/admin/role', { id: String(reviewer.id), role: i % 2 === 0 ? 'finance' : 'reviewer' }, admin.token);
    }
    const to = Math.floor(t.clock.now().getTime() / 1000);
    const all = await audit(`staffId=${admin.id}&action=staffRoleChanged`);
    expect(all.body.data.count).toBe(12);
    expect(all.body.data.list).toHaveLength(10);
    expect(all.body.data.list[0]?.after).toEqual(expect.objectContaining({ role: 'reviewer' }));
    expect(all.body.data.list[0]?.before).toEqual(expect.objectContaining({ role: 'finance' }));
    const ids = all.body.data.list.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await audit(`staffId=${admin.id}&action=staffRoleChanged&page=2`)).body.data.list).toHaveLength(2);
    // The last three minutes only (end inclusive to the second).
    expect((await audit(`staffId=${admin.id}&action=staffRoleChanged&startTime=${to - 120}&endTime=${to}`)).body.data.count).toBe(3);
    expect((await audit(`staffId=${admin.id}&startTime=${from - 3600}&endTime=${from - 1}`)).body.data.count).toBe(0);
    expect((await audit(`recordType=staff&recordId=${reviewer.id}&action=staffRoleChanged`)).body.data.count).toBe(12);
    expect((await audit(`staffId=${reviewer.id}&action=signIn`)).body.data.list[0]).toMatchObject({
      username: reviewer.username,
      after: { method: 'enrol' },
    });
    const unknown = await audit('action=forged');
    expect(unknown.body.code).toBe(400);
  });
});
