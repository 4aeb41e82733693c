import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditPath, buildNodes, EMPTY_ROOT, leafHash, lookupIn, rootHash, verifyInclusion } from './merkle';

/** RFC 6962 section 2.1 written out directly, with no caching and no shortcuts: the reference. */
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
function referenceMth(entries: Buffer[]): Buffer {
  if (entries.length === 0) return sha();
  if (entries.length === 1) return sha(Buffer.from([0]), entries[0]!);
  let k = 1;
  while (k * 2 < entries.length) k *= 2;
  return sha(Buffer.from([1]), referenceMth(entries.slice(0, k)), referenceMth(entries.slice(k)));
}
function referencePath(m: number, entries: Buffer[]): Buffer[] {
  if (entries.length <= 1) return [];
  let k = 1;
  while (k * 2 < entries.length) k *= 2;
  return m < k
    ? [...referencePath(m, entries.slice(0, k)), referenceMth(entries.slice(k))]
    : [...referencePath(m - k, entries.slice(k)), referenceMth(entries.slice(0, k))];
}

/** The Certificate Transparency test vectors (inputs of RFC 6962's reference tests, and their roots). */
const CT_INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map((h) =>
  Buffer.from(h, 'hex'),
);
const CT_ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

const hex = (b: Buffer) => b.toString('hex');
const treeOf = (entries: Buffer[]) => lookupIn(buildNodes(entries.map((e) => leafHash(e))));

describe('RFC 6962 Merkle tree hash', () => {
  it('hashes the empty tree as SHA-256 of nothing', () => {
    expect(hex(EMPTY_ROOT)).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(rootHash(0, treeOf([])))).toBe(CT_ROOTS[0]);
  });

  it('matches the published roots for sizes 1 to 8 (fixed vectors)', () => {
    expect(hex(leafHash(Buffer.alloc(0)))).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d');
    for (let n = 1; n <= 8; n++) expect(hex(rootHash(n, treeOf(CT_INPUTS.slice(0, n)))), `size ${n}`).toBe(CT_ROOTS[n]);
  });

  it('agrees with the recursive reference for every size up to 70 (cached subtrees, any shape)', () => {
    const entries = Array.from({ length: 70 }, (_, i) => Buffer.from(`entry ${i}`));
    const tree = treeOf(entries);
    for (let n = 0; n <= entries.length; n++) expect(hex(rootHash(n, tree)), `size ${n}`).toBe(hex(referenceMth(entries.slice(0, n))));
  });

  it('gives the published audit paths (CT vectors: leaf 0 and leaf 5 of 8)', () => {
    const tree = treeOf(CT_INPUTS);
    expect(auditPath(0, 8, tree).map(hex)).toEqual([
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ]);
    expect(auditPath(5, 8, tree).map(hex)).toEqual([
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ]);
  });
});

describe('inclusion proofs', () => {
  it('verifies every leaf of every tree of sizes 1 to 8, with paths equal to the reference', () => {
    for (let n = 1; n <= 8; n++) {
      const entries = CT_INPUTS.slice(0, n);
      const tree = treeOf(entries);
      const root = rootHash(n, tree);
      for (let m = 0; m < n; m++) {
        const path = auditPath(m, n, tree);
        expect(path.map(hex), `leaf ${m} of ${n}`).toEqual(referencePath(m, entries).map(hex));
        expect(verifyInclusion(leafHash(entries[m]!), m, n, path, root), `leaf ${m} of ${n}`).toBe(true);
      }
    }
  });

  it('verifies against older tree sizes of a bigger log too', () => {
    const entries = Array.from({ length: 21 }, (_, i) => Buffer.from([i]));
    const tree = treeOf(entries);
    for (let n = 1; n <= 21; n++) {
      for (let m = 0; m < n; m++) expect(verifyInclusion(leafHash(entries[m]!), m, n, auditPath(m, n, tree), rootHash(n, tree))).toBe(true);
    }
  });

  it('fails for a tampered path, leaf, index, size or root', () => {
    const tree = treeOf(CT_INPUTS);
    const root = rootHash(8, tree);
    const leaf = leafHash(CT_INPUTS[5]!);
    const path = auditPath(5, 8, tree);
    expect(verifyInclusion(leaf, 5, 8, path, root)).toBe(true);
    const flipped = path.map((p, i) => (i === 1 ? Buffer.from(p.map((b, j) => (j === 0 ? b ^ 1 : b))) : p));
    expect(verifyInclusion(leaf, 5, 8, flipped, root)).toBe(false);
    expect(verifyInclusion(leafHash(CT_INPUTS[4]!), 5, 8, path, root)).toBe(false);
    expect(verifyInclusion(leaf, 4, 8, path, root)).toBe(false);
    expect(verifyInclusion(leaf, 5, 6, path, root)).toBe(false);
    expect(verifyInclusion(leaf, 5, 8, path.slice(0, 2), root)).toBe(false);
    expect(verifyInclusion(leaf, 5, 8, [...path, path[0]!], root)).toBe(false);
    expect(verifyInclusion(leaf, 5, 8, path, rootHash(7, tree))).toBe(false);
    expect(verifyInclusion(leaf, 8, 8, path, root)).toBe(false);
  });
});
