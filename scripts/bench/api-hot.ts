import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { lockDatabaseFolder } from '../../server/db/folder-lock';
import { createTranslator } from '../../server/i18n';
import { buildServer } from '../build-server.mjs';
import { randomPhone, register } from './lib/account';
import { envelopeData, HttpClient } from './lib/http';
import { cannonLoad } from './lib/cannon';
import type { LoadResult } from './lib/load';
import { freePort, REPO_ROOT, startNodeProcess } from './lib/processes';
import { ms, table } from './lib/report';
import type { BenchContext, BenchSection } from './lib/runner';

/**
 * The server's figures: start-up of the compiled server (new and existing data folder), the
 * signed-in evidence list against a bare Fastify route side by side, user info and the checkpoint, and the
 * first page of the list at 10 and at 10,000 records. All on the embedded database (PGlite).
 */
const CONCURRENCY = 10;
const P99_BUDGET_MS = 50;
const SHARE_TARGET = 0.1;
const FLAT_TARGET = 2;
const START_EXISTING_MS = 1500;
const START_NEW_MS = 5000;
const SMALL = 10;
const LARGE = 10_000;
const PASSWORD = 'bench2024pw';

interface Started {
  base: string;
  /** What the server printed ("started in N ms": from its process start to listening). */
  printedMs: number | null;
  /** From spawning `node` to the first HTTP 200, measured here. */
  wallMs: number;
  stop: () => Promise<void>;
}

