import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { request, type ClientRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from './clock';
import { loadLogKey, verifyText } from './chain/keys';
import { checkpointText } from '../contracts/index';
import { TransparencyLog } from './chain/log';
import { leafHash, verifyInclusion } from './chain/merkle';
import { openPglite } from './db/database';
import { storeRoots } from './files/sweep';
import { auditDataDir } from './test-support/files';
import { PERSON_FIELDS } from './test-support/kyc';
import { multipartBody, PNG_BYTES } from './test-support/uploads';

/**
 * Crash safety: the real server is killed (SIGKILL) in the middle of an upload of each kind
 * (evidence as the raw body, a seal, identity images), started again on the same DATA_DIR, and the data
 * folder and database are then checked: no temporary file, no object that no row names (the start-up
 * sweep runs with FILE_ORPHAN_GRACE_SECONDS=0: one process owns this DATA_DIR), no row without its file,
 * and every log entry proven against the latest signed checkpoint.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PHONE = '13800000009';
const PASSWORD = 'abc123';

const children = new Set<ChildProcess>();
const requests = new Set<ClientRequest>();
const answers: string[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  for (const req of requests) req.destroy();
  for (const child of children) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

interface Server {
  child: ChildProcess;
  base: string;
  stderr: () => string;
}

async function startServer(dir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      APP_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
      FILE_ORPHAN_GRACE_SECONDS: '0',
      // No background capture worker (no browser): only uploads run in this process.
      CAPTURE_WORKERS: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    'the server to listen',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      return (await fetch(`${base}/api/openapi.json`)).ok;
    },
    60_000,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${stderr}`);
  });
  return { child, base, stderr: () => stderr };
}

async function stop(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill(signal);
  await exited;
}

async function call<T>(server: Server, path: string, form: Record<string, string> = {}, token?: string): Promise<T> {
  const response = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new URLSearchParams(form).toString(),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path} refused: ${envelope.msg}`);
  return envelope.data;
}

async function captcha(server: Server): Promise<{ captchaId: string; captcha: string }> {
  const { captchaId } = await call<{ captchaId: string }>(server, '/api/Register/getImgCode');
  const { answer } = (await (await fetch(`${server.base}/sandbox/captcha.json?captchaId=${captchaId}`)).json()) as { answer: string };
  return { captchaId, captcha: answer };
}

async function signUp(server: Server): Promise<string> {
  await call(server, '/api/Register/sendSMS', { phone: PHONE, ...(await captcha(server)) });
  const { list } = (await (await fetch(`${server.base}/sandbox/sms.json?phone=${PHONE}`)).json()) as { list: { text: string }[] };
  const smsCode = /(\d{6})/.exec(list[0]?.text ?? '')?.[1] ?? '';
  const { token } = await call<{ token: string }>(server, '/api/Register', {
    phone: PHONE,
    smsCode,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  return token;
}

/** A whole upload; answers the envelope. */
async function send(
  server: Server,
  path: string,
  token: string,
  body: Buffer,
  contentType: string,
): Promise<{ code: number; msg: string }> {
  const response = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    body: new Uint8Array(body),
  });
  return (await response.json()) as { code: number; msg: string };
}

/**
 * An upload that sends `head`, then `chunk`s of filler until stopped (the process gets killed under it):
 * `total` is the length announced, never reached.
 */
function startStreaming(server: Server, path: string, token: string, contentType: string, head: Buffer, total: number): () => void {
  const req = request(`${server.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'content-length': String(total), authorization: `Bearer ${token}` },
  });
  requests.add(req);
  req.on('error', () => undefined);
  // An answer before the kill means the upload was refused: kept to explain the failure.
  req.on('response', (res) => {
    let text = '';
    res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    res.on('end', () => answers.push(`${path}: ${res.statusCode} ${text}`));
  });
  let stopped = false;
  let sent = head.length;
  req.write(head);
  const filler = randomBytes(64 * 1024);
  const pump = () => {
    // About a megabyte past the head, well short of the announced length: the request stays open until the server dies.
    while (!stopped && sent + filler.length < Math.min(head.length + 1024 ** 2, total / 2)) {
      sent += filler.length;
      if (!req.write(filler)) {
        req.once('drain', pump);
        return;
      }
    }
  };
  pump();
  return () => {
    stopped = true;
  };
}

/** The `.part` files of a store's temporary folder with their sizes. */
async function parts(root: string): Promise<number[]> {
  const dir = join(root, 'tmp');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.part'));
  return Promise.all(names.map(async (n) => (await stat(join(dir, n)).catch(() => ({ size: 0 }))).size));
}

/** The multipart head of a form whose last file is cut off after `prefix`: fields, complete files, then the open one. */
function openMultipart(
  fields: Record<string, string>,
  complete: { field: string; content: Buffer }[],
  open: { field: string; prefix: Buffer },
) {
  const { payload, contentType } = multipartBody(
    fields,
    complete.map((f) => ({ field: f.field, name: `${f.field}.png`, type: 'image/png', content: f.content })),
  );
  const boundary = contentType.split('boundary=')[1] ?? '';
  const closing = Buffer.from(`--${boundary}--\r\n`, 'utf8');
  const head = Buffer.concat([
    payload.subarray(0, payload.length - closing.length),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${open.field}"; filename="${open.field}.png"\r\nContent-Type: image/png\r\n\r\n`,
      'utf8',
    ),
    open.prefix,
  ]);
  return { head, contentType };
}

