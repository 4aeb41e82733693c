/// <reference types="node" />
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { proofFx, publicKeyFx } from '../api/explorer';
import { $result, ExplorerGate } from './explorer';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

/** A two-entry log signed with a fresh key, built from the RFC 6962 definitions. */
function log() {
  const entries = ['{"n":0}', '{"n":1}'].map((e) => Buffer.from(e));
  const leaves = entries.map((e) => sha(Buffer.from([0]), e));
  const root = sha(Buffer.from([1]), leaves[0]!, leaves[1]!).toString('hex');
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const timestamp = '2026-11-21T10:00:00.000Z';
  const signedText = `evidence-log-v1\n2\n${root}\n${timestamp}`;
  const proof = {
    leafIndex: 1,
    entry: entries[1]!.toString(),
    leafHash: leaves[1]!.toString('hex'),
    auditPath: [leaves[0]!.toString('hex')],
    checkpoint: {
      treeSize: 2,
      rootHash: root,
      timestamp,
      signedText,
      signature: sign(null, Buffer.from(signedText), privateKey).toString('base64'),
      keyId: createHash('sha256').update(raw).digest('hex'),
    },
  };
  const key = { algorithm: 'Ed25519', publicKey: raw.toString('base64'), pem: '', keyId: proof.checkpoint.keyId, current: true };
  return { proof, key };
}

describe('explorer model', () => {
  it('verifies the entry in the browser', async () => {
    const { proof, key } = log();
    const scope = fork({
      handlers: [
        [proofFx, () => proof],
        [publicKeyFx, () => key],
      ],
    });
    await allSettled(ExplorerGate.open, { scope, params: { chainhash: proof.leafHash } });
    expect(scope.getState($result)).toEqual({ ok: true, failedStep: null });
  });

  it('asks for the key the checkpoint names (a retired key after a rotation) and verifies with it', async () => {
    const { proof, key } = log();
    const asked: string[] = [];
    const scope = fork({
      handlers: [
        [proofFx, () => proof],
        [
          publicKeyFx,
          (keyId: string) => {
            asked.push(keyId);
            return { ...key, current: false };
          },
        ],
      ],
    });
    await allSettled(ExplorerGate.open, { scope, params: { chainhash: proof.leafHash } });
    expect(asked).toEqual([proof.checkpoint.keyId]);
    expect(scope.getState($result)).toEqual({ ok: true, failedStep: null });
  });

  it('says which step failed when the server lies about the root', async () => {
    const { proof, key } = log();
    const forged = { ...proof, checkpoint: { ...proof.checkpoint, rootHash: '0'.repeat(64) } };
    const scope = fork({
      handlers: [
        [proofFx, () => forged],
        [publicKeyFx, () => key],
      ],
    });
    await allSettled(ExplorerGate.open, { scope, params: { chainhash: proof.leafHash } });
    expect(scope.getState($result)).toEqual({ ok: false, failedStep: 'inclusion' });
  });

  it('fails the key step when the server answers another key than the checkpoint names', async () => {
    const { proof, key } = log();
    const other = log().key;
    const scope = fork({
      handlers: [
        [proofFx, () => proof],
        [publicKeyFx, () => ({ ...other, keyId: key.keyId })],
      ],
    });
    await allSettled(ExplorerGate.open, { scope, params: { chainhash: proof.leafHash } });
    expect(scope.getState($result)).toEqual({ ok: false, failedStep: 'publicKey' });
  });
});
