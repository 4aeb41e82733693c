import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { staffCreateRequest } from '../contracts/index';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { FolderLockedError } from './db/folder-lock';
import { migrate } from './db/migrate';
import type { DB } from './db/schema';
import { ApiError } from './http/errors';
import { refusalText } from './http/route';
import { createTranslator, type Translator } from './i18n';
import { PasswordHasher } from './modules/auth/password';
import { StaffAccounts } from './modules/staff/accounts';
import { StaffSessionService } from './modules/staff/sessions';
import { readConfigOrExit } from './read-config';

/**
 * `npm run staff -- <command> ...`: what an operator does to staff accounts from the server's shell, with the
 * server's configuration (DATA_DIR for the embedded database, DATABASE_URL for PostgreSQL):
 *   create-admin --username U --name N   the first administrator (or another); prints a one-time password
 *   reset-password --username U          a new one-time password (the account's sessions end)
 *   --password-file F (with either)      writes the one-time password to F (mode 0600) instead of printing
 *                                        it: for a deployment script, or a test server reading it back
 *   reset-totp --username U              the next sign-in enrols a new authenticator
 *   unlock --username U                  lifts a lock of repeated sign-in failures
 * Each is written to the audit log as the command line's (no member of staff). With the embedded database the
 * server must be stopped first: one process at a time opens DATA_DIR/db, and while a server holds it the command
 * refuses with the server's process id and exits 1 (server/db/folder-lock.ts).
 */

const COMMANDS = ['create-admin', 'reset-password', 'reset-totp', 'unlock'] as const;
type Command = (typeof COMMANDS)[number];

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command against an open, migrated database; answers the exit code (0 done, 1 refused, 2 usage). */
export async function runStaffCommand(
  argv: readonly string[],
  deps: {
    db: Kysely<DB>;
    clock?: Clock;
    config: Pick<Config, 'STAFF_SESSION_IDLE_MINUTES' | 'PASSWORD_SCRYPT_LOG_N'>;
    translator: Translator;
    io: CliIo;
  },
): Promise<number> {
  const { translator, io } = deps;
  const t = translator.t;
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { username: { type: 'string' }, name: { type: 'string' }, 'password-file': { type: 'string' } },
    });
  } catch {
    io.err(t('staff:cliUsage'));
    return 2;
  }
  const command = parsed.positionals[0] as Command | undefined;
  if (!command || !COMMANDS.includes(command) || parsed.positionals.length > 1) {
    io.err(t('staff:cliUsage'));
    return 2;
  }
  const clock = deps.clock ?? systemClock;
  const accounts = new StaffAccounts(
    deps.db,
    clock,
    new StaffSessionService(deps.db, clock, deps.config.STAFF_SESSION_IDLE_MINUTES),
    new PasswordHasher(deps.config.PASSWORD_SCRYPT_LOG_N),
  );
  const actor = { staffId: null, ip: 'cli' };
  const passwordFile = parsed.values['password-file']?.trim() ?? '';
  if (parsed.values['password-file'] !== undefined && (!passwordFile || (command !== 'create-admin' && command !== 'reset-password'))) {
    io.err(t('staff:cliUsage'));
    return 2;
  }
  /** The one-time password: into the file when one is named (only its owner may read it), else on screen. */
  const issue = async (username: string, password: string, printed: string, filed: string) => {
    if (!passwordFile) {
      io.out(t(printed, { username, password }));
      return;
    }
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    io.out(t(filed, { username, file: passwordFile }));
  };
  try {
    if (command === 'create-admin') {
      const input = staffCreateRequest.safeParse({ username: parsed.values.username, name: parsed.values.name, role: 'admin' });
      if (!input.success) {
        io.err(refusalText(input.error, translator));
        return 1;
      }
      const issued = await accounts.create(input.data, actor);
      await issue(issued.staff.username, issued.password, 'staff:cliCreated', 'staff:cliCreatedToFile');
      return 0;
    }
    const username = parsed.values.username?.trim().toLowerCase() ?? '';
    const found = username ? await accounts.findByUsername(username) : undefined;
    if (!found) {
      io.err(t(username ? 'staff:cliNoSuchStaff' : 'staff:cliUsage', { username }));
      return username ? 1 : 2;
    }
    if (command === 'reset-password') {
      const issued = await accounts.resetPassword(found.id, actor);
      await issue(username, issued.password, 'staff:cliPasswordReset', 'staff:cliPasswordResetToFile');
    } else if (command === 'reset-totp') {
      await accounts.resetTotp(found.id, actor);
      io.out(t('staff:cliTotpReset', { username }));
    } else {
      await accounts.unlock(found.id, actor);
      io.out(t('staff:cliUnlocked', { username }));
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    io.err(error.text ?? t(error.messageKey, error.vars));
    return 1;
  }
}

async function main(): Promise<void> {
  const translator = createTranslator();
  const config = readConfigOrExit(translator);
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    process.exitCode = await runStaffCommand(process.argv.slice(2), {
      db: database.db,
      config,
      translator,
      io: { out: (line) => console.log(line), err: (line) => console.error(line) },
    });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    const t = createTranslator().t;
    // A running server holds the embedded database: nothing was written, and the operator is told what to do.
    if (error instanceof FolderLockedError) console.error(t('staff:cliServerRunning', { dir: error.dir, pid: error.pid }));
    else console.error(t('staff:cliFailed', { reason: error instanceof Error ? error.message : String(error) }));
    process.exit(1);
  });
}