/** The compiled server (`dist/server/index.js`, no TypeScript at run time) on `dataDir`; resolves once it answers. */
async function startCompiled(ctx: BenchContext, dataDir: string): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    APP_MODE: 'sandbox',
    SMS_PROVIDER: 'sandbox',
    TRUST_PROXY: 'true',
    // Served as in production: sandbox mode only because real providers need credentials, and the answer check
    // (on by default in sandbox mode, off in production) is a development aid worth about a tenth of a list call.
    CHECK_RESPONSES: 'false',
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  // The line the server prints, whatever its words: the translation with a marker where the number goes.
  const [before = '', after = ''] = createTranslator().t('server:startedIn', { ms: '\u0000' }).split('\u0000');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const printed = new RegExp(`${escape(before.trim())}\\s*(\\d+)\\s*${escape(after.trim())}`);
  const started = performance.now();
  // BENCH_NODE_ARGS adds Node flags to the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a CPU profile of each run.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', 'dist/server/index.js'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printedMs: number | null = null;
  let output = '';
  const read = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
    const match = printed.exec(output);
    if (match && printedMs === null) printedMs = Number(match[1]);
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref());
    if ((await Promise.race([exited, timer])) === 'timeout') {
      child.kill('SIGKILL');
      await exited;
    }
  };
  ctx.defer(stop);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`compiled server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`compiled server did not answer in 60 s:\n${output}`);
    const ok = await fetch(`${base}/api/chain/checkpoint`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const wallMs = performance.now() - started;
  // The printed line comes before the port answers; give the pipe a moment.
  for (let i = 0; i < 20 && printedMs === null; i++) await new Promise((resolve) => setTimeout(resolve, 25));
  return { base, printedMs, wallMs, stop };
}

async function upload(base: string, token: string, name: string): Promise<void> {
  const url = new URL('/api/data/upload', base);
  url.searchParams.set('label', 'bench');
  url.searchParams.set('fileName', name);
  const answer = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: Buffer.from(`bench file ${name} ${Math.random()}\n`.repeat(20)),
  });
  envelopeData('/api/data/upload', { status: answer.status, body: await answer.text() });
}

/** Clones the user's one record `count - 1` times straight into the stopped server's database (with log entries). */
async function seedRecords(dataDir: string, phone: string, count: number): Promise<void> {
  // The stopped server's folder: refused (folder-lock.ts) if a server still has it open.
  const unlock = lockDatabaseFolder(join(dataDir, 'db'));
  const db = new PGlite({ dataDir: join(dataDir, 'db') });
  try {
    await db.waitReady;
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number; top: number }>(
        'SELECT e.id, (SELECT max(idx) FROM log_entries)::int AS top FROM evidence e JOIN users u ON u.id = e.user_id WHERE u.phone = $1 ORDER BY e.id LIMIT 1',
        [phone],
      );
      const seed = rows[0];
      if (!seed) throw new Error('no record to clone');
      await tx.query(
        `INSERT INTO log_entries (idx, entry, leaf_hash, created_at)
         SELECT $1::bigint + g, 'bench clone ' || g, md5('leaf' || g || random()) || md5(g::text || random()), now()
         FROM generate_series(1, $2::int) g`,
        [seed.top, count - 1],
      );
      await tx.query(
        `INSERT INTO evidence (user_id, baoquan, title, label, file_kind, mime, file_key, file_hash, size, path, is_app, type,
                               forensics, log_index, chainhash, created_at)
         SELECT e.user_id, 'BQBENCH' || lpad(g::text, 12, '0'), e.title || ' ' || g, e.label, e.file_kind, e.mime, e.file_key,
                e.file_hash, e.size, e.path, e.is_app, e.type, e.forensics, $2::bigint + g, e.chainhash,
                e.created_at - g * interval '1 minute'
         FROM evidence e, generate_series(1, $3::int) g WHERE e.id = $1`,
        [seed.id, seed.top, count - 1],
      );
    });
    // What the server's maintenance does a minute after its start and every hour (server/db/maintenance.ts: the
    // embedded database has no autovacuum); the rows came in behind its back just now.
    await db.exec('VACUUM ANALYZE evidence');
  } finally {
    await db.close();
    unlock();
  }
}

/** One call measured by autocannon, after one request checked to be a success (autocannon counts HTTP statuses only). */
async function measure(base: string, ctx: BenchContext, path: string, method: 'GET' | 'POST', headers: Record<string, string>) {
  const probe = new HttpClient(base, 1);
  try {
    const answer = await probe.request(method, path, { headers });
    if (path === '/ref') {
      if (answer.status !== 200) throw new Error(`/ref: HTTP ${answer.status}`);
    } else envelopeData(path, answer);
  } finally {
    probe.close();
  }
  return cannonLoad({ url: `${base}${path}`, method, headers, connections: CONCURRENCY, seconds: ctx.seconds });
}

async function run(ctx: BenchContext): Promise<void> {
  const built = performance.now();
  await buildServer();
  console.log(`compiled server: dist/server/index.js (built in ${Math.round(performance.now() - built)} ms)`);
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-hot-'));
  ctx.defer(() => rm(dataDir, { recursive: true, force: true }));

  // 1. A new data folder: database created, migrated, keys made.
  const fresh = await startCompiled(ctx, dataDir);
  const setup = new HttpClient(fresh.base, 2);
  const largePhone = randomPhone();
  const small = await register(setup, randomPhone(), PASSWORD);
  const large = await register(setup, largePhone, PASSWORD);
  for (let i = 0; i < SMALL; i++) await upload(fresh.base, small.token, `small-${i}.txt`);
  await upload(fresh.base, large.token, 'large-0.txt');
  setup.close();
  await fresh.stop();
  await seedRecords(dataDir, largePhone, LARGE);

  // 2. The same folder again, now with 10,011 records: the existing-folder start.
  const again = await startCompiled(ctx, dataDir);

  const startRows = [
    ['new data folder', fresh.printedMs === null ? '?' : String(fresh.printedMs), String(Math.round(fresh.wallMs)), `<= ${START_NEW_MS}`],
    [
      'existing data folder (10,011 records)',
      again.printedMs === null ? '?' : String(again.printedMs),
      String(Math.round(again.wallMs)),
      `<= ${START_EXISTING_MS}`,
    ],
  ].map(([what, printed, wall, target]) => {
    const limit = Number(target?.replace(/\D/g, ''));
    const figure = Number(printed === '?' ? wall : printed);
    return [what ?? '', printed ?? '', wall ?? '', target ?? '', figure <= limit ? 'ok' : 'OVER TARGET'];
  });
  console.log('\nstart-up of the compiled server (node dist/server/index.js), embedded database, ms:');
  console.log(table(['data folder', 'printed ms', 'to first answer ms', 'target ms', 'verdict'], startRows));
  console.log('printed: what the server prints (process start to listening); to first answer: spawn to the first HTTP 200 here.');

  // 3. Load: the bare Fastify reference and the server, side by side, one after another.
  const refPort = await freePort();
  const refBase = `http://127.0.0.1:${refPort}`;
  await startNodeProcess(ctx, {
    name: 'reference Fastify',
    args: ['--import', 'tsx', 'scripts/bench/lib/reference-server.ts'],
    env: { ...process.env, PORT: String(refPort) },
    readyUrl: `${refBase}/ref`,
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const list = '/api/data/getList?page=1&limit=20&isApp=0';
  const cases: { name: string; base: string; path: string; method: 'GET' | 'POST'; headers: Record<string, string> }[] = [
    { name: 'bare Fastify route (reference)', base: refBase, path: '/ref', method: 'POST', headers: {} },
    { name: `GET evidence list, ${SMALL} records`, base: again.base, path: list, method: 'GET', headers: bearer(small.token) },
    {
      name: `GET evidence list, ${LARGE.toLocaleString('en')} records`,
      base: again.base,
      path: list,
      method: 'GET',
      headers: bearer(large.token),
    },
    { name: 'POST /api/user/getUserInfo', base: again.base, path: '/api/user/getUserInfo', method: 'POST', headers: bearer(small.token) },
    { name: 'GET /api/chain/checkpoint', base: again.base, path: '/api/chain/checkpoint', method: 'GET', headers: {} },
  ];
  const results: LoadResult[] = [];
  for (const kase of cases) {
    process.stderr.write(`  measuring ${kase.name}...\n`);
    results.push(await measure(kase.base, ctx, kase.path, kase.method, kase.headers));
  }
  const reference = results[0]?.perSecond ?? 0;
  const listSmall = results[1];
  const rows = cases.map((kase, i) => {
    const r = results[i] as LoadResult;
    const share = reference > 0 ? r.perSecond / reference : 0;
    const errors = r.errors > 0 ? ` (${r.errors} errors: ${r.firstError ?? ''})` : '';
    let verdict = 'reference';
    if (i > 0) {
      const p99ok = r.p99 < P99_BUDGET_MS;
      const shareOk = i === 1 ? share >= SHARE_TARGET : share >= SHARE_TARGET || (listSmall ? r.perSecond >= listSmall.perSecond : false);
      verdict = `${p99ok ? 'ok' : 'OVER'} p99 < ${P99_BUDGET_MS}; ${shareOk ? 'ok' : 'BELOW'} ${i === 1 ? `>= ${SHARE_TARGET * 100}% of reference` : '>= the list'}`;
    }
    return [
      kase.name,
      String(r.ok),
      r.perSecond.toFixed(0),
      i === 0 ? '100%' : `${(share * 100).toFixed(1)}%`,
      ms(r.p50),
      ms(r.p99),
      ms(r.max),
      verdict + errors,
    ];
  });
  console.log(
    `\nautocannon, ${CONCURRENCY} keep-alive connections, ${ctx.seconds} s each after a 1 s warm-up; server: compiled, embedded database, LOG_LEVEL=warn, APP_MODE=sandbox, CHECK_RESPONSES=false`,
  );
  console.log(table(['call', 'requests', 'req/s', 'of ref', 'p50 ms', 'p99 ms', 'max ms', 'verdict'], rows));

  const p99Small = results[1]?.p99 ?? 0;
  const p99Large = results[2]?.p99 ?? 0;
  const ratio = p99Small > 0 ? p99Large / p99Small : Infinity;
  console.log(
    `\nflat list: first page p99 at ${SMALL} records ${ms(p99Small)} ms, at ${LARGE.toLocaleString('en')} records ${ms(p99Large)} ms: ratio ${ratio.toFixed(2)} (target <= ${FLAT_TARGET}): ${ratio <= FLAT_TARGET ? 'ok' : 'OVER TARGET'}`,
  );
}

export const apiHotSection: BenchSection = {
  id: 'api-hot',
  title: 'API hot paths, flat lists and start-up (compiled server, PGlite)',
  run,
};
