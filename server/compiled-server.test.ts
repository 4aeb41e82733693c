import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './paths';
import { startTencentSmsStandIn } from './test-support/tencent-sms-standin';
import { DEFAULT_LANGUAGE } from './languages';

// The production path: the server bundled by esbuild as scripts/build-server.mjs does it, run by
// plain node (no TypeScript at run time), probed like a load balancer would, and stopped with SIGTERM.
const outDir = join(PROJECT_ROOT, 'dist', `.test-server-${randomBytes(4).toString('hex')}`);
const bundle = join(outDir, 'index.js');
const serverText = JSON.parse(readFileSync(join(PROJECT_ROOT, `locales/${DEFAULT_LANGUAGE}/server.json`), 'utf8')) as Record<
  string,
  string
>;
const children = new Set<ChildProcess>();
/** The longest fixed part of a server message (its placeholders vary). */
const literal = (key: string) => (serverText[key] ?? key).split(/\{\{\w+\}\}/).sort((a, b) => b.length - a.length)[0] ?? key;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether a new TCP connection to the port is accepted. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'compiled-server-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    APP_MODE: 'sandbox',
    ...env,
  };
  // The embedded database: a DATABASE_URL exported for the API suite would ask for the shared keys.
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [bundle], { cwd: tmpdir(), env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      void rm(dataDir, { recursive: true, force: true }).finally(() => resolve(code));
    }),
  );
  // Ready when /readyz answers 200 (PGlite's first start and the migrations take a while on a busy machine).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, port, output: () => output, exited };
}

/** A form POST whose body is sent in two halves, the second when `release` is called; `answer` is its response. */
function slowPost(port: number) {
  const body = 'a=1&b=2';
  let headersSent!: () => void;
  const started = new Promise<void>((r) => (headersSent = r));
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/Register/getImgCode',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length), expect: '100-continue' },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  // `Expect: 100-continue`: the server's "continue" proves it has taken the request up (a connection whose
  // request it has not parsed yet would count as idle and simply be closed).
  req.on('continue', () => req.write(body.slice(0, 3), () => headersSent()));
  req.flushHeaders();
  return { started, answer, release: () => req.end(body.slice(3)), abort: () => req.destroy() };
}

beforeAll(async () => {
  await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [join(PROJECT_ROOT, 'server/index.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await rm(outDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it(
    'starts from the bundle, prints its start-up time, and on SIGTERM finishes the request in flight and exits 0',
    { timeout: 180_000 },
    async () => {
      const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '60' });
      expect(server.output()).toContain(literal('startedIn'));
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);

      const slow = slowPost(server.port);
      await slow.started;
      server.child.kill('SIGTERM');
      // The shutdown has begun (its notice is printed) while the request still waits for its body.
      for (let i = 0; i < 400 && !server.output().includes(literal('shuttingDown')); i++) await new Promise((r) => setTimeout(r, 50));
      expect(server.output()).toContain(literal('shuttingDown'));
      // New connections are refused now, while the one in flight is still open; it is then served to the end.
      for (let i = 0; i < 400 && (await accepts(server.port)); i++) await new Promise((r) => setTimeout(r, 50));
      expect(await accepts(server.port)).toBe(false);
      slow.release();
      const answer = await slow.answer;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 200 });
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain(literal('shutdownDone'));
    },
  );

  it('exits non-zero when a request is still open at the deadline', { timeout: 180_000 }, async () => {
    const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '1' });
    const slow = slowPost(server.port);
    // Cut off when the process exits: that is the point here.
    const cut = slow.answer.then(
      () => 'answered',
      () => 'cut off',
    );
    await slow.started;
    server.child.kill('SIGTERM');
    const code = await server.exited;
    expect(await cut).toBe('cut off');
    slow.abort();
    expect(code).toBe(1);
    expect(server.output()).toContain(literal('shutdownDeadline'));
  });

  it('sends an SMS code through a real provider: the SDK loads from the bundle', { timeout: 180_000 }, async () => {
    const standIn = await startTencentSmsStandIn({
      secretId: 'AKIDbundleStandIn000000000000000001',
      secretKey: 'bundleStandInSecretKey0123456789',
      sdkAppId: '1400001111',
      signName: 'Bundle',
      templates: { '200001': 1, '200002': 1, '200003': 1, '200004': 1 },
    });
    try {
      const server = await startServer({
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_SECRET_ID: 'AKIDbundleStandIn000000000000000001',
        TENCENT_SMS_SECRET_KEY: 'bundleStandInSecretKey0123456789',
        TENCENT_SMS_SDK_APP_ID: '1400001111',
        TENCENT_SMS_SIGN_NAME: 'Bundle',
        TENCENT_SMS_TEMPLATE_REGISTER: '200001',
        TENCENT_SMS_TEMPLATE_LOGIN: '200002',
        TENCENT_SMS_TEMPLATE_RESET: '200003',
        TENCENT_SMS_TEMPLATE_VERIFICATION_RESULT: '200004',
        TENCENT_SMS_ENDPOINT: standIn.endpoint,
      });
      const base = `http://127.0.0.1:${server.port}`;
      const form = (fields: Record<string, string>) => ({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      const issued = (await (await fetch(`${base}/api/Register/getImgCode`, form({}))).json()) as { data: { captchaId: string } };
      const { captchaId } = issued.data;
      const { answer } = (await (await fetch(`${base}/sandbox/captcha.json?captchaId=${captchaId}`)).json()) as { answer: string };
      const sent = (await (
        await fetch(`${base}/api/Register/sendSMS`, form({ phone: '13900000009', captchaId, captcha: answer }))
      ).json()) as {
        code: number;
      };
      expect(sent.code).toBe(200);
      expect(standIn.messages).toMatchObject([
        { phone: '+8613900000009', templateId: '200001', params: [expect.stringMatching(/^\d{6}$/)] },
      ]);
      expect(standIn.requests.every((r) => r.signatureValid)).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await standIn.close();
    }
  });
});
