import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildNodes,
  consistencyNodes,
  consistencyPath,
  leafHash,
  lookupIn,
  nodeHash,
  nodeKey,
  rootHash,
  verifyConsistency,
} from './merkle';

/** RFC 6962 section 2.1 and 2.1.2 written out directly over lists of entries, with no stored nodes: the reference. */
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const split = (n: number) => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};
function mth(d: Buffer[]): Buffer {
  if (d.length === 0) return sha();
  if (d.length === 1) return sha(Buffer.from([0]), d[0]!);
  const k = split(d.length);
  return sha(Buffer.from([1]), mth(d.slice(0, k)), mth(d.slice(k)));
}
function subproof(m: number, d: Buffer[], b: boolean): Buffer[] {
  if (m === d.length) return b ? [] : [mth(d)];
  const k = split(d.length);
  return m <= k ? [...subproof(m, d.slice(0, k), b), mth(d.slice(k))] : [...subproof(m - k, d.slice(k), false), mth(d.slice(0, k))];
}

/**
 * Known answers: the consistency proofs of the Certificate Transparency test tree (leaves "", 00, 10, 2021, 3031,
 * 40414243, 5051525354555657, 606162636465666768696a6b6c6d6e6f), as published in transparency-dev/merkle
 * proof/verify_test.go (`consistencyProofs`, `roots`), which lifted them from google/certificate-transparency's C++
 * merkle_tree_test (also in its python/ct/crypto/merkle_test.py `sha256_proofs`).
 */