describe('a server killed in the middle of uploads', () => {
  it('leaves, after a restart, no temporary file, no orphan object, no record without its file, and a log that verifies', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'evidence-crash-'));
    const roots = storeRoots(dataDir);
    let server = await startServer(dataDir);
    const token = await signUp(server);

    // Records that commit before the crash: an evidence file and a seal.
    const committed = await send(
      server,
      '/api/data/upload?label=&title=before&fileName=before.pdf',
      token,
      Buffer.from('%PDF-1.4\nbefore the crash\n'),
      'application/octet-stream',
    );
    expect(committed.code).toBe(200);
    const seal = multipartBody({ name: 'seal', isDefault: '1' }, { name: 'seal.png', content: PNG_BYTES, type: 'image/png' });
    expect((await send(server, '/api/signature/upload', token, seal.payload, seal.contentType)).code).toBe(200);

    // Uploads of each kind, left streaming.
    const png = (n: number) => Buffer.concat([PNG_BYTES.subarray(0, 8), randomBytes(n)]);
    const stops = [
      startStreaming(
        server,
        '/api/data/upload?label=&title=big&fileName=big.bin',
        token,
        'application/octet-stream',
        randomBytes(256 * 1024),
        64 * 1024 ** 2,
      ),
      (() => {
        const open = openMultipart({ name: 'seal2', isDefault: '0' }, [], { field: 'file', prefix: png(128 * 1024) });
        return startStreaming(server, '/api/signature/upload', token, open.contentType, open.head, 9 * 1024 ** 2);
      })(),
      (() => {
        // The first identity image is complete (an object already in the store), the second is cut off: the
        // kill lands between the first image's rename and the submission's commit.
        const open = openMultipart(PERSON_FIELDS, [{ field: 'authorFront', content: png(2048) }], {
          field: 'authorBack',
          prefix: png(128 * 1024),
        });
        return startStreaming(server, '/api/peruser/perAuthorize', token, open.contentType, open.head, 3 * 1000 * 1000);
      })(),
    ];
    // Every kind has bytes on disk before the kill.
    for (const root of [roots.main, roots.signatures, roots.kycSealed]) {
      await waitFor(`a growing temporary file in ${root}`, async () => (await parts(root)).some((size) => size > 64 * 1024), 20_000).catch(
        (error: unknown) => {
          throw new Error(`${String(error)}; answers: ${answers.join('; ')}`);
        },
      );
    }
    await stop(server, 'SIGKILL');
    for (const stopStreaming of stops) stopStreaming();
    for (const req of requests) req.destroy();

    // What the dead process left: its temporary files, and the first identity image with no row naming it.
    for (const root of [roots.main, roots.signatures, roots.kycSealed]) expect((await parts(root)).length, root).toBeGreaterThan(0);
    const kycObjects = await readdir(join(roots.kycSealed, 'objects')).catch(() => [] as string[]);
    expect(kycObjects.length).toBeGreaterThan(0);

    // Restarted on the same DATA_DIR: the start-up sweep runs before the first request is answered.
    server = await startServer(dataDir);
    const after = await send(
      server,
      '/api/data/upload?label=&title=after&fileName=after.pdf',
      token,
      Buffer.from('%PDF-1.4\nafter the crash\n'),
      'application/octet-stream',
    );
    expect(after.code).toBe(200);
    await stop(server, 'SIGTERM');

    const database = await openPglite(dataDir);
    try {
      const db = database.db;
      const audit = await auditDataDir(db, dataDir);
      expect(audit.temps).toEqual([]);
      expect(audit.orphans).toEqual([]);
      expect(audit.missing).toEqual([]);
      expect(audit.objects.main).toBe(2);
      expect(audit.objects.signatures).toBe(1);
      // The cut-off submission never committed; its complete image went with the sweep.
      expect(audit.objects.kycSealed).toBe(0);
      expect(await db.selectFrom('kyc_submissions').select('id').execute()).toEqual([]);

      // The log: every entry proven against the latest checkpoint, whose signature checks.
      const log = new TransparencyLog(db, systemClock, await loadLogKey({ DATA_DIR: dataDir }));
      const checkpoint = await log.latestCheckpoint();
      const entries = await db.selectFrom('log_entries').select(['idx', 'entry', 'leaf_hash']).orderBy('idx').execute();
      expect(entries).toHaveLength(2);
      expect(checkpoint.treeSize).toBe(entries.length);
      expect(checkpoint.signedText).toBe(checkpointText(checkpoint));
      expect(verifyText(log.key.publicKeyRaw, checkpoint.signedText, checkpoint.signature)).toBe(true);
      for (const entry of entries) {
        expect(leafHash(entry.entry).toString('hex')).toBe(entry.leaf_hash);
        const proof = await log.proof(entry.leaf_hash);
        expect(proof?.checkpoint.treeSize).toBe(checkpoint.treeSize);
        const path = (proof?.auditPath ?? []).map((h) => Buffer.from(h, 'hex'));
        expect(
          verifyInclusion(
            Buffer.from(entry.leaf_hash, 'hex'),
            entry.idx,
            checkpoint.treeSize,
            path,
            Buffer.from(checkpoint.rootHash, 'hex'),
          ),
        ).toBe(true);
      }
      const evidence = await db.selectFrom('evidence').select(['title', 'chainhash', 'log_index']).orderBy('log_index').execute();
      expect(evidence.map((e) => e.title)).toEqual(['before', 'after']);
      expect(evidence.map((e) => e.chainhash)).toEqual(entries.map((e) => e.leaf_hash));
    } finally {
      await database.close();
    }
  }, 150_000);
});
