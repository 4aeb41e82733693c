// Our own RFC 6962 code: the tree is read node by node from the database-backed log; the functions are few, pure and checked against the Certificate Transparency test vectors in merkle.test.ts.
import { createHash } from 'node:crypto';

/**
 * RFC 6962 (Certificate Transparency) Merkle tree hashing, section 2.1:
 *   MTH({})       = SHA-256()
 *   MTH({d0})     = SHA-256(0x00 || d0)
 *   MTH(D[n])     = SHA-256(0x01 || MTH(D[0:k]) || MTH(D[k:n])), k the largest power of two smaller than n.
 * Pure functions over a node lookup, so the same code serves the database-backed log and the tests.
 */

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

export const EMPTY_ROOT = sha256();
export const leafHash = (entry: Uint8Array | string): Buffer =>
  sha256(Buffer.from([0]), typeof entry === 'string' ? Buffer.from(entry, 'utf8') : entry);
export const nodeHash = (left: Uint8Array, right: Uint8Array): Buffer => sha256(Buffer.from([1]), left, right);

/** Largest power of two strictly smaller than n (n >= 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * A perfect subtree of the log: level L, index i covers leaves [i * 2^L, (i + 1) * 2^L). Level 0 are the
 * leaf hashes. Every subtree RFC 6962 hashes is either perfect and aligned like this or splits into one
 * (its left part) and a smaller range, so these nodes are all a log has to keep to answer in O(log n).
 */
export interface NodeId {
  level: number;
  index: number;
}
export const nodeKey = ({ level, index }: NodeId) => `${level}:${index}`;
export type NodeLookup = (id: NodeId) => Buffer;

// Plain arithmetic rather than bit operators (32-bit in JavaScript): sizes above 2^31 stay exact.
const isPowerOfTwo = (n: number) => Number.isSafeInteger(n) && n > 0 && 2 ** Math.round(Math.log2(n)) === n;
const log2 = (n: number) => Math.round(Math.log2(n));

/** Perfect nodes needed for MTH(D[start:end]); start is aligned to a power of two >= end - start. */
function rangeNodes(start: number, end: number, out: NodeId[]): void {
  const size = end - start;
  if (size <= 0) return;
  if (isPowerOfTwo(size)) {
    out.push({ level: log2(size), index: start / size });
    return;
  }
  const k = splitPoint(size);
  out.push({ level: log2(k), index: start / k });
  rangeNodes(start + k, end, out);
}

function rangeHash(start: number, end: number, node: NodeLookup): Buffer {
  const size = end - start;
  if (size === 0) return EMPTY_ROOT;
  if (isPowerOfTwo(size)) return node({ level: log2(size), index: start / size });
  const k = splitPoint(size);
  return nodeHash(node({ level: log2(k), index: start / k }), rangeHash(start + k, end, node));
}

/** Nodes rootHash(treeSize) reads. */
export function rootNodes(treeSize: number): NodeId[] {
  const out: NodeId[] = [];
  rangeNodes(0, treeSize, out);
  return out;
}

export const rootHash = (treeSize: number, node: NodeLookup): Buffer => rangeHash(0, treeSize, node);

/** RFC 6962 section 2.1.1 PATH(m, D[n]) over the range [start, end): sibling hashes from the leaf up. */
function pathNodes(m: number, start: number, end: number, out: NodeId[][]): void {
  const size = end - start;
  if (size <= 1) return;
  const k = splitPoint(size);
  const sibling: NodeId[] = [];
  if (m < k) {
    pathNodes(m, start, start + k, out);
    rangeNodes(start + k, end, sibling);
  } else {
    pathNodes(m - k, start + k, end, out);
    rangeNodes(start, start + k, sibling);
  }
  out.push(sibling);
}

/** Nodes auditPath(leafIndex, treeSize) reads. */
export function auditPathNodes(leafIndex: number, treeSize: number): NodeId[] {
  const out: NodeId[][] = [];
  pathNodes(leafIndex, 0, treeSize, out);
  return out.flat();
}

export function auditPath(leafIndex: number, treeSize: number, node: NodeLookup): Buffer[] {
  if (leafIndex < 0 || leafIndex >= treeSize) throw new RangeError(`leaf ${leafIndex} is not in a tree of ${treeSize}`);
  const path: Buffer[] = [];
  const walk = (m: number, start: number, end: number) => {
    const size = end - start;
    if (size <= 1) return;
    const k = splitPoint(size);
    if (m < k) {
      walk(m, start, start + k);
      path.push(rangeHash(start + k, end, node));
    } else {
      walk(m - k, start + k, end);
      path.push(rangeHash(start, start + k, node));
    }
  };
  walk(leafIndex, 0, treeSize);
  return path;
}

/**
 * Verifies an inclusion proof (RFC 9162 section 2.1.3.2, the same hashing as RFC 6962): true when `leaf`
 * at `leafIndex` with `path` yields `root` for a tree of `treeSize` leaves.
 */