const CT_INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map((h) =>
  Buffer.from(h, 'hex'),
);
const CT_ROOTS: Record<number, string> = {
  1: '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  2: 'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  5: '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  6: '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  7: 'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  8: '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
};
const CT_CONSISTENCY: [number, number, string[]][] = [
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

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const treeOf = (entries: Buffer[]) => lookupIn(buildNodes(entries.map((e) => leafHash(e))));
const flip = (b: Uint8Array, bit = 4) => Buffer.from(b.map((x, i) => (i === 0 ? x ^ (1 << bit) : x)));

/**
 * Ways to spoil a good proof (after transparency-dev/merkle's corruptConsistencyProof): every one must fail. Not
 * "second - 1": RFC 9162's algorithm accepts some proofs under a smaller second size of the same shape (1 -> 3 for
 * 1 -> 4), so a verifier takes each size from the signed checkpoint that binds it to its root, never on its own.
 */
function corruptions(m: number, n: number, r1: Buffer, r2: Buffer, proof: Buffer[]) {
  const other = sha(Buffer.from('some other hash'));
  const probes: [string, number, number, Uint8Array, Uint8Array, Uint8Array[]][] = [
    ['first - 1', m - 1, n, r1, r2, proof],
    ['first + 1', m + 1, n, r1, r2, proof],
    ['second * 2', m, n * 2, r1, r2, proof],
    ['second / 2', m, Math.floor(n / 2), r1, r2, proof],
    ['swapped sizes', n, m, r1, r2, proof],
    ['wrong first root', m, n, other, r2, proof],
    ['wrong second root', m, n, r1, other, proof],
    ['swapped roots', m, n, r2, r1, proof],
    ['empty proof', m, n, r1, r2, []],
    ['trailing node', m, n, r1, r2, [...proof, r1]],
    ['trailing garbage', m, n, r1, r2, [...proof, Buffer.alloc(0)]],
    ['preceding first root', m, n, r1, r2, [r1, ...proof]],
    ['preceding second root', m, n, r1, r2, [r2, ...proof]],
    ['preceding proof[0]', m, n, r1, r2, [proof[0]!, ...proof]],
    ['truncated', m, n, r1, r2, proof.slice(0, -1)],
    ['missing first node', m, n, r1, r2, proof.slice(1)],
  ];
  proof.forEach((_, i) => probes.push([`changed node ${i}`, m, n, r1, r2, proof.map((p, j) => (i === j ? flip(p) : p))]));
  if (proof.length > 1) probes.push(['swapped nodes', m, n, r1, r2, [proof[1]!, proof[0]!, ...proof.slice(2)]]);
  return probes;
}

describe('RFC 6962 consistency proofs (server, stored nodes)', () => {
  it('gives the published proofs for the Certificate Transparency test tree, and they verify', () => {
    const tree = treeOf(CT_INPUTS);
    for (const [m, n, expected] of CT_CONSISTENCY) {
      expect(hex(rootHash(m, tree)), `root ${m}`).toBe(CT_ROOTS[m]);
      expect(hex(rootHash(n, tree)), `root ${n}`).toBe(CT_ROOTS[n]);
      const proof = consistencyPath(m, n, tree);
      expect(proof.map(hex), `${m} -> ${n}`).toEqual(expected);
      const known = expected.map((h) => Buffer.from(h, 'hex'));
      expect(verifyConsistency(m, n, Buffer.from(CT_ROOTS[m]!, 'hex'), Buffer.from(CT_ROOTS[n]!, 'hex'), known), `${m} -> ${n}`).toBe(true);
    }
  });

  it("has the shape of RFC 6962 section 2.1.3's examples (seven leaves d0..d6)", () => {
    const d = Array.from({ length: 7 }, (_, i) => Buffer.from(`d${i}`));
    const tree = treeOf(d);
    const leaf = (i: number) => mth([d[i]!]);
    // PROOF(3, D[7]) = [c, d, g, l]; PROOF(4, D[7]) = [l]; PROOF(6, D[7]) = [i, j, k].
    expect(consistencyPath(3, 7, tree).map(hex)).toEqual([leaf(2), leaf(3), mth(d.slice(0, 2)), mth(d.slice(4))].map(hex));
    expect(consistencyPath(4, 7, tree).map(hex)).toEqual([mth(d.slice(4))].map(hex));
    expect(consistencyPath(6, 7, tree).map(hex)).toEqual([mth(d.slice(4, 6)), leaf(6), mth(d.slice(0, 4))].map(hex));
  });

  it('proves every pair 0 < m <= n <= 20 like the reference, reading only O(log n) stored nodes', () => {
    const entries = Array.from({ length: 20 }, (_, i) => Buffer.from(`entry ${i}`));
    const nodes = buildNodes(entries.map((e) => leafHash(e)));
    const tree = lookupIn(nodes);
    for (let n = 1; n <= 20; n++) {
      for (let m = 1; m <= n; m++) {
        const read = new Set<string>();
        const proof = consistencyPath(m, n, (id) => {
          read.add(nodeKey(id));
          return tree(id);
        });
        expect(proof.map(hex), `${m} -> ${n}`).toEqual(subproof(m, entries.slice(0, n), true).map(hex));
        expect(read, `${m} -> ${n}`).toEqual(new Set(consistencyNodes(m, n).map(nodeKey)));
        expect(read.size).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(n) + 1));
        expect(verifyConsistency(m, n, rootHash(m, tree), rootHash(n, tree), proof), `${m} -> ${n}`).toBe(true);
      }
    }
  });

  it('rejects every tampering of every proof of every pair up to 20', () => {
    const entries = Array.from({ length: 20 }, (_, i) => Buffer.from(`entry ${i}`));
    const tree = treeOf(entries);
    for (let n = 2; n <= 20; n++) {
      for (let m = 1; m < n; m++) {
        const r1 = rootHash(m, tree);
        const r2 = rootHash(n, tree);
        for (const [what, a, b, x, y, proof] of corruptions(m, n, r1, r2, consistencyPath(m, n, tree))) {
          expect(verifyConsistency(a, b, x, y, proof), `${m} -> ${n}: ${what}`).toBe(false);
        }
      }
    }
  });

  it('rejects a proof between unrelated trees (history rewritten)', () => {
    const honest = Array.from({ length: 12 }, (_, i) => Buffer.from(`entry ${i}`));
    const rewritten = honest.map((e, i) => (i === 3 ? Buffer.from('entry 3, changed') : e));
    const a = treeOf(honest);
    const b = treeOf(rewritten);
    for (const [m, n] of [
      [4, 12],
      [5, 12],
      [7, 9],
    ] as const) {
      // The rewritten log proves its own history fine...
      expect(verifyConsistency(m, n, rootHash(m, b), rootHash(n, b), consistencyPath(m, n, b))).toBe(true);
      // ...but not that its new head extends the head the honest log signed before.
      expect(verifyConsistency(m, n, rootHash(m, a), rootHash(n, b), consistencyPath(m, n, b))).toBe(false);
      expect(verifyConsistency(m, n, rootHash(m, a), rootHash(n, b), consistencyPath(m, n, a))).toBe(false);
    }
  });

  it('stays exact for sizes beyond 2^32 (a tree of equal leaves, whose perfect nodes depend only on their level)', () => {
    const levels = [leafHash('same')];
    for (let l = 1; l <= 45; l++) levels.push(nodeHash(levels[l - 1]!, levels[l - 1]!));
    const node = ({ level }: { level: number }) => levels[level]!;
    for (const [m, n] of [
      [2 ** 32, 2 ** 32 + 5],
      [2 ** 32 + 3, 2 ** 33 + 1],
      [5, 2 ** 40],
      [2 ** 40 - 1, 2 ** 40],
      [3 * 2 ** 31 + 7, 2 ** 44 + 2 ** 31],
    ]) {
      const proof = consistencyPath(m!, n!, node);
      expect(proof.length).toBeLessThanOrEqual(2 * 46);
      expect(verifyConsistency(m!, n!, rootHash(m!, node), rootHash(n!, node), proof), `${m} -> ${n}`).toBe(true);
      expect(verifyConsistency(m!, n! * 2, rootHash(m!, node), rootHash(n!, node), proof), `${m} -> ${n} * 2`).toBe(false);
      expect(verifyConsistency(m!, n!, rootHash(m!, node), rootHash(n! - 1, node), proof), `${m} -> ${n}, root of n - 1`).toBe(false);
    }
  });

  it('treats equal sizes, the empty tree and impossible sizes strictly', () => {
    const tree = treeOf(CT_INPUTS);
    const r5 = rootHash(5, tree);
    expect(consistencyPath(5, 5, tree)).toEqual([]);
    expect(verifyConsistency(5, 5, r5, r5, [])).toBe(true);
    expect(verifyConsistency(5, 5, r5, rootHash(6, tree), [])).toBe(false);
    expect(verifyConsistency(5, 5, r5, r5, [r5])).toBe(false);
    expect(verifyConsistency(0, 5, sha(), r5, [])).toBe(false);
    expect(verifyConsistency(1.5, 5, r5, r5, [r5])).toBe(false);
    expect(verifyConsistency(5, Number.MAX_SAFE_INTEGER + 2, r5, r5, [r5])).toBe(false);
    expect(verifyConsistency(5, 5, Buffer.alloc(0), Buffer.alloc(0), [])).toBe(false);
    for (const [m, n] of [
      [0, 5],
      [6, 5],
      [-1, 5],
      [1.5, 5],
    ])
      expect(() => consistencyPath(m!, n!, tree), `${m} -> ${n}`).toThrow(RangeError);
  });
});
