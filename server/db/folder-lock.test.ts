import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n';
import { PROJECT_ROOT } from '../paths';
import { openPglite } from './database';
import { FolderLockedError } from './folder-lock';

const t = createTranslator().t;
const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'folder-lock-'));
  folders.push(dir);
  return dir;
}

/** Another process holding the database of `dataDir` (server/test-support/hold-database.ts), once it is open. */
async function holder(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test-support/hold-database.ts', dataDir], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`holder exited ${code}`)));
  });
  return child;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe.skipIf(Boolean(process.env.DATABASE_URL))('one process at a time on an embedded database folder', () => {
  it('refuses a second process while the first holds the folder, the staff command too (exit 1, nothing written)', async () => {
    const dataDir = await folder();
    const child = await holder(dataDir);
    const refused = await openPglite(dataDir).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(FolderLockedError);
    expect((refused as FolderLockedError).pid).toBe(child.pid);

    const staff = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/staff-cli.ts', 'create-admin', '--username', 'second.admin', '--name', 'x'],
      { cwd: PROJECT_ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' } },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(staff.code).toBe(1);
    expect(staff.stderr).toContain(t('staff:cliServerRunning', { dir: join(dataDir, 'db'), pid: child.pid ?? 0 }));

    // Stopped normally: the lock is gone, and the folder opens, without the refused command's account.
    child.kill('SIGTERM');
    await exited(child);
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
    const database = await openPglite(dataDir);
    try {
      expect(await database.db.selectFrom('staff').select('username').execute()).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('takes over the lock of a process killed with SIGKILL, and of a dead pid', async () => {
    const dataDir = await folder();
    const child = await holder(dataDir);
    child.kill('SIGKILL');
    await exited(child);
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(true);
    const database = await openPglite(dataDir);
    await database.close();

    // A lock naming a process that has exited (and one whose pid now runs something started later).
    const gone = spawn(process.execPath, ['-e', '']);
    await exited(gone);
    writeFileSync(join(dataDir, 'db.lock'), JSON.stringify({ pid: gone.pid, started: null }));
    await (await openPglite(dataDir)).close();
    writeFileSync(join(dataDir, 'db.lock'), JSON.stringify({ pid: process.ppid, started: '1' }));
    const reused = await openPglite(dataDir);
    await reused.close();
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  }, 120_000);

  it('never opens one folder twice in one process', async () => {
    const dataDir = await folder();
    const first = await openPglite(dataDir);
    try {
      await expect(openPglite(dataDir)).rejects.toBeInstanceOf(FolderLockedError);
    } finally {
      await first.close();
    }
    const again = await openPglite(dataDir);
    await again.close();
  }, 120_000);
});
