/// <reference types="node" />
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { allSettled, fork } from 'effector';
import { beforeAll, describe, expect, it, vi } from 'vitest';
// The explorer's model (web) against tokens from the server's sandbox authority: real RFC 3161 tokens.
import { createAuthorityMaterial, SANDBOX_POLICY, SandboxAuthority } from '../../server/providers/tsa/authority';
import { newNonce, timestampRequest, tokenOfResponse } from '../../server/providers/tsa/client';
import { consistencyFx, proofFx, publicKeyFx, timestampAuthorityFx } from '@/pages/explorer/api/explorer';
import { $historyCheck, $result, $timeCheck, ExplorerGate } from '@/pages/explorer/model/explorer';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

/** The explorer's checks of the trusted time (token of the timestamped checkpoint) and the log's history (consistency). */

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const node = (left: Buffer, right: Buffer) => sha(Buffer.from([1]), left, right);
const hex = (bytes: Buffer) => bytes.toString('hex');
const GEN_TIME = new Date('2026-11-21T10:00:05.000Z');

type Key = { publicKey: KeyObject; privateKey: KeyObject; raw: Buffer; keyId: string };
function newKey(): Key {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { publicKey, privateKey, raw, keyId: createHash('sha256').update(raw).digest('hex') };
}
const keyAnswer = (key: Key) => ({ algorithm: 'Ed25519', publicKey: key.raw.toString('base64'), pem: '', keyId: key.keyId, current: true });

function checkpoint(treeSize: number, root: Buffer, timestamp: string, key: Key) {
  const signedText = `evidence-log-v1\n${treeSize}\n${hex(root)}\n${timestamp}`;
  return {
    treeSize,
    rootHash: hex(root),
    timestamp,
    signedText,
    signature: sign(null, Buffer.from(signedText), key.privateKey).toString('base64'),
    keyId: key.keyId,
    timestampToken: null as string | null,
  };
}

let authority: SandboxAuthority;
let otherAuthority: SandboxAuthority;
beforeAll(async () => {
  authority = await SandboxAuthority.load(await createAuthorityMaterial(), { now: () => GEN_TIME });
  otherAuthority = await SandboxAuthority.load(await createAuthorityMaterial(), { now: () => GEN_TIME });
});

async function tokenOver(text: string, by = authority): Promise<string> {
  const nonce = newNonce();
  const digest = new Uint8Array(sha(Buffer.from(text)));
  return Buffer.from(tokenOfResponse(await by.respond(timestampRequest(digest, nonce)), nonce)).toString('base64');
}

/**
 * A three-entry log built from the RFC 6962 definitions: the record (index 1) is first covered by the timestamped
 * checkpoint of size 2; the latest checkpoint has size 3; PROOF(2, D[3]) is [leaf 2].
 */
async function log(names = ['a', 'b', 'c']) {
  const key = newKey();
  const entries = names.map((n, i) => Buffer.from(`{"n":${i},"x":"${n}"}`));
  const leaves = entries.map((e) => sha(Buffer.from([0]), e));
  const [l0, l1, l2] = leaves as [Buffer, Buffer, Buffer];
  const root2 = node(l0, l1);
  const root3 = node(root2, l2);
  const timestamped = checkpoint(2, root2, '2026-11-21T10:00:00.000Z', key);
  timestamped.timestampToken = await tokenOver(timestamped.signedText);
  const latest = checkpoint(3, root3, '2026-11-21T10:00:09.000Z', key);
  const proof = {
    leafIndex: 1,
    entry: entries[1]!.toString(),
    leafHash: hex(l1),
    auditPath: [hex(l0), hex(l2)],
    checkpoint: latest,
    timestamped: { auditPath: [hex(l0)], checkpoint: timestamped },
  };
  const consistency = { first: 2, second: 3, firstRootHash: hex(root2), secondRootHash: hex(root3), proof: [hex(l2)] };
  return { key, proof, consistency, anchors: authority.trustAnchors.map((der) => Buffer.from(der).toString('base64')) };
}
type Log = Awaited<ReturnType<typeof log>>;

