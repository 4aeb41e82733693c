import { cpus, loadavg } from 'node:os';
import { TestSite } from '../../server/modules/capture/test-site';
import { nextForwardedFor, randomPhone, register } from './lib/account';
import { HttpClient } from './lib/http';
import { startApiServer } from './lib/processes';
import { table } from './lib/report';
import type { BenchContext, BenchSection } from './lib/runner';

/**
 * Online evidence collection: how many web captures this machine preserves per minute. The real
 * server captures a small page served on loopback (CAPTURE_ALLOW_PRIVATE=true) by the bench itself, from
 * submission to the preserved record: clean Chromium context, page load, full-page screenshot, HTML,
 * bundle, SHA-256, log entry and charge. Printed, never judged.
 */
const CAPTURES = Number(process.env.BENCH_CAPTURES ?? 20);
const BATCH = 10;

interface Item {
  id: number;
  state: string;
  reason: string | null;
}

async function run(ctx: BenchContext, site: TestSite, workers: number): Promise<string[]> {
  const base = await startApiServer(ctx, { trustProxy: true, env: { CAPTURE_ALLOW_PRIVATE: 'true', CAPTURE_WORKERS: String(workers) } });
  const client = new HttpClient(base, 4);
  ctx.defer(() => client.close());
  const { token } = await register(client, randomPhone(), 'bench2024pw', nextForwardedFor());
  const auth = { authorization: `Bearer ${token}` };
  // Points for the captures, bought through the sandbox WeChat Pay scan page as a person would.
  const pay = await client.call<{ url: string }>('/api/alipay/doPay', { integral: String(CAPTURES * 2 + 10), type: '2' }, auth);
  await client.request('POST', '/sandbox/wechat/scan', { form: { pr: new URL(pay.url).searchParams.get('pr') ?? '' } });

  // A first capture launches Chromium: not counted.
  await client.call('/api/capture/web', { urls: site.url('/known?warm-up'), title: 'bench warm-up' }, auth);
  await waitFor(client, auth, 1);

  const started = process.hrtime.bigint();
  for (let sent = 0; sent < CAPTURES; sent += BATCH) {
    const urls = Array.from({ length: Math.min(BATCH, CAPTURES - sent) }, (_, i) => site.url(`/known?n=${sent + i}`)).join('\n');
    await client.call('/api/capture/web', { urls, title: 'bench' }, auth);
  }
  const items = await waitFor(client, auth, CAPTURES + 1);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const done = items.filter((i) => i.state === 'done').length - 1;
  const failed = items.filter((i) => i.state === 'failed');
  return [
    `${workers}`,
    `${CAPTURES}`,
    seconds.toFixed(1),
    ((done / seconds) * 60).toFixed(1),
    (seconds / CAPTURES).toFixed(2),
    failed.length === 0 ? 'all preserved' : `${failed.length} failed (${[...new Set(failed.map((f) => f.reason))].join(', ')})`,
  ];
}

/** Polls the web list until `count` captures have settled; answers them. */
async function waitFor(client: HttpClient, auth: Record<string, string>, count: number): Promise<Item[]> {
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    const answer = await client.request('GET', `/api/Evidences/listing?type=3&limit=100`, { headers: auth });
    const { data } = JSON.parse(answer.body) as { data: { list: Item[] } };
    if (data.list.length >= count && data.list.every((i) => i.state === 'done' || i.state === 'failed')) return data.list;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the captures did not settle within 15 minutes');
}

async function captureBench(ctx: BenchContext): Promise<void> {
  const cpu = cpus();
  console.log(
    `${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; ${CAPTURES} captures of a small page on loopback (BENCH_CAPTURES)`,
  );
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1, 5, 15 min)`,
  );
  const site = new TestSite();
  await site.start();
  ctx.defer(() => site.stop());
  const rows = [];
  for (const workers of [1, 2]) {
    console.log(`  measuring CAPTURE_WORKERS=${workers}...`);
    rows.push(await run(ctx, site, workers));
  }
  console.log(table(['workers', 'captures', 'seconds', 'per minute', 's each', 'outcome'], rows));
  console.log('from the first submission to the last preserved record; Chromium already running (one warm-up capture first)');
}

export const captureSection: BenchSection = {
  id: 'capture',
  title: 'Web captures per minute',
  run: captureBench,
};
