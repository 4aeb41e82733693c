import { performance } from 'node:perf_hooks';
import { describe } from './runner';

export interface LoadOptions {
  concurrency: number;
  seconds: number;
  /** Upper bound on measured requests, whatever the time. */
  maxRequests: number;
  /** Unmeasured run before the measurement (JIT, connections, caches); 0 for none. */
  warmupSeconds: number;
  /**
   * One iteration of one client. Resolves with the milliseconds to count (so untimed preparation, such as
   * solving a captcha before a login, stays out of the latency); throws when the answer is wrong.
   */
  operation: (client: number) => Promise<number>;
}

export interface LoadResult {
  ok: number;
  errors: number;
  firstError?: string;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

/** Measures a request's time; the helper for operations with nothing to leave out. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

async function drive(options: LoadOptions, seconds: number, maxRequests: number, latencies: number[] | null) {
  let started = 0;
  let errors = 0;
  let firstError: string | undefined;
  const deadline = performance.now() + seconds * 1000;
  const client = async (id: number) => {
    while (performance.now() < deadline && started < maxRequests) {
      started += 1;
      try {
        const ms = await options.operation(id);
        latencies?.push(ms);
      } catch (error) {
        errors += 1;
        firstError ??= describe(error);
        // A failing call must not become a hot loop against the server.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const begin = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, (_, id) => client(id)));
  return { errors, firstError, elapsed: (performance.now() - begin) / 1000 };
}

/** N clients in a closed loop for a fixed time (bounded in count too); throughput and latency percentiles. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await drive(options, options.warmupSeconds, options.maxRequests, null);
  const latencies: number[] = [];
  const { errors, firstError, elapsed } = await drive(options, options.seconds, options.maxRequests, latencies);
  latencies.sort((a, b) => a - b);
  return {
    ok: latencies.length,
    errors,
    ...(firstError === undefined ? {} : { firstError }),
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}