async function explore(given: Log, keys: Record<string, ReturnType<typeof keyAnswer>> = { [given.key.keyId]: keyAnswer(given.key) }) {
  const asked: { first: number; second: number }[] = [];
  const scope = fork({
    handlers: [
      [proofFx, () => given.proof],
      [publicKeyFx, (keyId: string) => keys[keyId] ?? Promise.reject(Object.assign(new Error('not found'), { code: 404 }))],
      [timestampAuthorityFx, () => ({ sandbox: true, certificates: given.anchors })],
      [
        consistencyFx,
        (params: { first: number; second: number }) => {
          asked.push(params);
          return given.consistency;
        },
      ],
    ],
  });
  await allSettled(ExplorerGate.open, { scope, params: { chainhash: given.proof.leafHash } });
  return { inclusion: scope.getState($result), time: scope.getState($timeCheck), history: scope.getState($historyCheck), asked };
}

describe('explorer: trusted time and history', () => {
  it('verifies the token of the timestamped checkpoint and its consistency with the latest one', async () => {
    const given = await log();
    const { inclusion, time, history, asked } = await explore(given);
    expect(inclusion).toEqual({ ok: true, failedStep: null });
    expect(time).toEqual({
      status: 'passed',
      genTime: GEN_TIME.toISOString(),
      authority: 'Evidence Platform Sandbox TSA',
      policy: SANDBOX_POLICY,
    });
    expect(history).toEqual({ status: 'passed' });
    // The sizes asked for are the signed checkpoints' own.
    expect(asked).toEqual([{ first: 2, second: 3 }]);
  });

  it('says both checks are pending while the record has no token yet', async () => {
    const given = await log();
    const { inclusion, time, history, asked } = await explore({ ...given, proof: { ...given.proof, timestamped: null } as never });
    expect(inclusion).toEqual({ ok: true, failedStep: null });
    expect(time).toEqual({ status: 'pending', pending: 'token' });
    expect(history).toEqual({ status: 'pending', pending: 'token' });
    expect(asked).toEqual([]);
  });

  it('fails at the checkpoint when a field of the timestamped checkpoint was changed', async () => {
    const given = await log();
    const changed = { ...given.proof.timestamped.checkpoint, timestamp: '2026-11-20T10:00:00.000Z' };
    const { time, history } = await explore({
      ...given,
      proof: { ...given.proof, timestamped: { ...given.proof.timestamped, checkpoint: changed } },
    });
    expect(time).toEqual({ status: 'failed', step: 'checkpoint.signedText' });
    expect(history).toEqual({ status: 'failed', step: 'checkpoint' });
  });

  it('fails at the inclusion when a node of the audit path to the timestamped checkpoint was changed', async () => {
    const given = await log();
    const timestamped = { ...given.proof.timestamped, auditPath: ['00'.repeat(32)] };
    const { inclusion, time } = await explore({ ...given, proof: { ...given.proof, timestamped } });
    expect(inclusion).toEqual({ ok: true, failedStep: null });
    expect(time).toEqual({ status: 'failed', step: 'checkpoint.inclusion' });
  });

  it('fails at the signature when the timestamped checkpoint was signed by another key', async () => {
    const given = await log();
    const other = newKey();
    const forged = {
      ...given.proof.timestamped.checkpoint,
      signature: sign(null, Buffer.from(given.proof.timestamped.checkpoint.signedText), other.privateKey).toString('base64'),
    };
    const { inclusion, time, history } = await explore({
      ...given,
      proof: { ...given.proof, timestamped: { ...given.proof.timestamped, checkpoint: forged } },
    });
    expect(inclusion).toEqual({ ok: true, failedStep: null });
    expect(time).toEqual({ status: 'failed', step: 'checkpoint.signature' });
    expect(history).toEqual({ status: 'failed', step: 'checkpoint' });
  });

  it('fails at the imprint when the token covers other data', async () => {
    const given = await log();
    const token = await tokenOver(`${given.proof.timestamped.checkpoint.signedText}\n`);
    const checkpoint = { ...given.proof.timestamped.checkpoint, timestampToken: token };
    const { time, history } = await explore({
      ...given,
      proof: { ...given.proof, timestamped: { ...given.proof.timestamped, checkpoint } },
    });
    expect(time).toEqual({ status: 'failed', step: 'token.imprint' });
    // The history does not rest on the token: the checkpoints and the proof still hold.
    expect(history).toEqual({ status: 'passed' });
  });

  it('fails at the chain when the token was signed by an authority the roots do not vouch for', async () => {
    const given = await log();
    const token = await tokenOver(given.proof.timestamped.checkpoint.signedText, otherAuthority);
    const checkpoint = { ...given.proof.timestamped.checkpoint, timestampToken: token };
    const { time } = await explore({ ...given, proof: { ...given.proof, timestamped: { ...given.proof.timestamped, checkpoint } } });
    expect(time).toEqual({ status: 'failed', step: 'token.chain' });
  });

  it('fails at the token when it is not an RFC 3161 token', async () => {
    const given = await log();
    const checkpoint = { ...given.proof.timestamped.checkpoint, timestampToken: Buffer.from('not a token').toString('base64') };
    const { time } = await explore({ ...given, proof: { ...given.proof, timestamped: { ...given.proof.timestamped, checkpoint } } });
    expect(time).toEqual({ status: 'failed', step: 'token.token' });
  });

  it('fails the history with a consistency proof between unrelated trees', async () => {
    const given = await log();
    const unrelated = await log(['x', 'y', 'z']);
    const { inclusion, time, history } = await explore({ ...given, consistency: unrelated.consistency });
    expect(inclusion).toEqual({ ok: true, failedStep: null });
    expect(time.status).toBe('passed');
    expect(history).toEqual({ status: 'failed', step: 'proof' });
  });

  it('fails the history when the answer is for other sizes than the signed checkpoints', async () => {
    const given = await log();
    const { history } = await explore({ ...given, consistency: { ...given.consistency, first: 1 } });
    expect(history).toEqual({ status: 'failed', step: 'sizes' });
  });

  it('fails the history at the checkpoint when a field of the latest checkpoint was changed', async () => {
    const given = await log();
    // The same audit path leads to the same root in a tree of 4 (RFC 9162's verifier cannot tell): the signed text can.
    const changed = { ...given.proof.checkpoint, treeSize: 4 };
    const { inclusion, history } = await explore({ ...given, proof: { ...given.proof, checkpoint: changed } });
    expect(inclusion).toEqual({ ok: false, failedStep: 'signedText' });
    expect(history).toEqual({ status: 'failed', step: 'checkpoint' });
  });

  it('says the history could not be checked when the consistency call fails', async () => {
    const given = await log();
    const scope = fork({
      handlers: [
        [proofFx, () => given.proof],
        [publicKeyFx, () => keyAnswer(given.key)],
        [timestampAuthorityFx, () => ({ sandbox: true, certificates: given.anchors })],
        [consistencyFx, () => Promise.reject(new Error('offline'))],
      ],
    });
    await allSettled(ExplorerGate.open, { scope, params: { chainhash: given.proof.leafHash } });
    expect(scope.getState($timeCheck).status).toBe('passed');
    expect(scope.getState($historyCheck)).toEqual({ status: 'failed', step: 'unavailable' });
  });

  it('uses the key the timestamped checkpoint names (another after a rotation)', async () => {
    const given = await log();
    const retired = newKey();
    const signedBefore = checkpoint(
      2,
      Buffer.from(given.proof.timestamped.checkpoint.rootHash, 'hex'),
      given.proof.timestamped.checkpoint.timestamp,
      retired,
    );
    signedBefore.timestampToken = await tokenOver(signedBefore.signedText);
    const rotated = { ...given, proof: { ...given.proof, timestamped: { ...given.proof.timestamped, checkpoint: signedBefore } } };
    const keys = { [given.key.keyId]: keyAnswer(given.key), [retired.keyId]: { ...keyAnswer(retired), current: false } };
    const { time, history } = await explore(rotated, keys);
    expect(time.status).toBe('passed');
    expect(history).toEqual({ status: 'passed' });
  });
});
