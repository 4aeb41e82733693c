/// <reference types="node" />
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyConsistency, verifyConsistencyProof } from './consistency';

/** Reference straight from RFC 6962 sections 2.1 and 2.1.2 (recursive MTH and SUBPROOF), with node:crypto. */
const h = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const split = (n: number) => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};
function mth(d: Buffer[]): Buffer {
  if (d.length === 0) return h();
  if (d.length === 1) return h(Buffer.from([0]), d[0]!);
  const k = split(d.length);
  return h(Buffer.from([1]), mth(d.slice(0, k)), mth(d.slice(k)));
}
function subproof(m: number, d: Buffer[], b: boolean): Buffer[] {
  if (m === d.length) return b ? [] : [mth(d)];
  const k = split(d.length);
  return m <= k ? [...subproof(m, d.slice(0, k), b), mth(d.slice(k))] : [...subproof(m - k, d.slice(k), false), mth(d.slice(0, k))];
}
const proofOf = (m: number, d: Buffer[]) => subproof(m, d, true);

/**
 * Fixtures, the same known answers as server/chain/consistency.test.ts: the Certificate Transparency test tree's
 * consistency proofs as published in transparency-dev/merkle proof/verify_test.go (`consistencyProofs`, `roots`),
 * lifted from google/certificate-transparency's C++ merkle_tree_test (python/ct/crypto/merkle_test.py `sha256_proofs`).
 */
const ROOTS: Record<number, string> = {
  1: '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  2: 'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  5: '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  6: '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  7: 'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  8: '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
};
const KNOWN: [number, number, string[]][] = [
  [1, 1, []],
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [
    2,
    5,
    [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
  [
    6,
    7,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
];
const CT_INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map((x) =>
  Buffer.from(x, 'hex'),
);

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const flip = (b: Uint8Array) => Uint8Array.from(b, (x, i) => (i === 0 ? x ^ 16 : x));
const entries = (n: number, tag = 'entry') => Array.from({ length: n }, (_, i) => Buffer.from(`${tag} ${i}`));

describe('verifyConsistency (WebCrypto)', () => {
  it('accepts the published Certificate Transparency proofs, which the reference reproduces', async () => {
    for (const [m, n, proof] of KNOWN) {
      expect(proofOf(m, CT_INPUTS.slice(0, n)).map(hex), `${m} -> ${n}`).toEqual(proof);
      expect(hex(mth(CT_INPUTS.slice(0, n)))).toBe(ROOTS[n]);
      const facts = { first: m, second: n, firstRootHash: ROOTS[m]!, secondRootHash: ROOTS[n]!, proof };
      expect(await verifyConsistencyProof(facts), `${m} -> ${n}`).toBe(true);
      expect(await verifyConsistencyProof({ ...facts, firstRootHash: facts.firstRootHash.toUpperCase() })).toBe(true);
    }
  });

  it('accepts every pair 0 < m <= n <= 20 and refuses each tampering', async () => {
    const d = entries(20);
    for (let n = 1; n <= 20; n++) {
      const r2 = mth(d.slice(0, n));
      for (let m = 1; m <= n; m++) {
        const r1 = mth(d.slice(0, m));
        const proof = proofOf(m, d.slice(0, n));
        expect(await verifyConsistency(m, n, r1, r2, proof), `${m} -> ${n}`).toBe(true);
        if (m === n) continue;
        const probes: [string, number, number, Uint8Array, Uint8Array, Uint8Array[]][] = [
          ['first + 1', m + 1, n, r1, r2, proof],
          ['first - 1', m - 1, n, r1, r2, proof],
          ['second * 2', m, n * 2, r1, r2, proof],
          ['swapped sizes', n, m, r1, r2, proof],
          ['swapped roots', m, n, r2, r1, proof],
          ['wrong first root', m, n, flip(r1), r2, proof],
          ['wrong second root', m, n, r1, flip(r2), proof],
          ['empty proof', m, n, r1, r2, []],
          ['extra node', m, n, r1, r2, [...proof, r2]],
          ['extra node in front', m, n, r1, r2, [proof[0]!, ...proof]],
          ['missing node', m, n, r1, r2, proof.slice(0, -1)],
          ['short node', m, n, r1, r2, [proof[0]!.subarray(1), ...proof.slice(1)]],
          ...proof.map((_, i): [string, number, number, Uint8Array, Uint8Array, Uint8Array[]] => [
            `changed node ${i}`,
            m,
            n,
            r1,
            r2,
            proof.map((p, j) => (i === j ? flip(p) : p)),
          ]),
        ];
        for (const [what, a, b, x, y, p] of probes) expect(await verifyConsistency(a, b, x, y, p), `${m} -> ${n}: ${what}`).toBe(false);
      }
    }
  });

  it('refuses a proof between unrelated trees (a rewritten history)', async () => {
    const honest = entries(12);
    const rewritten = honest.map((e, i) => (i === 2 ? Buffer.from('entry 2, changed') : e));
    for (const [m, n] of [
      [3, 12],
      [5, 12],
      [7, 9],
    ] as const) {
      const ok = await verifyConsistency(m, n, mth(rewritten.slice(0, m)), mth(rewritten.slice(0, n)), proofOf(m, rewritten.slice(0, n)));
      expect(ok).toBe(true);
      expect(await verifyConsistency(m, n, mth(honest.slice(0, m)), mth(rewritten.slice(0, n)), proofOf(m, rewritten.slice(0, n)))).toBe(
        false,
      );
      expect(await verifyConsistency(m, n, mth(honest.slice(0, m)), mth(rewritten.slice(0, n)), proofOf(m, honest.slice(0, n)))).toBe(
        false,
      );
    }
    const other = entries(9, 'other');
    expect(await verifyConsistency(4, 9, mth(honest.slice(0, 4)), mth(other), proofOf(4, other))).toBe(false);
  });

  it('is strict about equal sizes, zero, impossible sizes and malformed hex', async () => {
    const d = entries(5);
    const r = mth(d);
    expect(await verifyConsistency(5, 5, r, r, [])).toBe(true);
    expect(await verifyConsistency(5, 5, r, flip(r), [])).toBe(false);
    expect(await verifyConsistency(5, 5, r, r, [r])).toBe(false);
    expect(await verifyConsistency(0, 5, h(), r, [])).toBe(false);
    expect(await verifyConsistency(2.5, 5, r, r, [r])).toBe(false);
    expect(await verifyConsistency(5, 2 ** 60, r, r, [r])).toBe(false);
    const facts = { first: 2, second: 5, firstRootHash: hex(mth(d.slice(0, 2))), secondRootHash: hex(r), proof: proofOf(2, d).map(hex) };
    expect(await verifyConsistencyProof(facts)).toBe(true);
    expect(await verifyConsistencyProof({ ...facts, proof: ['zz', ...facts.proof.slice(1)] })).toBe(false);
    expect(await verifyConsistencyProof({ ...facts, secondRootHash: 'abc' })).toBe(false);
  });
});
