import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against `npm start`'s server (built app + API, embedded database, sandbox providers)
 * on a free loopback port with a throw-away DATA_DIR. Chromium is Debian's: browsers are never downloaded.
 */
// The config is evaluated again in every worker: the first evaluation picks the port and data folder and
// leaves them in the environment, which the workers inherit.
// Below Linux's ephemeral range (32768-60999), where any outgoing connection of the run may hold a port; 30000 and
// up is left to the server tests/e2e/erased-owner.spec.ts runs.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 10000));
if (!process.env.E2E_DATA_DIR) {
  const created = mkdtempSync(join(tmpdir(), 'evidence-e2e-'));
  process.env.E2E_DATA_DIR = created;
  // Only the process that made the folder removes it, when the run is over (the server is stopped by then):
  // each run's database and files would otherwise stay behind in the temporary directory (~40 MB a run).
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;
process.env.E2E_BASE_URL = baseURL;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry everywhere: a journey that fails and then passes is listed as flaky in the report (and in the
  // closing notes), while a single timing miss on a loaded 2-core machine does not throw away a whole run.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, launchOptions: chromium },
    },
  ],
  webServer: {
    // The staff console's first administrator (and a second one the fixtures use for desk work that is only setup,
    // tests/e2e/staff-fixtures.ts deskToken) is made before the server opens the embedded database (one process
    // at a time): its one-time password goes to a file the staff journeys read (tests/e2e/staff-fixtures.ts).
    command: `node --import tsx server/staff-cli.ts create-admin --username e2e.admin --name "E2E Admin" --password-file ${join(dataDir, 'e2e-admin-password')} && node --import tsx server/staff-cli.ts create-admin --username e2e.desk --name "E2E Desk" --password-file ${join(dataDir, 'e2e-desk-password')} && node --import tsx server/index.ts`,
    url: `${baseURL}/api/openapi.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // Web and process captures of pages the capture journey serves itself on loopback.
      CAPTURE_ALLOW_PRIVATE: 'true',
      // Passwords at a lower scrypt cost than production's (server/config.ts): the journeys sign in hundreds of times.
      PASSWORD_SCRYPT_LOG_N: '12',
    },
  },
});
