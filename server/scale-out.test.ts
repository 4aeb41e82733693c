import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { request, type ClientRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointText } from '../contracts/index';
import { verifyText } from './chain/keys';
import { leafHash, verifyInclusion } from './chain/merkle';
import { createS3Client } from './files/s3-storage';
import { PROJECT_ROOT } from './paths';
import { bucketKeys, S3_TEST_BUCKET, S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from './test-support/s3';
import { COUNTER_BUTTON, TestSite } from './modules/capture/test-site';
import { copyText } from './test-support/copy';

/**
 * The scale-out test: two compiled API processes on two loopback ports share one fresh PostgreSQL
 * schema, one S3 bucket (s3rver) and the same keys. It runs only when DATABASE_URL is set (CI's second pass of
 * the api project; TEST_DATABASE_URL alone is not enough, so it runs once), in a schema of its own
 * (`scale_<random>`, chosen through the URL's `options=-c search_path=...`), dropped at the end.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const PHONE = '13900139017';
const PASSWORD = 'abc123';

const children = new Set<ChildProcess>();
const requests = new Set<ClientRequest>();
const cleanups: (() => Promise<unknown>)[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T, i);
      }
    }),
  );
  return results;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
interface Evidence {
  id: number;
  baoquan: string;
  chainhash: string;
  filehash: string;
  size: number;
  title: string;
}
interface Checkpoint {
  treeSize: number;
  rootHash: string;
  timestamp: string;
  signedText: string;
  signature: string;
}
interface Proof {
  leafIndex: number;
  entry: string;
  leafHash: string;
  auditPath: string[];
  checkpoint: Checkpoint;
}

/** One API process: its port stays the same across restarts (the load balancer's address of it). */
class Api {
  child: ChildProcess | null = null;
  output = '';
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly bundle: string,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [this.bundle], {
      cwd: tmpdir(),
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    children.add(child);
    child.once('exit', () => children.delete(child));
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    await waitFor(
      `${this.name} to be ready`,
      async () => {
        if (child.exitCode !== null) throw new Error('exited');
        return (await fetch(`${this.base}/readyz`)).status === 200;
      },
      90_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${this.output}`);
    });
  }

  /** Sends the signal and waits for the exit; answers the exit code (null when killed by the signal). */
  async stop(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    child.kill(signal);
    const [code] = await exited;
    return code;
  }

  async post<T>(path: string, form: Record<string, string> = {}, token?: string): Promise<Envelope<T>> {
    const response = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: new URLSearchParams(form).toString(),
    });
    return (await response.json()) as Envelope<T>;
  }

  async get<T>(path: string, token?: string): Promise<Envelope<T>> {
    const response = await fetch(`${this.base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return (await response.json()) as Envelope<T>;
  }

  /** Preserves `content` as the whole body (the web app's path); answers the envelope. */
  async upload(token: string, title: string, content: Buffer): Promise<Envelope<Evidence>> {
    const query = new URLSearchParams({ label: '', title, fileName: `${title}.bin` });
    const response = await fetch(`${this.base}/api/data/upload?${query.toString()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
      body: new Uint8Array(content),
    });
    return (await response.json()) as Envelope<Evidence>;
  }

  /** A signed download link's bytes, fetched without Authorization. */
  async download(url: string): Promise<{ status: number; body: Buffer }> {
    const response = await fetch(`${this.base}${url}`);
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  }
}

async function ok<T>(reply: Promise<Envelope<T>>, what: string): Promise<T> {
  const envelope = await reply;
  if (envelope.code !== 200) throw new Error(`${what} refused: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Registers through the API, captcha and SMS code read from the sandbox pages of the process that issued them. */
async function signUp(api: Api): Promise<string> {
  const { captchaId } = await ok(api.post<{ captchaId: string }>('/api/Register/getImgCode'), 'captcha');
  const { answer } = (await (await fetch(`${api.base}/sandbox/captcha.json?captchaId=${captchaId}`)).json()) as { answer: string };
  await ok(api.post('/api/Register/sendSMS', { phone: PHONE, captchaId, captcha: answer }), 'sendSMS');
  const { list } = (await (await fetch(`${api.base}/sandbox/sms.json?phone=${PHONE}`)).json()) as { list: { text: string }[] };
  const smsCode = /(\d{6})/.exec(list[0]?.text ?? '')?.[1] ?? '';
  const { token } = await ok(
    api.post<{ token: string }>('/api/Register', { phone: PHONE, smsCode, password: PASSWORD, confirmPassword: PASSWORD }),
    'register',
  );
  return token;
}

/**
 * A raw-body upload announcing `total` bytes that keeps sending filler until stopped (its process is killed
 * under it). `sent()` is how many bytes the server has taken so far.
 */
function streamingUpload(api: Api, token: string, total: number) {
  const req = request(`${api.base}/api/data/upload?label=&title=big&fileName=big.bin`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'content-length': String(total), authorization: `Bearer ${token}` },
  });
  requests.add(req);
  let answered = '';
  req.on('error', () => undefined);
  req.on('response', (res) => {
    res.on('data', (chunk: Buffer) => (answered += chunk.toString('utf8')));
  });
  let stopped = false;
  let sent = 0;
  const filler = randomBytes(64 * 1024);
  const pump = () => {
    while (!stopped && sent + filler.length < total / 2) {
      sent += filler.length;
      if (!req.write(filler)) {
        req.once('drain', pump);
        return;
      }
    }
  };
  pump();
  return {
    sent: () => sent,
    answered: () => answered,
    stop: () => {
      stopped = true;
      req.destroy();
    },
  };
}

describe.skipIf(!DATABASE_URL)('scale-out: two API processes, one PostgreSQL, one bucket', () => {
  let a: Api;
  let b: Api;
  let token = '';
  let db: pg.Client;
  let s3: LocalS3;
  let s3Client: S3Client;
  /** Every record a process acknowledged (code 200), with the bytes sent. */
  const acknowledged: { evidence: Evidence; content: Buffer }[] = [];

  beforeAll(async () => {
    const url = DATABASE_URL ?? '';
    const outDir = join(PROJECT_ROOT, 'dist', `.scale-out-${randomBytes(4).toString('hex')}`);
    cleanups.push(() => rm(outDir, { recursive: true, force: true }));
    const bundle = join(outDir, 'index.js');
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

    const schema = `scale_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    cleanups.push(async () => {
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleaner.end();
    });
    const schemaUrl = new URL(url);
    schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
    db = new pg.Client({ connectionString: schemaUrl.toString() });
    await db.connect();
    cleanups.push(() => db.end());

    s3 = await startLocalS3(['files/tmp']);
    cleanups.push(() => s3.close());
    s3Client = createS3Client({
      bucket: S3_TEST_BUCKET,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    cleanups.push(() => Promise.resolve(s3Client.destroy()));

    const { privateKey } = generateKeyPairSync('ed25519');
    const shared: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      APP_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
      DATABASE_URL: schemaUrl.toString(),
      LOG_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      KYC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      STORAGE: 's3',
      S3_BUCKET: S3_TEST_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      // Recorded sessions (their Chromium) on the test site of this machine, free of charge.
      CAPTURE_ALLOW_PRIVATE: 'true',
      CAPTURE_PROCESS_POINTS: '0',
      CAPTURE_TIMEOUT_SECONDS: '15',
      SHUTDOWN_GRACE_SECONDS: '60',
    };
    const processEnv = async (name: string, port: number, workers: number) => {
      const dataDir = await mkdtemp(join(tmpdir(), `scale-out-${name}-`));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      // Each process is reached by the other at its own port (the sessions' forwarding); only B works the job queue.
      return { ...shared, DATA_DIR: dataDir, INTERNAL_URL: `http://127.0.0.1:${port}`, CAPTURE_WORKERS: String(workers) };
    };
    const [portA, portB] = [await freePort(), await freePort()];
    a = new Api('A', portA, await processEnv('a', portA, 0), bundle);
    b = new Api('B', portB, await processEnv('b', portB, 1), bundle);
    // Started together: the migrations run once, under the advisory lock.
    await Promise.all([a.start(), b.start()]);
    token = await signUp(a);
  }, 180_000);

  afterAll(async () => {
    for (const req of requests) req.destroy();
    for (const child of children) child.kill('SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }, 60_000);

  /** Every evidence row's object is in the bucket. */
  async function rowsWithoutObject(): Promise<string[]> {
    const keys = new Set(await bucketKeys(s3Client));
    const rows = await db.query<{ file_key: string }>('SELECT file_key FROM evidence');
    expect(rows.rows.length).toBeGreaterThan(0);
    return rows.rows.map((r) => r.file_key).filter((key) => !keys.has(`files/objects/${key}`));
  }

  /** Tree sizes of the stored checkpoints whose signature does not verify with `publicKey` (or whose key id differs). */
  async function checkpointsNotVerifying(publicKey: string): Promise<number[]> {
    const rows = await db.query<{ tree_size: string; signed_text: string; signature: string; key_id: string }>(
      'SELECT tree_size, signed_text, signature, key_id FROM log_checkpoints',
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    const keyId = createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex');
    return rows.rows
      .filter((r) => r.key_id !== keyId || !verifyText(publicKey, r.signed_text, r.signature))
      .map((r) => Number(r.tree_size));
  }

  it('a file preserved on A is downloaded from B through its signed link, without Authorization; certificate and proof read on B', async () => {
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300 * 1024)]);
    const evidence = await ok(a.upload(token, 'first', content), 'upload on A');
    acknowledged.push({ evidence, content });
    expect(evidence.filehash).toBe(sha256(content));

    // The link is signed on A (key in the database) and verified on B.
    const links = await ok(
      a.post<{ list: { url: string }[] }>('/api/data/downContract', { dataIdStr: String(evidence.id) }, token),
      'downContract on A',
    );
    const link = links.list[0]?.url ?? '';
    const downloaded = await b.download(link);
    expect(downloaded.status).toBe(200);
    expect(downloaded.body.equals(content)).toBe(true);
    // A forged signature is refused on B all the same.
    expect((await b.download(link.replace(/sig=[\w-]+/, 'sig=AAAA'))).status).not.toBe(200);

    const certificate = await ok(
      b.get<{ baoquan: string; chainhash: string; filehash: string; isSelf: number }>(
        `/api/check/bqview?baoquan=${evidence.baoquan}`,
        token,
      ),
      'bqview on B',
    );
    expect(certificate).toMatchObject({ baoquan: evidence.baoquan, chainhash: evidence.chainhash, filehash: evidence.filehash, isSelf: 1 });
    const proof = await ok(b.get<Proof>(`/api/chain/proof?chainhash=${evidence.chainhash}`), 'proof on B');
    expect(proof.leafHash).toBe(evidence.chainhash);
    expect(leafHash(proof.entry).toString('hex')).toBe(evidence.chainhash);
    const pdfLink = await ok(
      b.get<{ url: string }>(`/api/check/downCertificate?baoquan=${evidence.baoquan}`, token),
      'downCertificate on B',
    );
    // The certificate PDF, rendered by B's Chromium from the shared records.
    const pdf = await b.download(pdfLink.url);
    expect(pdf.status).toBe(200);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);

  it('200 preservations spread over both processes leave one log: tree size = records, every proof verifies against the final signed checkpoint', async () => {
    const files = Array.from({ length: 200 }, (_, i) => Buffer.concat([Buffer.from(`record ${i}\n`), randomBytes(512)]));
    const results = await pool(files, 8, async (content, i) => {
      const evidence = await ok((i % 2 === 0 ? a : b).upload(token, `many-${i}`, content), `upload ${i}`);
      acknowledged.push({ evidence, content });
      return evidence;
    });
    expect(new Set(results.map((e) => e.chainhash)).size).toBe(200);

    const records = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM evidence')).rows[0]?.n);
    expect(records).toBe(acknowledged.length);
    const listed = await ok(b.get<{ count: number }>('/api/data/getList?limit=1', token), 'list on B');
    expect(listed.count).toBe(records);

    const checkpoint = await ok(a.get<Checkpoint>('/api/chain/checkpoint'), 'checkpoint on A');
    expect(checkpoint.treeSize).toBe(records);
    expect(checkpoint.signedText).toBe(checkpointText(checkpoint));
    // Both processes publish one key, and every checkpoint either of them signed verifies with it.
    const [keyA, key] = await Promise.all(
      [a, b].map((api) => ok(api.get<{ publicKey: string; keyId: string }>('/api/chain/publicKey'), `publicKey on ${api.name}`)),
    );
    expect(keyA).toEqual(key);
    expect(verifyText(key?.publicKey ?? '', checkpoint.signedText, checkpoint.signature)).toBe(true);
    expect(await checkpointsNotVerifying(key?.publicKey ?? '')).toEqual([]);

    const root = Buffer.from(checkpoint.rootHash, 'hex');
    const proofs = await pool(acknowledged, 8, ({ evidence }, i) =>
      ok((i % 2 === 0 ? b : a).get<Proof>(`/api/chain/proof?chainhash=${evidence.chainhash}`), 'proof'),
    );
    for (const [i, proof] of proofs.entries()) {
      const chainhash = acknowledged[i]?.evidence.chainhash ?? '';
      expect(proof.leafHash).toBe(chainhash);
      expect(leafHash(proof.entry).toString('hex')).toBe(chainhash);
      expect(proof.checkpoint.rootHash).toBe(checkpoint.rootHash);
      const path = proof.auditPath.map((h) => Buffer.from(h, 'hex'));
      expect(
        verifyInclusion(Buffer.from(chainhash, 'hex'), proof.leafIndex, checkpoint.treeSize, path, root),
        `proof of leaf ${proof.leafIndex}`,
      ).toBe(true);
    }
    // One leaf per record, no gap, no double.
    expect(proofs.map((p) => p.leafIndex).sort((x, y) => x - y)).toEqual(Array.from({ length: records }, (_, i) => i));
  }, 150_000);

  it('B killed (-9) in the middle of a large upload: A keeps serving, no row lacks its object, B serves again after a restart', async () => {
    const before = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM evidence')).rows[0]?.n);
    const big = streamingUpload(b, token, 64 * 1024 ** 2);
    // Several megabytes taken by B (so parts are already in the bucket) before the kill.
    await waitFor('the upload to be under way', () => Promise.resolve(big.sent() >= 6 * 1024 ** 2), 60_000);
    expect(await b.stop('SIGKILL')).toBeNull();
    big.stop();
    expect(big.answered()).toBe('');

    expect((await fetch(`${a.base}/readyz`)).status).toBe(200);
    const content = randomBytes(4096);
    const evidence = await ok(a.upload(token, 'after-kill', content), 'upload on A after the kill');
    acknowledged.push({ evidence, content });
    expect(Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM evidence')).rows[0]?.n)).toBe(before + 1);
    expect(await rowsWithoutObject()).toEqual([]);

    await b.start();
    const again = randomBytes(4096);
    const onB = await ok(b.upload(token, 'after-restart', again), 'upload on B after its restart');
    acknowledged.push({ evidence: onB, content: again });
    const links = await ok(
      b.post<{ list: { url: string }[] }>('/api/data/downContract', { dataIdStr: `${evidence.id},${onB.id}` }, token),
      'downContract on B',
    );
    const bodies = await Promise.all(links.list.map((l) => b.download(l.url)));
    expect(bodies.map((x) => sha256(x.body)).sort()).toEqual([sha256(content), sha256(again)].sort());
  }, 150_000);

  it('rolling restart: A stopped by SIGTERM while uploads run against both and restarted; every acknowledged record is listed and downloadable', async () => {
    let running = true;
    let answeredByA = 0;
    // Requests not acknowledged while A was down (counted for the failure message only).
    let refused = 0;
    const phase: { evidence: Evidence; content: Buffer }[] = [];
    const worker = async (w: number) => {
      for (let i = 0; running; i++) {
        const api = (w + i) % 2 === 0 ? a : b;
        const content = Buffer.concat([Buffer.from(`rolling ${w}-${i}\n`), randomBytes(96 * 1024)]);
        try {
          const reply = await api.upload(token, `rolling-${w}-${i}`, content);
          if (reply.code === 200) {
            phase.push({ evidence: reply.data, content });
            if (api === a) answeredByA++;
          } else refused++;
        } catch {
          // Connection refused or reset while A is down: not acknowledged, so nothing is owed.
          refused++;
          await sleep(50);
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => worker(w));
    await waitFor('uploads on A', () => Promise.resolve(answeredByA >= 5), 60_000);
    expect(await a.stop('SIGTERM')).toBe(0);
    await a.start();
    const answeredBefore = answeredByA;
    await waitFor('uploads on the restarted A', () => Promise.resolve(answeredByA >= answeredBefore + 5), 60_000);
    running = false;
    await Promise.all(workers);
    expect(phase.length, `acknowledged ${phase.length}, not acknowledged while A was down ${refused}`).toBeGreaterThan(10);
    acknowledged.push(...phase);

    // Listed: every acknowledged record of the whole test, on both processes.
    const listedIds = new Set<number>();
    for (let page = 1; ; page++) {
      const reply = await ok(a.get<{ count: number; list: Evidence[] }>(`/api/data/getList?limit=100&page=${page}`, token), 'list');
      for (const e of reply.list) listedIds.add(e.id);
      if (reply.list.length < 100) break;
    }
    expect(acknowledged.filter(({ evidence }) => !listedIds.has(evidence.id)).map(({ evidence }) => evidence.id)).toEqual([]);
    expect(await rowsWithoutObject()).toEqual([]);

    // Downloadable, byte for byte: this phase's records, through links from one process opened on the other.
    const ids = phase.map(({ evidence }) => evidence.id);
    const urls = new Map<number, string>();
    for (let i = 0; i < ids.length; i += 50) {
      const chunk = ids.slice(i, i + 50);
      const reply = await ok(
        b.post<{ list: { id: number; url: string }[] }>('/api/data/downContract', { dataIdStr: chunk.join(',') }, token),
        'downContract',
      );
      for (const item of reply.list) urls.set(item.id, item.url);
    }
    const mismatched = await pool(phase, 6, async ({ evidence, content }) => {
      const url = urls.get(evidence.id);
      if (!url) return evidence.id;
      const got = await a.download(url);
      return got.status === 200 && got.body.equals(content) ? null : evidence.id;
    });
    expect(mismatched.filter((id) => id !== null)).toEqual([]);

    // The log after the restarts: one leaf per acknowledged record, every checkpoint signed with the shared key.
    const checkpoint = await ok(b.get<Checkpoint>('/api/chain/checkpoint'), 'checkpoint');
    expect(checkpoint.treeSize).toBe(acknowledged.length);
    const key = await ok(a.get<{ publicKey: string }>('/api/chain/publicKey'), 'publicKey');
    expect(await checkpointsNotVerifying(key.publicKey)).toEqual([]);
  }, 180_000);
  it('a recorded session opened on A is watched, driven and stopped through B; B encodes it from the bucket; preserved and downloadable', async () => {
    const site = new TestSite();
    await site.start();
    cleanups.push(() => site.stop());
    const started = await ok(
      a.post<{ id: number }>('/api/capture/process/start', { url: site.url('/known'), title: '跨进程录制', label: '' }, token),
      'start on A',
    );
    const id = started.id;
    const holder = await db.query<{ holder_url: string }>('SELECT holder_url FROM captures WHERE id = $1', [id]);
    expect(holder.rows[0]?.holder_url).toBe(a.base);

    // B holds no page of it: the calls go to A and A's answers come back.
    const first = await ok(
      b.get<{ state: string; seq: number | null; frame: string | null }>(`/api/capture/process/frame?id=${id}&after=0`, token),
      'frame through B',
    );
    expect(first.state).toBe('recording');
    expect(first.frame).toMatch(/^data:image\/jpeg;base64,/);
    site.clicks = 0;
    const click = { id: String(id), type: 'click', x: String(COUNTER_BUTTON.x), y: String(COUNTER_BUTTON.y) };
    expect((await ok(b.post<{ actions: number }>('/api/capture/process/input', click, token), 'input through B')).actions).toBe(1);
    await waitFor('the click to reach the page', () => Promise.resolve(site.clicks === 1), 15_000);
    const later = await ok(b.get<{ seq: number | null }>(`/api/capture/process/frame?id=${id}&after=0`, token), 'frame through B');
    expect(later.seq).toBeGreaterThanOrEqual(first.seq ?? 1);

    const stopped = await ok(b.post<{ state: string }>('/api/capture/process/stop', { id: String(id) }, token), 'stop through B');
    expect(stopped.state).toBe('processing');
    const done = await waitFor(
      'the recording to be encoded and preserved by B',
      async () => {
        const item = await ok(
          a.get<{ state: string; reason: string | null; baoquan: string | null }>(`/api/capture/item?id=${id}`, token),
          'item',
        );
        return item.state === 'done' || item.state === 'failed' ? item : undefined;
      },
      120_000,
    );
    expect(done, `A:\n${a.output}\nB:\n${b.output}`).toMatchObject({ state: 'done' });
    // A works no jobs and B has its own DATA_DIR: B could only encode the frames from the bucket. The pack is
    // deleted once preserved: just after the record turns done, by the same job.
    await waitFor(
      'the stored recording pack to be deleted',
      async () => {
        const row = await db.query<{ recording_file_key: string | null }>('SELECT recording_file_key FROM captures WHERE id = $1', [id]);
        return row.rows[0]?.recording_file_key === null;
      },
      15_000,
    );

    const parts = await ok(
      a.get<{ list: { role: string; url: string }[] }>(`/api/evidences/other?baoquan=${done.baoquan ?? ''}`, token),
      'parts on A',
    );
    expect(parts.list.map((p) => p.role)).toEqual(['video', 'actions', 'bundle']);
    const video = await b.download(parts.list[0]?.url ?? '');
    expect(video.status).toBe(200);
    expect(video.body.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    const actions = await a.download(parts.list[1]?.url ?? '');
    expect(JSON.parse(actions.body.toString('utf8'))).toMatchObject([{ type: 'click', ...COUNTER_BUTTON }]);
    const keys = await bucketKeys(s3Client);
    const evidenceKey = await db.query<{ file_key: string }>(
      'SELECT e.file_key FROM evidence e JOIN captures c ON c.evidence_id = e.id WHERE c.id = $1',
      [id],
    );
    expect(keys).toContain(`files/objects/${evidenceKey.rows[0]?.file_key ?? ''}`);
  }, 180_000);

  it('two starts of one user at once, on A and on B: exactly one wins, the other answers the open-session refusal', async () => {
    const site = new TestSite();
    await site.start();
    cleanups.push(() => site.stop());
    const form = { url: site.url('/known'), title: '同时开始', label: '' };
    const replies = await Promise.all([a, b].map((api) => api.post<{ id: number }>('/api/capture/process/start', form, token)));
    const winners = replies.filter((r) => r.code === 200);
    expect(winners).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 200)).toEqual([{ code: 400, msg: copyText('capture:sessionOpen'), data: null }]);
    const open = await db.query<{ id: string }>("SELECT id FROM captures WHERE kind = 'process' AND state = 'recording'");
    expect(open.rows.map((r) => Number(r.id))).toEqual([winners[0]?.data.id]);
    // Discarded through the process that lost (forwarded to the holder): nothing stays open.
    const loser = replies[0]?.code === 200 ? b : a;
    await ok(loser.post('/api/capture/process/cancel', { id: String(winners[0]?.data.id) }, token), 'cancel through the other process');
    const after = await db.query<{ state: string; reason: string }>('SELECT state, reason FROM captures WHERE id = $1', [
      winners[0]?.data.id,
    ]);
    expect(after.rows[0]).toEqual({ state: 'failed', reason: 'abandoned' });
  }, 120_000);
});
