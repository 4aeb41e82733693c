/**
 * Where a page load's main-thread time goes, robust to a loaded machine: thread time (the trace's `tdur`, time the
 * renderer's main thread actually ran) per trace event, and the share of JavaScript per outermost script frame from
 * a CPU profile (module evaluation per chunk, the start function, React's scheduler). Sampled wall time is inflated
 * by the other work on the machine, so the profile's figures are printed as shares, not milliseconds.
 *
 *   node --import tsx scripts/bench/load-trace.ts http://127.0.0.1:3000/home [runs]
 *
 * The page is served by whatever runs at that address (the built server, or any static server of dist/web).
 */
import { chromium, type CDPSession } from 'playwright';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string; data?: { frames?: { parent?: string; processId?: number }[] } };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [url, runsArgument] = process.argv.slice(2);
if (!url) throw new Error('usage: load-trace.ts <url> [runs]');
const runs = Number(runsArgument ?? 3);

async function traceOnce(cdp: CDPSession, load: () => Promise<void>): Promise<Map<string, number>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,v8,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await load();
  await cdp.send('Tracing.end');
  await complete;
  const started = events.find((event) => event.name === 'TracingStartedInBrowser');
  const pid = started?.args?.data?.frames?.find((frame) => !frame.parent)?.processId;
  const thread = events.find((event) => event.pid === pid && event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const totals = new Map<string, number>();
  for (const event of events) {
    if (event.pid !== pid || event.tid !== thread?.tid || event.ph !== 'X' || event.tdur === undefined) continue;
    totals.set(event.name, (totals.get(event.name) ?? 0) + event.tdur / 1000);
  }
  return totals;
}

async function profileOnce(cdp: CDPSession, load: () => Promise<void>): Promise<Map<string, number>> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await load();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = ({ callFrame: frame }: ProfileNode) =>
    `${frame.url.split('/').pop()} ${frame.functionName || '(module)'}:${frame.lineNumber}:${frame.columnNumber}`;
  const shares = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    let outer: ProfileNode | undefined;
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const node = byId.get(current);
      if (node?.callFrame.url) outer = node;
    }
    if (!outer) return;
    const key = label(outer);
    shares.set(key, (shares.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return shares;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function report(title: string, results: Map<string, number>[], format: (value: number) => string, limit: number) {
  const keys = [...new Set(results.flatMap((result) => [...result.keys()]))];
  const rows = keys
    .map((key) => [key, median(results.map((result) => result.get(key) ?? 0))] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit);
  console.log(`\n${title}`);
  for (const [key, value] of rows) console.log(`${format(value).padStart(8)}  ${key}`);
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const traces: Map<string, number>[] = [];
const profiles: Map<string, number>[] = [];
for (let run = 0; run < runs; run += 1) {
  for (const kind of ['trace', 'profile'] as const) {
    // A Chinese browser's page: Chromium's own language (en-US) would be sent the English one.
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const load = async () => {
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(2000);
    };
    if (kind === 'trace') traces.push(await traceOnce(cdp, load));
    else {
      const shares = await profileOnce(cdp, load);
      const total = [...shares.values()].reduce((sum, value) => sum + value, 0);
      profiles.push(new Map([...shares].map(([key, value]) => [key, (value / total) * 100])));
    }
    await context.close();
  }
}
await browser.close();
report(`thread ms per trace event (nested events counted in their parents too), median of ${runs}`, traces, (v) => v.toFixed(1), 16);
report(`share of sampled JavaScript per outermost script frame, median of ${runs}`, profiles, (v) => `${v.toFixed(1)}%`, 12);
