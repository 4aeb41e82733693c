import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffLoginResponse } from '../contracts/index';
import { openPglite } from './db/database';
import { createTranslator } from './i18n';
import { PROJECT_ROOT } from './paths';
import { runStaffCommand } from './staff-cli';
import { createTestApp, TEST_PASSWORD_LOG_N, type TestApp } from './test-support/create-test-app';
import { auditOf, staffPost, uniqueUsername } from './test-support/staff';
import { copyText, validationText } from './test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const translator = createTranslator();

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffCommand(argv, {
    db: t.db,
    clock: t.clock,
    config: { STAFF_SESSION_IDLE_MINUTES: 30, PASSWORD_SCRYPT_LOG_N: Number(TEST_PASSWORD_LOG_N) },
    translator,
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The words the CLI prints between the username and a one-time password (created or reset), from its copy. */
const beforePassword = ['staff:cliCreated', 'staff:cliPasswordReset'].map(
  (key) => copyText(key, { username: '\u0000', password: '\u0001' }).split('\u0000')[1]!.split('\u0001')[0]!,
);
const passwordIn = (text: string) => {
  for (const marker of beforePassword) {
    const at = text.indexOf(marker);
    if (at >= 0) return /\S+/.exec(text.slice(at + marker.length))?.[0] ?? '';
  }
  return '';
};
const login = (username: string, password: string) => staffPost<StaffLoginResponse>(t, '/api/staff/login', { username, password });

describe('npm run staff (in this process, on the test database)', () => {
  it('create-admin prints a one-time password once; the administrator signs in with it and must change it', async () => {
    const username = uniqueUsername('root');
    const created = await run('create-admin', '--username', username, '--name', '王管理');
    expect(created.code).toBe(0);
    expect(created.out).toContain(copyText('staff:cliCreated', { username, password: passwordIn(created.out) }));
    const password = passwordIn(created.out);
    expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const row = await t.db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'admin', name: '王管理', must_change_password: true, totp_enrolled: false });
    expect((await login(username, password)).body.data).toMatchObject({ next: 'changePassword' });
    const entry = (await auditOf(t, null)).find((r) => r.action === 'staffCreated' && r.record_id === String(row.id));
    expect(entry).toMatchObject({ client_ip: 'cli', after: { role: 'admin', username } });

    const again = await run('create-admin', '--username', username, '--name', '王管理');
    expect(again).toMatchObject({ code: 1, err: copyText('staff:usernameTaken') });
  });

  it('refuses bad input with the reason, and a wrong command with the usage', async () => {
    expect(await run('create-admin', '--username', 'ab', '--name', '王')).toMatchObject({
      code: 1,
      err: copyText('validation:staffUsername'),
    });
    expect(await run('create-admin', '--username', uniqueUsername())).toMatchObject({ code: 1, err: validationText('required|staffName') });
    expect((await run('make-admin')).code).toBe(2);
    expect((await run()).err).toContain(copyText('staff:cliUsage'));
    expect((await run('create-admin', '--colour', 'red')).code).toBe(2);
    expect(await run('unlock', '--username', 'nobody.at.all')).toMatchObject({
      code: 1,
      err: copyText('staff:cliNoSuchStaff', { username: 'nobody.at.all' }),
    });
  });

  it('--password-file writes the one-time password to the file (0600), not on screen; for create-admin and reset-password only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'staff-pass-'));
    try {
      const username = uniqueUsername('filed');
      const file = join(dir, 'admin-password');
      const created = await run('create-admin', '--username', username, '--name', '钱管理', '--password-file', file);
      expect(created.code).toBe(0);
      expect(created.out).toContain(copyText('staff:cliCreatedToFile', { username, file }));
      const password = (await readFile(file, 'utf8')).trim();
      expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(created.out).not.toContain(password);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await login(username, password)).body.data).toMatchObject({ next: 'changePassword' });

      const reset = await run('reset-password', '--username', username, '--password-file', file);
      expect(reset.code).toBe(0);
      const second = (await readFile(file, 'utf8')).trim();
      expect(second).not.toBe(password);
      expect(reset.out).not.toContain(second);
      expect((await login(username, second)).body.code).toBe(200);

      expect((await run('unlock', '--username', username, '--password-file', file)).code).toBe(2);
      expect((await run('create-admin', '--username', uniqueUsername(), '--name', '孙', '--password-file', '')).code).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reset-password, reset-totp and unlock change the account as an administrator would', async () => {
    const username = uniqueUsername('ops');
    const first = passwordIn((await run('create-admin', '--username', username, '--name', '赵运维')).out);
    const reset = await run('reset-password', '--username', username.toUpperCase());
    expect(reset.code).toBe(0);
    const second = passwordIn(reset.out);
    expect((await login(username, first)).body.code).toBe(400);
    expect((await login(username, second)).body.code).toBe(200);
    await t.db
      .updateTable('staff')
      .set({ locked_until: new Date(t.clock.now().getTime() + 600_000) })
      .where('username', '=', username)
      .execute();
    expect((await login(username, second)).status).toBe(429);
    expect((await run('unlock', '--username', username)).code).toBe(0);
    expect((await login(username, second)).body.code).toBe(200);
    expect((await run('reset-totp', '--username', username)).out).toContain(copyText('staff:cliTotpReset', { username }));
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run staff (a real process on an embedded database in DATA_DIR)', () => {
  it('creates the first administrator and prints its one-time password', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'staff-cli-'));
    try {
      const { stdout } = await promisify(execFile)(
        'npm',
        ['run', '--silent', 'staff', '--', 'create-admin', '--username', 'first.admin', '--name', '第一位管理员'],
        { cwd: PROJECT_ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' } },
      );
      expect(stdout).toContain('已创建管理员 first.admin');
      expect(passwordIn(stdout)).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      const database = await openPglite(dataDir);
      try {
        const rows = await database.db.selectFrom('staff').select(['username', 'role', 'must_change_password']).execute();
        expect(rows).toEqual([{ username: 'first.admin', role: 'admin', must_change_password: true }]);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
