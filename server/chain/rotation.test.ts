import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkpoint } from '../../contracts/index';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createTestApp, type TestApp } from '../test-support/create-test-app';
import { register } from '../test-support/flows';
import { get, PDF_BYTES, preserve } from '../test-support/uploads';
import { verifyText } from './keys';
import { copyText, validationText } from '../test-support/copy';

interface Key {
  algorithm: string;
  publicKey: string;
  pem: string;
  keyId: string;
  current: boolean;
}
interface Proof {
  checkpoint: Checkpoint;
}

const newKeyPem = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/**
 * Key rotation: the same database served first with one LOG_SIGNING_KEY, then (a rolling restart)
 * with another. Every checkpoint stays verifiable in the browser by the key it names, served by keyId.
 */
describe('log signing key rotation', () => {
  let before: TestApp;
  let after: TestApp;
  beforeAll(async () => {
    before = await createTestApp({ config: { LOG_SIGNING_KEY: newKeyPem() } });
    // The rotated process starts later: its key is published after the first one.
    before.clock.advance(60_000);
    const app = await buildApp({
      webRoot: null,
      config: testConfig({ DATA_DIR: before.dataDir, LOG_SIGNING_KEY: newKeyPem() }),
      database: before.database,
      clock: before.clock,
    });
    await app.ready();
    after = { ...before, app };
  });
  afterAll(async () => {
    await after.app.close();
    await before.close();
  });

  it('keeps serving the retired key by id, so old and new checkpoints both verify; lists every key', async () => {
    const { token } = await register(before, '13900139101');
    const old = await preserve(before, token, { name: 'a.pdf', content: Buffer.concat([PDF_BYTES, Buffer.from('old')]) });
    const oldKey = (await get<Key>(before, '/api/chain/publicKey')).body.data;
    expect(oldKey.current).toBe(true);

    // The rotated process signs with its own key from now on, and says so.
    const newKey = (await get<Key>(after, '/api/chain/publicKey')).body.data;
    expect(newKey.keyId).not.toBe(oldKey.keyId);
    expect(newKey.current).toBe(true);

    // Right after the rotation the latest checkpoint is still the old key's: its key is served by id.
    const firstProof = (await get<Proof>(after, `/api/chain/proof?chainhash=${old.chainhash}`)).body.data;
    expect(firstProof.checkpoint.keyId).toBe(oldKey.keyId);
    const retired = await get<Key>(after, `/api/chain/publicKey?keyId=${oldKey.keyId}`);
    expect(retired.body.code).toBe(200);
    expect(retired.body.data).toMatchObject({ keyId: oldKey.keyId, publicKey: oldKey.publicKey, current: false });
    expect(verifyText(retired.body.data.publicKey, firstProof.checkpoint.signedText, firstProof.checkpoint.signature)).toBe(true);

    // A new record is signed with the new key; both records verify against the checkpoint they are proved by.
    const fresh = await preserve(after, token, { name: 'b.pdf', content: Buffer.concat([PDF_BYTES, Buffer.from('new')]) });
    for (const record of [old, fresh]) {
      const { checkpoint } = (await get<Proof>(after, `/api/chain/proof?chainhash=${record.chainhash}`)).body.data;
      expect(checkpoint.keyId).toBe(newKey.keyId);
      const key = (await get<Key>(after, `/api/chain/publicKey?keyId=${checkpoint.keyId}`)).body.data;
      expect(verifyText(key.publicKey, checkpoint.signedText, checkpoint.signature)).toBe(true);
      // The retired key does not verify a checkpoint it did not sign.
      expect(verifyText(oldKey.publicKey, checkpoint.signedText, checkpoint.signature)).toBe(false);
    }
    // The old tree size keeps the checkpoint the old key signed.
    const kept = await before.db.selectFrom('log_checkpoints').selectAll().where('tree_size', '=', 1).executeTakeFirstOrThrow();
    expect(kept.key_id).toBe(oldKey.keyId);
    expect(verifyText(oldKey.publicKey, kept.signed_text, kept.signature)).toBe(true);

    const keys = (await get<{ list: (Key & { publishedAt: string })[] }>(after, '/api/chain/keys')).body.data.list;
    expect(keys.map((k) => [k.keyId, k.current])).toEqual([
      [oldKey.keyId, false],
      [newKey.keyId, true],
    ]);
    expect(keys.every((k) => k.algorithm === 'Ed25519' && k.pem.includes('BEGIN PUBLIC KEY'))).toBe(true);
  });

  it('answers an unknown key id as not found and a malformed one as refused input', async () => {
    const unknown = await get(after, `/api/chain/publicKey?keyId=${'a'.repeat(64)}`);
    expect(unknown.body).toEqual({ code: 404, msg: copyText('preservation:keyNotFound'), data: null });
    const malformed = await get(after, '/api/chain/publicKey?keyId=xyz');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 400, msg: validationText('invalid|keyId') });
  });
});
