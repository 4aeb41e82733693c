import autocannon from 'autocannon';
import type { LoadResult } from './load';

export interface CannonOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

/**
 * One load run by autocannon (keep-alive connections, no parsing of the answers), after an unmeasured second of
 * warm-up. The same client drives the reference and the API, so the share of the reference is the servers' ratio
 * and not the client's: our own client parsed answers on the two cores it shares with the server.
 */
export async function cannonLoad(options: CannonOptions): Promise<LoadResult> {
  const base = { url: options.url, method: options.method, headers: options.headers, connections: options.connections };
  await autocannon({ ...base, duration: 1 });
  const result = await autocannon({ ...base, duration: options.seconds });
  const failed = result.errors + result.timeouts + result.non2xx;
  return {
    ok: result['2xx'],
    errors: failed,
    ...(failed > 0 ? { firstError: `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts` } : {}),
    seconds: result.duration,
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}
