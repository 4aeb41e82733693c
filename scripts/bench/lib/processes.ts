import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchContext } from './runner';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Children still running; killed synchronously if the bench process exits without its clean-up. */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function probe(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

export interface StartOptions {
  name: string;
  /** Node arguments, e.g. ['--import', 'tsx', 'server/index.ts']. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Polled until it answers HTTP 200. */
  readyUrl: string;
  timeoutMs?: number;
}

/** Starts a Node process, waits until readyUrl answers, and registers its stop with the section; returns its pid. */
export async function startNodeProcess(ctx: BenchContext, options: StartOptions): Promise<number | undefined> {
  const child = spawn(process.execPath, options.args, { cwd: REPO_ROOT, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 30));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => live.delete(child));

  ctx.defer(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000).unref());
    if ((await Promise.race([exited, timer])) === 'timeout') {
      child.kill('SIGKILL');
      await exited;
    }
  });

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail.join('\n')}`);
    }
    if ((await probe(options.readyUrl)) === 200) return child.pid;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${options.name} did not answer ${options.readyUrl} in time:\n${tail.join('\n')}`);
}

export interface ApiServerOptions {
  /** postgres://... to use PostgreSQL instead of the embedded database. */
  databaseUrl?: string;
  /** Take the client address from X-Forwarded-For (per-address limits, see server/README.md). */
  trustProxy?: boolean;
  /** Called with the server's process id once it answers (memory sampling). */
  onStarted?: (pid: number | undefined) => void;
  /** More settings of the server (a section's own configuration, e.g. CAPTURE_WORKERS). */
  env?: NodeJS.ProcessEnv;
}

/** Keys for servers on PostgreSQL, made once per bench run so all its processes sign and seal alike. */
const BENCH_KEYS = {
  log: generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  kyc: randomBytes(32).toString('base64'),
};

/** The real service (`server/index.ts`) on a free loopback port with a fresh DATA_DIR; returns its base URL. */
export async function startApiServer(ctx: BenchContext, options: ApiServerOptions = {}): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-data-'));
  ctx.defer(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    APP_MODE: 'sandbox',
    SMS_PROVIDER: 'sandbox',
    TRUST_PROXY: options.trustProxy ? 'true' : 'false',
  };
  // Never inherit a DATABASE_URL exported for the tests: the embedded run must really be embedded.
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  if (options.databaseUrl) {
    env.DATABASE_URL = options.databaseUrl;
    // On PostgreSQL the server refuses to start without the shared keys; every process of a run gets the same.
    env.LOG_SIGNING_KEY ??= BENCH_KEYS.log;
    env.KYC_ENCRYPTION_KEY ??= BENCH_KEYS.kyc;
  }
  Object.assign(env, options.env);
  const base = `http://127.0.0.1:${port}`;
  const pid = await startNodeProcess(ctx, {
    name: 'server/index.ts',
    args: ['--import', 'tsx', 'server/index.ts'],
    env,
    readyUrl: `${base}/api/openapi.json`,
  });
  options.onStarted?.(pid);
  return base;
}
