/// <reference types="node" />
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, checkpointText, leafHash, rootFromAuditPath, verifyInclusionProof, type ProofFacts } from './merkle';

/** Reference implementation straight from RFC 6962 section 2.1 (recursive MTH and PATH), with node:crypto. */
const h = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const refLeaf = (d: Buffer) => h(Buffer.from([0]), d);
const largestPowerOfTwoBelow = (n: number) => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};
function mth(d: Buffer[]): Buffer {
  if (d.length === 0) return h();
  if (d.length === 1) return refLeaf(d[0]!);
  const k = largestPowerOfTwoBelow(d.length);
  return h(Buffer.from([1]), mth(d.slice(0, k)), mth(d.slice(k)));
}
function path(m: number, d: Buffer[]): Buffer[] {
  if (d.length <= 1) return [];
  const k = largestPowerOfTwoBelow(d.length);
  return m < k ? [...path(m, d.slice(0, k)), mth(d.slice(k))] : [...path(m - k, d.slice(k)), mth(d.slice(0, k))];
}

const entries = (n: number) => Array.from({ length: n }, (_, i) => Buffer.from(JSON.stringify({ n: i, baoquan: `BQ${i}` })));

describe('RFC 6962 hashing', () => {
  it('hashes the empty leaf to the known RFC 6962 value', async () => {
    expect(bytesToHex(await leafHash(new Uint8Array()))).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d');
  });

  it('has the SHA-256 of nothing as the empty tree root (reference check)', () => {
    expect(mth([]).toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('walks every audit path of trees of size 1 to 9 to the root', async () => {
    for (let size = 1; size <= 9; size += 1) {
      const d = entries(size);
      const root = mth(d).toString('hex');
      for (let m = 0; m < size; m += 1) {
        const got = await rootFromAuditPath(m, size, await leafHash(d[m]!), path(m, d));
        expect(got && bytesToHex(got), `size ${size} leaf ${m}`).toBe(root);
      }
    }
  });

  it('rejects a path of the wrong length, a wrong index and an index outside the tree', async () => {
    const d = entries(7);
    const leaf = await leafHash(d[3]!);
    const proof = path(3, d);
    expect(await rootFromAuditPath(3, 7, leaf, proof.slice(1))).toBeNull();
    expect(await rootFromAuditPath(3, 7, leaf, [...proof, proof[0]!])).toBeNull();
    const other = await rootFromAuditPath(2, 7, leaf, proof);
    expect(other && bytesToHex(other)).not.toBe(mth(d).toString('hex'));
    expect(await rootFromAuditPath(7, 7, leaf, proof)).toBeNull();
    expect(await rootFromAuditPath(-1, 7, leaf, proof)).toBeNull();
  });
});

describe('verifyInclusionProof', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const rawKey = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const keyId = createHash('sha256').update(rawKey).digest('hex');

  function facts(size = 6, index = 4): ProofFacts {
    const d = entries(size);
    const rootHash = mth(d).toString('hex');
    const timestamp = '2026-11-21T10:00:00.000Z';
    const signedText = checkpointText({ treeSize: size, rootHash, timestamp });
    const leafHex = refLeaf(d[index]!).toString('hex');
    return {
      chainhash: leafHex,
      entry: d[index]!.toString('utf8'),
      leafHash: leafHex,
      leafIndex: index,
      auditPath: path(index, d).map((b) => b.toString('hex')),
      checkpoint: {
        treeSize: size,
        rootHash,
        timestamp,
        signedText,
        signature: sign(null, Buffer.from(signedText), privateKey).toString('base64'),
        keyId,
      },
      publicKey: rawKey.toString('base64'),
    };
  }

  it('verifies a genuine record', async () => {
    expect(await verifyInclusionProof(facts())).toEqual({ ok: true, failedStep: null });
    expect(await verifyInclusionProof(facts(1, 0))).toEqual({ ok: true, failedStep: null });
  });

  it('names the step that failed', async () => {
    const base = facts();
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    expect(await verifyInclusionProof({ ...base, entry: `${base.entry} ` })).toEqual({ ok: false, failedStep: 'leafHash' });
    expect(await verifyInclusionProof({ ...base, chainhash: flip(base.chainhash) })).toEqual({ ok: false, failedStep: 'leafHash' });
    expect(await verifyInclusionProof({ ...base, auditPath: [flip(base.auditPath[0]!), ...base.auditPath.slice(1)] })).toEqual({
      ok: false,
      failedStep: 'inclusion',
    });
    expect(await verifyInclusionProof({ ...base, auditPath: ['zz'] })).toEqual({ ok: false, failedStep: 'inclusion' });
    expect(await verifyInclusionProof({ ...base, checkpoint: { ...base.checkpoint, rootHash: flip(base.checkpoint.rootHash) } })).toEqual({
      ok: false,
      failedStep: 'inclusion',
    });
    expect(
      await verifyInclusionProof({ ...base, checkpoint: { ...base.checkpoint, signedText: `${base.checkpoint.signedText}x` } }),
    ).toEqual({
      ok: false,
      failedStep: 'signedText',
    });
    const otherKey = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
    expect(await verifyInclusionProof({ ...base, publicKey: otherKey.toString('base64') })).toEqual({ ok: false, failedStep: 'publicKey' });
    const forged = sign(null, Buffer.from('something else'), privateKey).toString('base64');
    expect(await verifyInclusionProof({ ...base, checkpoint: { ...base.checkpoint, signature: forged } })).toEqual({
      ok: false,
      failedStep: 'signature',
    });
    expect(await verifyInclusionProof({ ...base, checkpoint: { ...base.checkpoint, signature: '!!' } })).toEqual({
      ok: false,
      failedStep: 'signature',
    });
  });
});
