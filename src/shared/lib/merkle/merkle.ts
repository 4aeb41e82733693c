import { checkpointText } from '@contracts';

/**
 * RFC 6962 (Certificate Transparency) Merkle hashing and inclusion proofs, and the Ed25519 check of a
 * signed checkpoint, all with WebCrypto so that a browser verifies a record without trusting the server.
 * leaf = SHA-256(0x00 || entry), node = SHA-256(0x01 || left || right).
 */

const encoder = new TextEncoder();

export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error('invalid hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export const utf8 = (text: string): Uint8Array => encoder.encode(text);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/** RFC 6962 leaf hash: SHA-256(0x00 || entry). */
export const leafHash = (entry: Uint8Array): Promise<Uint8Array> => sha256(concat(Uint8Array.of(0), entry));

/** RFC 6962 interior node hash: SHA-256(0x01 || left || right). */
export const nodeHash = (left: Uint8Array, right: Uint8Array): Promise<Uint8Array> => sha256(concat(Uint8Array.of(1), left, right));

/**
 * The root implied by a leaf hash and its audit path (RFC 6962 section 2.1.1, in the iterative form of
 * RFC 9162 section 2.1.3.2), or null when the path cannot belong to a tree of that size.
 */
export async function rootFromAuditPath(
  leafIndex: number,
  treeSize: number,
  leaf: Uint8Array,
  auditPath: readonly Uint8Array[],
): Promise<Uint8Array | null> {
  if (!Number.isSafeInteger(leafIndex) || !Number.isSafeInteger(treeSize) || leafIndex < 0 || leafIndex >= treeSize) return null;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leaf;
  // Plain arithmetic rather than bit operators: sizes above 2^31 stay exact.
  const odd = (n: number) => n % 2 === 1;
  const half = (n: number) => Math.floor(n / 2);
  for (const p of auditPath) {
    if (sn === 0) return null;
    if (odd(fn) || fn === sn) {
      r = await nodeHash(p, r);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 ? r : null;
}

export type CheckpointFacts = {
  treeSize: number;
  rootHash: string;
  timestamp: string;
  signedText: string;
  /** Base64 Ed25519 signature over signedText (UTF-8). */
  signature: string;
  keyId: string;
};

export type ProofFacts = {
  /** The chain hash the visitor asked about (from the certificate or the link). */
  chainhash: string;
  entry: string;
  leafHash: string;
  leafIndex: number;
  auditPath: readonly string[];
  checkpoint: CheckpointFacts;
  /** Base64 of the 32-byte raw Ed25519 public key. */
  publicKey: string;
};

/** The checks in order; a failure names the first that did not hold. */
export const VERIFICATION_STEPS = ['leafHash', 'inclusion', 'signedText', 'publicKey', 'signature'] as const;
export type VerificationStep = (typeof VERIFICATION_STEPS)[number];

export type VerificationResult = { ok: true; failedStep: null } | { ok: false; failedStep: VerificationStep };

/** The text a checkpoint signs: the contracts' one definition, shared with the service that signs it. */
export { checkpointText };

/** Ed25519 signature check with WebCrypto; false (not an exception) for a malformed key or signature. */
export async function verifyEd25519(publicKey: Uint8Array, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('raw', publicKey as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify']);
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, signature as Uint8Array<ArrayBuffer>, message as Uint8Array<ArrayBuffer>);
  } catch {
    return false;
  }
}

/**
 * Verifies a record end to end: the entry hashes to the chain hash, the audit path leads from it to the
 * checkpoint's root, the checkpoint's signed text states that size and root, the public key is the one
 * the checkpoint names, and the Ed25519 signature over the text holds.
 */
export async function verifyInclusionProof(facts: ProofFacts): Promise<VerificationResult> {
  const fail = (failedStep: VerificationStep): VerificationResult => ({ ok: false, failedStep });
  // Malformed hex or base64 in an answer makes the step that reads it fail.
  const attempt = async <T>(run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch {
      return null;
    }
  };

  const leaf = await leafHash(utf8(facts.entry));
  const leafHex = bytesToHex(leaf);
  if (leafHex !== facts.leafHash.toLowerCase() || leafHex !== facts.chainhash.toLowerCase()) return fail('leafHash');

  const root = await attempt(() => rootFromAuditPath(facts.leafIndex, facts.checkpoint.treeSize, leaf, facts.auditPath.map(hexToBytes)));
  if (!root || bytesToHex(root) !== facts.checkpoint.rootHash.toLowerCase()) return fail('inclusion');

  if (facts.checkpoint.signedText !== checkpointText(facts.checkpoint)) return fail('signedText');

  const key = await attempt(async () => {
    const raw = base64ToBytes(facts.publicKey);
    return raw.length === 32 && bytesToHex(await sha256(raw)) === facts.checkpoint.keyId.toLowerCase() ? raw : null;
  });
  if (!key) return fail('publicKey');

  const signed = await attempt(() => verifyEd25519(key, base64ToBytes(facts.checkpoint.signature), utf8(facts.checkpoint.signedText)));
  return signed ? { ok: true, failedStep: null } : fail('signature');
}