export function verifyInclusion(
  leaf: Uint8Array,
  leafIndex: number,
  treeSize: number,
  path: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  if (leafIndex < 0 || leafIndex >= treeSize) return false;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r: Buffer = Buffer.from(leaf);
  for (const p of path) {
    if (sn === 0) return false;
    if ((fn & 1) === 1 || fn === sn) {
      r = nodeHash(p, r);
      if ((fn & 1) === 0) {
        while ((fn & 1) === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && Buffer.compare(r, Buffer.from(root)) === 0;
}

/**
 * RFC 6962 section 2.1.2 SUBPROOF(m, D[start:end], b): the ranges [from, to) whose hashes make the consistency
 * proof, in proof order. `whole` is b: true while D[start:end] is still known to the verifier as MTH(D[0:m]) itself.
 */
function subproofRanges(m: number, start: number, end: number, whole: boolean, out: [number, number][]): void {
  const size = end - start;
  if (m === size) {
    if (!whole) out.push([start, end]);
    return;
  }
  const k = splitPoint(size);
  if (m <= k) {
    subproofRanges(m, start, start + k, whole, out);
    out.push([start + k, end]);
  } else {
    subproofRanges(m - k, start + k, end, false, out);
    out.push([start, start + k]);
  }
}

const validSizes = (first: number, second: number) =>
  Number.isSafeInteger(first) && Number.isSafeInteger(second) && first >= 1 && first <= second;

function consistencyRanges(first: number, second: number): [number, number][] {
  if (!validSizes(first, second)) throw new RangeError(`no consistency proof from ${first} to ${second}`);
  const out: [number, number][] = [];
  subproofRanges(first, 0, second, true, out);
  return out;
}

/** Nodes consistencyPath(first, second) reads. */
export function consistencyNodes(first: number, second: number): NodeId[] {
  const out: NodeId[] = [];
  for (const [start, end] of consistencyRanges(first, second)) rangeNodes(start, end, out);
  return out;
}

/**
 * RFC 6962 section 2.1.2 PROOF(first, D[second]): the consistency proof that the tree of `first` leaves is a prefix
 * of the tree of `second` leaves (0 < first <= second; empty when they are equal), read from the stored perfect
 * nodes (O(log n) of them), never by rehashing the leaves.
 */
export function consistencyPath(first: number, second: number, node: NodeLookup): Buffer[] {
  return consistencyRanges(first, second).map(([start, end]) => rangeHash(start, end, node));
}

const sameHash = (a: Uint8Array, b: Uint8Array) => a.length === 32 && b.length === 32 && Buffer.compare(a, b) === 0;

/**
 * Verifies a consistency proof (RFC 9162 section 2.1.4.2, the same hashing as RFC 6962): true when `proof` shows
 * that the tree of `first` leaves with root `firstRoot` is a prefix of the tree of `second` leaves with root
 * `secondRoot`. Equal sizes need an empty proof and equal roots; a first size of 0 is refused (the log never
 * proves against the empty tree).
 */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (!validSizes(first, second) || proof.some((p) => p.length !== 32)) return false;
  if (first === second) return proof.length === 0 && sameHash(firstRoot, secondRoot);
  if (proof.length === 0) return false;
  // Plain arithmetic rather than bit operators: sizes above 2^31 stay exact.
  const odd = (n: number) => n % 2 === 1;
  const half = (n: number) => Math.floor(n / 2);
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : proof;
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr: Uint8Array = path[0]!;
  let sr: Uint8Array = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && sameHash(fr, firstRoot) && sameHash(sr, secondRoot);
}

/**
 * Perfect nodes completed by appending the leaf at `leafIndex` (levels 1 and up): the new node of each level
 * and the left sibling it is made from. Empty when the new leaf is a left child.
 */
export function nodesCompletedBy(leafIndex: number): { node: NodeId; left: NodeId; right: NodeId }[] {
  const done: { node: NodeId; left: NodeId; right: NodeId }[] = [];
  const count = leafIndex + 1;
  for (let level = 1; count % 2 ** level === 0; level++) {
    const index = count / 2 ** level - 1;
    done.push({ node: { level, index }, left: { level: level - 1, index: index * 2 }, right: { level: level - 1, index: index * 2 + 1 } });
  }
  return done;
}

/** Computes the perfect nodes of a whole list of leaves (tests, rebuilds). */
export function buildNodes(leaves: readonly Buffer[]): Map<string, Buffer> {
  const nodes = new Map<string, Buffer>();
  leaves.forEach((leaf, i) => {
    nodes.set(nodeKey({ level: 0, index: i }), leaf);
    for (const { node, left, right } of nodesCompletedBy(i)) {
      nodes.set(nodeKey(node), nodeHash(nodes.get(nodeKey(left))!, nodes.get(nodeKey(right))!));
    }
  });
  return nodes;
}

export const lookupIn =
  (nodes: Map<string, Buffer>): NodeLookup =>
  (id) => {
    const hash = nodes.get(nodeKey(id));
    if (!hash) throw new Error(`missing tree node ${nodeKey(id)}`);
    return hash;
  };
