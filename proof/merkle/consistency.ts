import { bytesToHex, hexToBytes, nodeHash } from './merkle';

/**
 * RFC 6962 consistency proofs, verified with WebCrypto as RFC 9162 section 2.1.4.2 describes: that the log's tree of
 * `first` leaves is a prefix of its tree of `second` leaves, i.e. the log was only appended to between the two
 * checkpoints. Pure (no network): the explorer, the offline verify.html and the command-line verifier share it.
 */

const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);
const isPowerOfTwo = (n: number) => {
  let k = 1;
  while (k < n) k *= 2;
  return k === n;
};
const sameHash = (a: Uint8Array, b: Uint8Array) => a.length === 32 && bytesToHex(a) === bytesToHex(b);

/**
 * True when `proof` shows that the tree of `first` leaves with root `firstRoot` is a prefix of the tree of `second`
 * leaves with root `secondRoot`. Equal sizes need an empty proof and equal roots; a first size of 0 is refused.
 * Take each size and root from a checkpoint whose signature was checked: the algorithm binds roots, not sizes alone.
 */
export async function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: readonly Uint8Array[],
): Promise<boolean> {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 1 || first > second) return false;
  if (proof.some((p) => p.length !== 32)) return false;
  if (first === second) return proof.length === 0 && sameHash(firstRoot, secondRoot);
  if (proof.length === 0) return false;
  // Plain arithmetic rather than bit operators: sizes above 2^31 stay exact.
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : proof;
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && sameHash(fr, firstRoot) && sameHash(sr, secondRoot);
}

/** A consistency proof as `GET /api/chain/consistency` answers it (lower-case hex). */
export type ConsistencyFacts = {
  first: number;
  second: number;
  firstRootHash: string;
  secondRootHash: string;
  proof: readonly string[];
};

/** verifyConsistency over the API's hex encoding; false (not an exception) for malformed hex. */
export async function verifyConsistencyProof(facts: ConsistencyFacts): Promise<boolean> {
  try {
    return await verifyConsistency(
      facts.first,
      facts.second,
      hexToBytes(facts.firstRootHash),
      hexToBytes(facts.secondRootHash),
      facts.proof.map(hexToBytes),
    );
  } catch {
    return false;
  }
}
