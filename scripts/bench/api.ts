import { cpus, loadavg } from 'node:os';
import { nextForwardedFor, randomPhone, register, solveCaptcha } from './lib/account';
import { HttpClient } from './lib/http';
import { runLoad, timed, type LoadResult } from './lib/load';
import { freePort, startApiServer, startNodeProcess } from './lib/processes';
import { ms, table } from './lib/report';
import type { BenchContext, BenchSection } from './lib/runner';

/** The budget of DESIGN.md section 9: p99 under 50 ms with 10 concurrent clients (user-info and list calls). */
const CONCURRENCY = 10;
const P99_BUDGET_MS = 50;
const MAX_REQUESTS = 200_000;
const MAX_LOGINS = 400;
const PASSWORD = 'bench2024pw';

interface LoadCase {
  name: string;
  /** `'budget'`: judged against P99_BUDGET_MS; any other text is the note printed as context. */
  verdict: string;
  maxRequests: number;
  warmupSeconds: number;
  operation: (client: HttpClient) => () => Promise<number>;
}

function verdictOf(kase: LoadCase, result: LoadResult): string {
  if (result.ok === 0) return 'NO ANSWERS';
  const errors = result.errors > 0 ? ` (${result.errors} errors: ${result.firstError ?? ''})` : '';
  if (kase.verdict !== 'budget') return kase.verdict + errors;
  const within = result.p99 < P99_BUDGET_MS && result.errors === 0;
  return (within ? `ok, p99 < ${P99_BUDGET_MS} ms` : `OVER BUDGET (p99 must be < ${P99_BUDGET_MS} ms)`) + errors;
}

async function apiBench(ctx: BenchContext, database: { label: string; url?: string }): Promise<void> {
  const cpu = cpus();
  console.log(`${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; database: ${database.label}`);
  console.log(
    `${CONCURRENCY} concurrent keep-alive clients, ${ctx.seconds} s each (after a 1 s warm-up), on the same machine as the server`,
  );
  // Other work on the machine moves these figures; the load average tells the reader how quiet it was.
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1, 5, 15 min)`,
  );

  const refPort = await freePort();
  const refBase = `http://127.0.0.1:${refPort}`;
  await startNodeProcess(ctx, {
    name: 'reference Fastify',
    args: ['--import', 'tsx', 'scripts/bench/lib/reference-server.ts'],
    env: { ...process.env, PORT: String(refPort) },
    readyUrl: `${refBase}/ref`,
  });
  // TRUST_PROXY so that each login can come from its own (documentation) address: the per-address login
  // limit of the server stays as it is and is not what this measures.
  const apiBase = await startApiServer(ctx, { trustProxy: true, ...(database.url ? { databaseUrl: database.url } : {}) });

  const setup = new HttpClient(apiBase, 2);
  const phone = randomPhone();
  const { token } = await register(setup, phone, PASSWORD, nextForwardedFor());
  setup.close();
  const bearer = { authorization: `Bearer ${token}` };

  const cases: { kase: LoadCase; base: string }[] = [
    {
      base: refBase,
      kase: {
        name: 'bare Fastify route (reference)',
        verdict: 'reference: the floor of this machine and client',
        maxRequests: MAX_REQUESTS,
        warmupSeconds: 1,
        operation: (api) => () =>
          timed(async () => {
            const answer = await api.request('POST', '/ref');
            if (answer.status !== 200) throw new Error(`/ref: HTTP ${answer.status}`);
          }),
      },
    },
    {
      base: apiBase,
      kase: {
        name: 'POST /api/user/getUserInfo (bearer)',
        verdict: 'budget',
        maxRequests: MAX_REQUESTS,
        warmupSeconds: 1,
        operation: (api) => () => timed(() => api.call('/api/user/getUserInfo', {}, bearer)),
      },
    },
    {
      base: apiBase,
      kase: {
        name: 'POST /api/news/notice (list)',
        verdict: 'budget',
        maxRequests: MAX_REQUESTS,
        warmupSeconds: 1,
        operation: (api) => () => timed(() => api.call('/api/news/notice')),
      },
    },
    {
      base: apiBase,
      kase: {
        name: 'POST /api/login (password)',
        verdict: 'context: slow by design (scrypt N=2^17, 128 MiB each)',
        maxRequests: MAX_LOGINS,
        warmupSeconds: 0,
        operation: (api) => async () => {
          // The captcha is fetched and solved outside the timed part: only the login request is measured.
          const from = nextForwardedFor();
          const captcha = await solveCaptcha(api, from);
          return timed(() => api.call('/api/login', { phone, password: PASSWORD, ...captcha }, from));
        },
      },
    },
  ];

  const rows: string[][] = [];
  for (const { kase, base } of cases) {
    process.stderr.write(`  measuring ${kase.name}...\n`);
    const api = new HttpClient(base, CONCURRENCY);
    try {
      const run = kase.operation(api);
      const result = await runLoad({
        concurrency: CONCURRENCY,
        seconds: ctx.seconds,
        maxRequests: kase.maxRequests,
        warmupSeconds: kase.warmupSeconds,
        operation: run,
      });
      rows.push([
        kase.name,
        String(result.ok),
        result.perSecond.toFixed(result.perSecond < 100 ? 1 : 0),
        ms(result.p50),
        ms(result.p99),
        ms(result.max),
        verdictOf(kase, result),
      ]);
    } finally {
      api.close();
    }
  }
  console.log(table(['call', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'verdict'], rows));
  console.log('login: req/s counts logins only; each client also fetches and solves a captcha (untimed) before every login.');
}

export const embeddedApiSection: BenchSection = {
  id: 'api',
  title: 'API throughput and p99: embedded database (PGlite)',
  run: (ctx) => apiBench(ctx, { label: 'embedded PGlite in a fresh DATA_DIR' }),
};

export const postgresApiSection: BenchSection = {
  id: 'api-postgres',
  title: 'API throughput and p99: PostgreSQL',
  run: async (ctx) => {
    const url = process.env.BENCH_DATABASE_URL?.trim();
    if (!url) {
      console.log('skipped: BENCH_DATABASE_URL is not set. For a local PostgreSQL (installed and started if missing):');
      console.log(
        '  eval "$(bash scripts/ci-postgres.sh | tail -n 1)" && BENCH_DATABASE_URL="$DATABASE_URL" npm run bench -- api-postgres',
      );
      console.log('  (the server migrates that database and leaves bench accounts in it: use one you can throw away)');
      return;
    }
    await apiBench(ctx, { label: `PostgreSQL at ${url.replace(/\/\/[^@/]*@/, '//***@')}`, url });
  },
};
