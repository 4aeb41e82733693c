import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { createSHA256 } from 'hash-wasm';
import { nextForwardedFor, randomPhone, register } from './lib/account';
import { HttpClient } from './lib/http';
import { startApiServer } from './lib/processes';
import { table } from './lib/report';
import type { BenchContext, BenchSection } from './lib/runner';

/**
 * DESIGN.md section 9: the service preserves a file at no less than half the speed of raw SHA-256 on the same
 * machine, with memory flat (under 64 MB of growth for a 1 GB file). Printed, never judged by the exit code.
 */
const FILE_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * 1024 * 1024;
const CHUNK_BYTES = 16 * 1024 * 1024;
const RSS_BUDGET_MB = 64;
const MB = 1024 * 1024;

/** The upload's bytes: one random 16 MB block, each copy made unique by its index in the first 8 bytes. */
function* chunks(block: Buffer): Generator<Buffer> {
  for (let offset = 0, i = 0; offset < FILE_BYTES; offset += CHUNK_BYTES, i++) {
    const chunk = Buffer.from(block.subarray(0, Math.min(CHUNK_BYTES, FILE_BYTES - offset)));
    chunk.writeBigUInt64BE(BigInt(i), 0);
    yield chunk;
  }
}

async function vmRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : Number.NaN;
}

interface UploadResult {
  seconds: number;
  status: number;
  body: string;
}

/**
 * One upload written chunk by chunk with back-pressure (the client never holds the file either): the raw
 * body the web app sends (application/octet-stream, fields in the query), or multipart/form-data.
 */
function uploadStream(base: string, token: string, block: Buffer, mode: 'raw' | 'multipart'): Promise<UploadResult> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head =
    mode === 'raw'
      ? Buffer.alloc(0)
      : Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="label"\r\n\r\nbench\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-1g.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        );
  const tail = mode === 'raw' ? Buffer.alloc(0) : Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/data/upload', base);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: mode === 'raw' ? `${url.pathname}?label=bench&fileName=bench-1g.bin` : url.pathname,
        method: 'POST',
        headers: {
          'content-type': mode === 'raw' ? 'application/octet-stream' : `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + FILE_BYTES + tail.length,
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({
            seconds: Number(process.hrtime.bigint() - started) / 1e9,
            status: res.statusCode ?? 0,
            body: Buffer.concat(parts).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    const source = chunks(block);
    const pump = () => {
      for (let next = source.next(); !next.done; next = source.next()) {
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    if (head.length > 0) req.write(head);
    pump();
  });
}

async function uploadBench(ctx: BenchContext): Promise<void> {
  const cpu = cpus();
  console.log(
    `${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; file: ${(FILE_BYTES / MB).toFixed(0)} MB (BENCH_UPLOAD_MB)`,
  );
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1, 5, 15 min)`,
  );
  const block = randomBytes(CHUNK_BYTES);

  // Raw SHA-256 of exactly the bytes that will be uploaded (also the digest the server must answer).
  const rawStart = process.hrtime.bigint();
  const hash = createHash('sha256');
  for (const chunk of chunks(block)) hash.update(chunk);
  const expected = hash.digest('hex');
  const rawSeconds = Number(process.hrtime.bigint() - rawStart) / 1e9;

  // What the browser uses to hash a file before a lookup (WebAssembly), for comparison.
  const wasm = await createSHA256();
  const wasmStart = process.hrtime.bigint();
  wasm.init();
  for (const chunk of chunks(block)) wasm.update(chunk);
  const wasmDigest = wasm.digest('hex');
  const wasmSeconds = Number(process.hrtime.bigint() - wasmStart) / 1e9;

  let pid: number | undefined;
  const base = await startApiServer(ctx, { trustProxy: true, onStarted: (p) => (pid = p) });
  if (!pid) throw new Error('the server process id is unknown');
  const client = new HttpClient(base, 1);
  const { token } = await register(client, randomPhone(), 'bench2024pw', nextForwardedFor());
  client.close();

  const baseline = await vmRss(pid);
  let peak = baseline;
  let samples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const rss = await vmRss(pid).catch(() => Number.NaN);
      if (Number.isFinite(rss)) {
        peak = Math.max(peak, rss);
        samples++;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const result = await uploadStream(base, token, block, 'raw');
  sampling = false;
  await sampler;
  const after = await vmRss(pid);
  const multipart = await uploadStream(base, token, block, 'multipart');

  let answered = '';
  try {
    const envelope = JSON.parse(result.body) as { code: number; msg: string; data?: { filehash?: string } };
    answered = envelope.code === 200 ? (envelope.data?.filehash ?? '') : `code ${envelope.code}: ${envelope.msg}`;
  } catch {
    answered = `HTTP ${result.status}`;
  }
  const mbps = (seconds: number) => (FILE_BYTES / MB / seconds).toFixed(0);
  const rawRate = FILE_BYTES / MB / rawSeconds;
  const uploadRate = FILE_BYTES / MB / result.seconds;
  console.log(
    table(
      ['what', 'seconds', 'MB/s', 'note'],
      [
        ['raw SHA-256, node:crypto', rawSeconds.toFixed(2), mbps(rawSeconds), 'one core, data in memory'],
        [
          'raw SHA-256, hash-wasm',
          wasmSeconds.toFixed(2),
          mbps(wasmSeconds),
          wasmDigest === expected ? 'what the browser hashes with' : 'DIGEST DIFFERS',
        ],
        [
          'upload, raw body (web app)',
          result.seconds.toFixed(2),
          mbps(result.seconds),
          `${(uploadRate / rawRate).toFixed(2)} of raw SHA-256 (goal >= 0.5): ${uploadRate >= rawRate / 2 ? 'ok' : 'BELOW GOAL'}`,
        ],
        [
          'upload, multipart',
          multipart.seconds.toFixed(2),
          mbps(multipart.seconds),
          `${(FILE_BYTES / MB / multipart.seconds / rawRate).toFixed(2)} of raw SHA-256 (HTTP ${multipart.status})`,
        ],
      ],
    ),
  );
  const growth = (peak - baseline) / MB;
  console.log(
    `server RSS: ${(baseline / MB).toFixed(1)} MB before, ${(peak / MB).toFixed(1)} MB peak (${samples} samples, every 50 ms), ${(after / MB).toFixed(1)} MB after; ` +
      `growth ${growth.toFixed(1)} MB (budget < ${RSS_BUDGET_MB} MB): ${growth < RSS_BUDGET_MB ? 'ok' : 'OVER BUDGET'}`,
  );
  console.log(
    `answered filehash ${answered === expected ? 'equals' : 'DIFFERS FROM'} the digest computed here${answered === expected ? '' : ` (${answered})`}`,
  );
  console.log(
    'client, server and disk share the machine: the upload figure includes writing the file to DATA_DIR and the client making the body',
  );
}

export const uploadSection: BenchSection = {
  id: 'upload',
  title: 'Upload: raw SHA-256 speed vs preserving a 1 GB file through HTTP, server memory',
  run: uploadBench,
};
