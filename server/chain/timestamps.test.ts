import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Checkpoint } from '../../contracts/index';
import { readTimestampToken, TimestampTokenError, verifyTimestampToken } from '../../proof/timestamp-token/index';
import { testConfig } from '../config';
import { openTimestampAuthority } from '../providers/tsa';
import { timestampRequest, tokenOfResponse } from '../providers/tsa/client';
import { createTestApp, type TestApp } from '../test-support/create-test-app';
import { register } from '../test-support/flows';
import { get, PDF_BYTES, preserve } from '../test-support/uploads';
import { loadLogKey } from './keys';
import { TransparencyLog } from './log';
import { CheckpointTimestamper } from './timestamps';
import { copyText } from '../test-support/copy';

/** The log's checkpoints timestamped by an RFC 3161 authority (the sandbox one here), batched. */
let t: TestApp;
let timestamps: CheckpointTimestamper;

beforeAll(async () => {
  t = await createTestApp();
  // The same log and authority as the app's (the key from DATA_DIR, the sandbox authority from the database).
  const log = new TransparencyLog(t.db, t.clock, await loadLogKey(testConfig({ DATA_DIR: t.dataDir })));
  timestamps = new CheckpointTimestamper(t.db, log, () => openTimestampAuthority(null, t.db, t.clock), t.clock, true);
}, 60_000);
afterAll(async () => t.close());
beforeEach(async () => t.reset());

const digestOf = (checkpoint: Checkpoint) => new Uint8Array(createHash('sha256').update(checkpoint.signedText, 'utf8').digest());
const anchors = async () =>
  (await get<{ sandbox: boolean; certificates: string[] }>(t, '/api/chain/timestampAuthority')).body.data.certificates.map(
    (b64) => new Uint8Array(Buffer.from(b64, 'base64')),
  );

interface Proof {
  leafIndex: number;
  checkpoint: Checkpoint;
  timestamped: { auditPath: string[]; checkpoint: Checkpoint } | null;
}

