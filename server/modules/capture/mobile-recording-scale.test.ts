import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openPostgres, type Database } from '../../db/database';
import { copyText } from '../../test-support/copy';
import { createTestApp, TEST_PASSWORD_LOG_N, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { chainOf, sendPiece, sha256, startRecording, stopRecording, webmPieces } from '../../test-support/mobile-recording';
import { S3_TEST_BUCKET, S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from '../../test-support/s3';

/**
 * Pieces of one recording reaching two app instances that share one PostgreSQL schema and one S3 bucket (as two
 * API processes behind a load balancer do). Runs when DATABASE_URL is set (PGlite is one process's database).
 */
const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!DATABASE_URL)('a mobile recording received by two app instances', () => {
  let s3: LocalS3;
  let a: TestApp;
  let b: FastifyInstance;
  let bDatabase: Database;
  let bDataDir: string;

  beforeAll(async () => {
    // Both instances write temporary objects under files/tmp: its folder on s3rver's disk is kept (s3.ts).
    s3 = await startLocalS3(['files/tmp']);
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
    const shared = {
      STORAGE: 's3',
      S3_BUCKET: S3_TEST_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      LOG_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      CAPTURE_WORKERS: '0',
      CAPTURE_MOBILE_POINTS: '1',
    };
    a = await createTestApp({ config: shared });
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(a.db);
    bDatabase = openPostgres({ url: DATABASE_URL ?? '', searchPath: rows[0]?.schema ?? '', max: 4 });
    bDataDir = await mkdtemp(join(tmpdir(), 'evidence-test-b-'));
    b = await buildApp({
      webRoot: null,
      config: testConfig({ ...shared, DATA_DIR: bDataDir, TSA_INTERVAL_SECONDS: '0', PASSWORD_SCRYPT_LOG_N: TEST_PASSWORD_LOG_N }),
      database: bDatabase,
      clock: a.clock,
    });
    await b.ready();
  }, 60_000);

  afterAll(async () => {
    await b.close();
    await bDatabase.close();
    await rm(bDataDir, { recursive: true, force: true });
    await a.close();
    vi.unstubAllEnvs();
    await s3.close();
  });

  it('appends pieces from either instance in one chain, settles races under the row lock, and preserves once', async () => {
    const { token } = await register(a, '13600136601');
    await sql`UPDATE users SET points = 1000 WHERE phone = '13600136601'`.execute(a.db);
    const started = await startRecording(a.app, token);
    expect(started.body.code, started.body.msg).toBe(200);
    const id = started.body.data.id;
    const pieces = webmPieces();
    expect((await sendPiece(a.app, token, id, 0, pieces[0]!)).body.code).toBe(200);
    expect((await sendPiece(b, token, id, 1, pieces[1]!)).body.code).toBe(200);

    // The same piece at both at once: both answer it, it is appended once.
    const [sameA, sameB] = await Promise.all([sendPiece(a.app, token, id, 2, pieces[2]!), sendPiece(b, token, id, 2, pieces[2]!)]);
    expect([sameA.body.code, sameB.body.code]).toEqual([200, 200]);
    expect(sameA.body.data).toEqual(sameB.body.data);

    // Two different pieces for one seq: one is appended, the other refused.
    const rivals = [randomBytes(1500), randomBytes(1500)];
    const raced = await Promise.all([sendPiece(a.app, token, id, 3, rivals[0]!), sendPiece(b, token, id, 3, rivals[1]!)]);
    const winner = raced.findIndex((r) => r.body.code === 200);
    expect(winner).toBeGreaterThanOrEqual(0);
    expect(raced[1 - winner]!.body.msg).toBe(copyText('capture:mobilePieceConflict', { seq: 3 }));
    const kept = [...pieces, rivals[winner]!];
    expect(raced[winner]!.body.data.chainHead).toBe(chainOf(kept));

    const stop = { pieces: 4, chainHead: chainOf(kept) };
    const [stopA, stopB] = await Promise.all([stopRecording(a.app, token, id, stop), stopRecording(b, token, id, stop)]);
    expect([stopA.body.code, stopB.body.code], `${stopA.body.msg} ${stopB.body.msg}`).toEqual([200, 200]);
    expect(stopA.body.data.baoquan).toBe(stopB.body.data.baoquan);
    const records = await a.db.selectFrom('evidence').select(['file_hash', 'file_key']).execute();
    expect(records).toEqual([{ file_hash: sha256(Buffer.concat(kept)), file_key: expect.any(String) as string }]);
    const points = await a.db.selectFrom('users').select('points').where('phone', '=', '13600136601').executeTakeFirstOrThrow();
    expect(points.points).toBe(900);
  }, 60_000);
});
