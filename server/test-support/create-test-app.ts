import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Envelope } from '../../contracts/index';
import { buildApp, type BuildAppOptions } from '../app';
import { MANUAL_CLOCK_START, ManualClock } from '../clock';
import { sql } from 'kysely';
import { testConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { readTemplate, testTemplateFile } from '../db/template';
import type { DB } from '../db/schema';
import { randomCaptchaText } from '../modules/auth/captcha-image';

export interface Reply<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Envelope<T>;
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  db: Kysely<DB>;
  database: Database;
  /** A temporary DATA_DIR of this app (stored files, keys), removed by close(). */
  dataDir: string;
  /** POST a url-encoded form, as the web app does. */
  post<T = unknown>(url: string, form?: Record<string, string>, token?: string): Promise<Reply<T>>;
  /** A fresh captcha and its answer. */
  captcha(): Promise<{ captchaId: string; captcha: string }>;
  /** The code of the newest SMS sent to the phone, read from the sandbox outbox page's JSON twin. */
  lastSmsCode(phone: string): Promise<string>;
  /** Empties every table a test writes (seeded content stays) and sets the clock back: cheaper than a new database. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starting PGlite takes about 1.5 s, so a test file opens one app (beforeAll) and calls reset() before each test.
 * A fresh in-memory PGlite, or, when DATABASE_URL is set, a fresh schema of that PostgreSQL database
 * (dropped again by close()), so the same suite proves both drivers.
 */
async function freshDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(undefined, { template: readTemplate(testTemplateFile()) });
    return { database, dispose: () => database.close() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = openPostgres({ url, searchPath: schema, max: 4 });
  return {
    database,
    dispose: async () => {
      await database.close();
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleaner.end();
    },
  };
}

/** The password cost of test apps: sign-ins at production's 0.3 s each were most of the suite's time (auth.test.ts checks production's). */
export const TEST_PASSWORD_LOG_N = '12';

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, 'config' | 'database' | 'clock'>> {
  config?: Partial<Record<keyof Config, string>>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, dispose } = await freshDatabase();
  await migrate(database.db);
  const clock = new ManualClock();
  let lastCaptcha = '';
  const dataDir = await mkdtemp(join(tmpdir(), 'evidence-test-'));
  const app = await buildApp({
    webRoot: null,
    ...options,
    // No background timestamp job: tests tick the timestamper themselves (server/chain/timestamps.test.ts).
    config: testConfig({
      DATA_DIR: dataDir,
      TSA_INTERVAL_SECONDS: '0',
      // Production refuses a cost below OWASP's: a production app hashes at production's.
      ...(options.config?.APP_MODE === 'production' ? {} : { PASSWORD_SCRYPT_LOG_N: TEST_PASSWORD_LOG_N }),
      ...options.config,
    }),
    database,
    clock,
    captchaText: () => (lastCaptcha = randomCaptchaText()),
  });
  await app.ready();

  const post = async <T>(url: string, form: Record<string, string> = {}, token?: string): Promise<Reply<T>> => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: new URLSearchParams(form).toString(),
    });
    return { status: response.statusCode, headers: response.headers, body: response.json<Envelope<T>>() };
  };

  return {
    app,
    clock,
    db: database.db,
    database,
    dataDir,
    post,
    async captcha() {
      const reply = await post<{ captchaId: string }>('/api/Register/getImgCode');
      return { captchaId: reply.body.data.captchaId, captcha: lastCaptcha };
    },
    async lastSmsCode(phone) {
      const response = await app.inject({ method: 'GET', url: `/sandbox/sms.json?phone=${phone}` });
      const { list } = response.json<{ list: { text: string }[] }>();
      const code = /(\d{6})/.exec(list[0]?.text ?? '')?.[1];
      if (!code) throw new Error(`no SMS code was sent to ${phone}`);
      return code;
    },
    async reset() {
      // A job the previous test started (a notice, a mail) may still hold row locks when the truncation asks for
      // its table locks; PostgreSQL then ends one side as a deadlock (40P01). Each statement is all or nothing and
      // the whole reset may run twice, so it is simply asked again.
      for (let attempt = 1; ; attempt++) {
        try {
          await truncateAll();
          break;
        } catch (error) {
          if (attempt >= 5 || (error as { code?: string }).code !== '40P01') throw error;
        }
      }
      clock.set(MANUAL_CLOCK_START);
    },
    async close() {
      await app.close();
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };

  async function truncateAll() {
    await sql`TRUNCATE users, sessions, captchas, sms_codes, sms_outbox, mail_outbox, rate_limit_hits, notifications, sandbox_trades RESTART IDENTITY CASCADE`.execute(
      database.db,
    );
    // The log is append-only in the service; tests start it empty again (evidence went with users' CASCADE).
    await sql`TRUNCATE log_entries, log_nodes, log_checkpoints CASCADE`.execute(database.db);
    await sql`UPDATE log_head SET tree_size = 0`.execute(database.db);
    // The staff audit is append-only (a trigger refuses even TRUNCATE), but the records it names start again
    // from id 1 after the truncation above: a test reading an order's audit would otherwise get earlier tests'
    // rows of the same id. Tests alone lift the trigger for the truncation.
    await sql`ALTER TABLE staff_audit DISABLE TRIGGER staff_audit_no_truncate`.execute(database.db);
    await sql`TRUNCATE staff_audit RESTART IDENTITY`.execute(database.db);
    await sql`ALTER TABLE staff_audit ENABLE TRIGGER staff_audit_no_truncate`.execute(database.db);
  }
}