describe('checkpoint timestamps', () => {
  it('one token covers every record since the previous; appends never wait for it', async () => {
    const { token } = await register(t, '13700137001');
    expect(await timestamps.tick()).toBe('empty');
    const first = await preserve(t, token, { name: 'a.pdf', content: PDF_BYTES });
    const second = await preserve(t, token, { name: 'b.pdf', content: Buffer.concat([PDF_BYTES, Buffer.from([1])]) });
    // Not timestamped yet: the records exist, their trusted time is pending.
    const pending = (await get<Proof>(t, `/api/chain/proof?chainhash=${first.chainhash}`)).body.data;
    expect(pending.timestamped).toBeNull();
    expect(pending.checkpoint.timestampToken).toBeNull();

    t.clock.advance(5_000);
    expect(await timestamps.tick()).toBe('stamped');
    expect(await timestamps.tick()).toBe('current');
    const latest = (await get<Checkpoint>(t, '/api/chain/checkpoint')).body.data;
    expect(latest.treeSize).toBe(2);
    const facts = await verifyTimestampToken(
      new Uint8Array(Buffer.from(latest.timestampToken ?? '', 'base64')),
      digestOf(latest),
      await anchors(),
    );
    expect(facts.genTime.toISOString()).toBe(t.clock.now().toISOString());
    expect((await get<{ sandbox: boolean }>(t, '/api/chain/timestampAuthority')).body.data.sandbox).toBe(true);

    // A third record: the first two keep the token of size 2; the third waits for the next tick.
    const third = await preserve(t, token, { name: 'c.pdf', content: Buffer.concat([PDF_BYTES, Buffer.from([2])]) });
    for (const record of [first, second]) {
      const proof = (await get<Proof>(t, `/api/chain/proof?chainhash=${record.chainhash}`)).body.data;
      expect(proof.checkpoint.treeSize).toBe(3);
      expect(proof.timestamped?.checkpoint.treeSize).toBe(2);
      expect(proof.timestamped?.checkpoint.timestampToken).toBe(latest.timestampToken);
    }
    expect((await get<Proof>(t, `/api/chain/proof?chainhash=${third.chainhash}`)).body.data.timestamped).toBeNull();
    t.clock.advance(10_000);
    expect(await timestamps.tick()).toBe('stamped');
    const thirdProof = (await get<Proof>(t, `/api/chain/proof?chainhash=${third.chainhash}`)).body.data;
    expect(thirdProof.timestamped?.checkpoint.treeSize).toBe(3);
    expect(
      readTimestampToken(new Uint8Array(Buffer.from(thirdProof.timestamped?.checkpoint.timestampToken ?? '', 'base64'))).genTime,
    ).toEqual(t.clock.now());
  });

  it('keeps every earlier checkpoint as it was signed, served by tree size', async () => {
    const { token } = await register(t, '13700137002');
    await preserve(t, token, { name: 'a.pdf', content: PDF_BYTES });
    const one = (await get<Checkpoint>(t, '/api/chain/checkpoint')).body.data;
    await preserve(t, token, { name: 'b.pdf', content: Buffer.concat([PDF_BYTES, Buffer.from([9])]) });
    expect((await get<Checkpoint>(t, '/api/chain/checkpoint?treeSize=1')).body.data).toEqual({ ...one, timestampToken: null });
    expect((await get(t, '/api/chain/checkpoint?treeSize=7')).body).toMatchObject({
      code: 404,
      msg: copyText('preservation:checkpointNotFound'),
    });
    for (const bad of ['-1', 'x', '1.5', '99999999999999999999'])
      expect((await get(t, `/api/chain/checkpoint?treeSize=${bad}`)).body).toMatchObject({ code: 400 });
  });

  it('a token is for its checkpoint only', async () => {
    const { token } = await register(t, '13700137003');
    await preserve(t, token, { name: 'a.pdf', content: PDF_BYTES });
    await timestamps.tick();
    const stamped = (await get<Checkpoint>(t, '/api/chain/checkpoint')).body.data;
    const tokenBytes = new Uint8Array(Buffer.from(stamped.timestampToken ?? '', 'base64'));
    const other = { ...stamped, signedText: stamped.signedText.replace(/\n1\n/, '\n2\n') };
    await expect(verifyTimestampToken(tokenBytes, digestOf(other), await anchors())).rejects.toBeInstanceOf(TimestampTokenError);
  });

  it('serves the sandbox authority over HTTP as RFC 3161 says', async () => {
    const digest = new Uint8Array(createHash('sha256').update('x').digest());
    const nonce = new Uint8Array([5, 6, 7]);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/sandbox/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: Buffer.from(timestampRequest(digest, nonce)),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/timestamp-reply');
    const token = tokenOfResponse(new Uint8Array(reply.rawPayload), nonce);
    await expect(verifyTimestampToken(token, digest, await anchors())).resolves.toMatchObject({
      authority: 'Evidence Platform Sandbox TSA',
    });
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/sandbox/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: Buffer.from('not der'),
    });
    expect(() => tokenOfResponse(new Uint8Array(garbage.rawPayload), nonce)).toThrow(/refused/);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/sandbox/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: Buffer.alloc(10_000),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('an authority that is down delays the token, never a preservation', async () => {
    const { token } = await register(t, '13700137004');
    const [anchor] = await anchors();
    const pem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(anchor ?? new Uint8Array()).toString('base64')}\n-----END CERTIFICATE-----`;
    const log = new TransparencyLog(t.db, t.clock, await loadLogKey(testConfig({ DATA_DIR: t.dataDir })));
    const config = testConfig({ TSA_URL: 'http://127.0.0.1:9/tsa', TSA_CERTIFICATES: pem, TSA_TIMEOUT_MS: '500' });
    const down = new CheckpointTimestamper(t.db, log, () => openTimestampAuthority(config.tsa, t.db, t.clock), t.clock, false);
    await preserve(t, token, { name: 'a.pdf', content: PDF_BYTES });
    await expect(down.tick()).rejects.toThrow(/could not be reached/);
    expect(await t.db.selectFrom('log_timestamps').selectAll().execute()).toEqual([]);
    // The next tick with the authority back stores the token.
    expect(await timestamps.tick()).toBe('stamped');
  });
});
