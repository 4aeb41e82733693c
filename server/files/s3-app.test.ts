import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/create-test-app';
import { register } from '../test-support/flows';
import { bucketKeys, S3_TEST_BUCKET, S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from '../test-support/s3';
import { PDF_BYTES, preserve } from '../test-support/uploads';
import { createS3Client } from './s3-storage';

/** The whole API on STORAGE=s3 against a local S3 server (s3rver). */
let s3: LocalS3;
let client: S3Client;
beforeAll(async () => {
  s3 = await startLocalS3();
  // The SDK's standard credential variables, as an operator sets them.
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
  client = createS3Client({
    bucket: S3_TEST_BUCKET,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
});
afterAll(async () => {
  client.destroy();
  vi.unstubAllEnvs();
  await s3.close();
});

const s3Config = (extra: Record<string, string> = {}) => ({
  STORAGE: 's3',
  S3_BUCKET: S3_TEST_BUCKET,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: s3.endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  ...extra,
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function uploadEvidence(t: TestApp, phone: string, content: Buffer) {
  const { token } = await register(t, phone);
  const evidence = await preserve(t, token, { name: '合同.pdf', content });
  const links = await t.post<{ list: { id: number; url: string }[] }>('/api/data/downContract', { dataIdStr: String(evidence.id) }, token);
  expect(links.body.code).toBe(200);
  const url = links.body.data.list[0]?.url;
  if (!url) throw new Error('no download link');
  return { evidence, url };
}

describe('STORAGE=s3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: s3Config() });
  });
  afterAll(() => t.close());

  it('preserves evidence into the bucket, serves it through the signed link (no Authorization) with ranges, and keeps nothing in DATA_DIR', async () => {
    const content = Buffer.concat([PDF_BYTES, randomBytes(700 * 1024)]);
    const { evidence, url } = await uploadEvidence(t, '13700137001', content);
    expect(evidence.filehash).toBe(sha256(content));

    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(content.length));
    expect(whole.rawPayload.equals(content)).toBe(true);

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-4099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-4099/${content.length}`);
    expect(part.rawPayload.equals(content.subarray(100, 4100))).toBe(true);

    // The object is in the bucket under its content address, byte for byte.
    const key = `files/objects/${evidence.filehash.slice(0, 2)}/${evidence.filehash}`;
    expect(await bucketKeys(client)).toContain(key);
    const object = await client.send(new GetObjectCommand({ Bucket: S3_TEST_BUCKET, Key: key }));
    expect((await buffer(object.Body as NodeJS.ReadableStream)).equals(content)).toBe(true);
    expect((await bucketKeys(client)).filter((k) => k.includes('/tmp/'))).toEqual([]);

    // Nothing of the file in DATA_DIR: no object, no temporary file, no copy anywhere.
    const local = await filesIn(t.dataDir);
    expect(local.filter((f) => f.startsWith(join(t.dataDir, 'files')))).toEqual([]);
    const probe = content.subarray(2000, 2064);
    for (const file of local) expect((await readFile(file)).includes(probe), file).toBe(false);
  });

  it('is ready while the bucket answers (/readyz checks it)', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
  });

  it('answers a link to an object gone from the bucket as missing', async () => {
    const content = Buffer.concat([PDF_BYTES, randomBytes(1000)]);
    const { evidence, url } = await uploadEvidence(t, '13700137002', content);
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await client.send(
      new DeleteObjectCommand({ Bucket: S3_TEST_BUCKET, Key: `files/objects/${evidence.filehash.slice(0, 2)}/${evidence.filehash}` }),
    );
    const reply = await t.app.inject({ method: 'GET', url });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ code: 404, data: null });
  });
});

describe('STORAGE=s3 with a bucket that does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: s3Config({ S3_BUCKET: 'no-such-bucket' }) });
  });
  afterAll(() => t.close());

  it('is not ready: /readyz answers 503 with the storage check failed, /healthz 200', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'ok', storage: 'fail' } });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('STORAGE=s3 with S3_DIRECT_DOWNLOADS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: s3Config({ S3_DIRECT_DOWNLOADS: 'true' }) });
  });
  afterAll(() => t.close());

  it('redirects a genuine link to a presigned bucket URL that serves the bytes (and ranges) without any header', async () => {
    const content = Buffer.concat([PDF_BYTES, randomBytes(50 * 1024)]);
    const { url } = await uploadEvidence(t, '13700137003', content);
    const reply = await t.app.inject({ method: 'GET', url });
    expect(reply.statusCode).toBe(302);
    const location = String(reply.headers.location);
    expect(location.startsWith(`${s3.endpoint}/${S3_TEST_BUCKET}/files/objects/`)).toBe(true);

    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-disposition')).toContain('.pdf');
    expect(Buffer.from(await direct.arrayBuffer()).equals(content)).toBe(true);
    const ranged = await fetch(location, { headers: { range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(content.subarray(10, 20))).toBe(true);

    // A forged link is still refused by the API before any bucket URL is made.
    const forged = await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(403);
  });
});
