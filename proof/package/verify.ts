import { proofPackageSchema, type ProofCheckpoint, type ProofPackage } from '../../contracts/index';
import {
  base64ToBytes,
  bytesToHex,
  checkpointText,
  hexToBytes,
  leafHash,
  rootFromAuditPath,
  sha256,
  utf8,
  verifyConsistencyProof,
  verifyEd25519,
} from '../merkle/index';
import { TimestampTokenError, verifyTimestampToken } from '../timestamp-token/index';

/**
 * The checks of an offline proof package, shared by verify.html and `npm run verify`: every step runs,
 * and each says passed or failed with a reason (a key of the default language's proof-package.json `reasons`, and values).
 */
export const PACKAGE_STEPS = ['fileHash', 'auditPath', 'signature', 'timestamp', 'consistency'] as const;
export type PackageStep = (typeof PACKAGE_STEPS)[number];

export interface StepOutcome {
  step: PackageStep;
  ok: boolean;
  reason: string;
  values: Record<string, string>;
}

const pass = (step: PackageStep, reason: string, values: Record<string, string> = {}): StepOutcome => ({ step, ok: true, reason, values });
const fail = (step: PackageStep, reason: string, values: Record<string, string> = {}): StepOutcome => ({ step, ok: false, reason, values });

/** The entry's `filehash`, or null when the entry is not the log's canonical JSON. */
function entryFileHash(entry: string): string | null {
  try {
    const parsed = JSON.parse(entry) as { filehash?: unknown };
    return typeof parsed.filehash === 'string' ? parsed.filehash.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The evidence file: its bytes, or (a file too large to hold in memory) a way to hash it piece by piece (lower-case hex). */
export type EvidenceSource = Uint8Array | { sha256: () => Promise<string> };

async function checkFile(proof: ProofPackage, file: EvidenceSource | null): Promise<StepOutcome> {
  if (!file) return fail('fileHash', 'fileMissing', { name: proof.file.path });
  const expected = entryFileHash(proof.entry);
  if (!expected) return fail('fileHash', 'entryUnreadable');
  const actual = file instanceof Uint8Array ? bytesToHex(await sha256(file)) : (await file.sha256()).toLowerCase();
  if (actual !== expected) return fail('fileHash', 'fileHashMismatch', { actual, expected });
  return pass('fileHash', 'fileHashOk', { hash: actual });
}

async function checkAuditPath(proof: ProofPackage): Promise<StepOutcome> {
  const leaf = await leafHash(utf8(proof.entry));
  const leafHex = bytesToHex(leaf);
  if (leafHex !== proof.leafHash.toLowerCase() || leafHex !== proof.record.chainhash.toLowerCase())
    return fail('auditPath', 'leafHashMismatch', { actual: leafHex, expected: proof.record.chainhash });
  let root: Uint8Array | null = null;
  try {
    root = await rootFromAuditPath(proof.leafIndex, proof.checkpoint.treeSize, leaf, proof.auditPath.map(hexToBytes));
  } catch {
    root = null;
  }
  if (!root || bytesToHex(root) !== proof.checkpoint.rootHash.toLowerCase())
    return fail('auditPath', 'rootMismatch', { actual: root ? bytesToHex(root) : '-', expected: proof.checkpoint.rootHash });
  return pass('auditPath', 'auditPathOk', { index: String(proof.leafIndex), size: String(proof.checkpoint.treeSize) });
}

/**
 * What the verifier trusts beyond the package: the fingerprints (SHA-256 hex) of the platform's published checkpoint
 * keys. verify.html carries the keys the platform had published when it made the package; `npm run verify` takes
 * them with --key-id. Without any, a checkpoint signed by the key it names passes, and the fingerprint is shown to
 * compare with the platform's published keys.
 */
export interface VerifyOptions {
  trustedKeyIds?: readonly string[];
}

/** A checkpoint's signed text, key and Ed25519 signature: null when it holds, else the reason. */
async function checkpointProblem(checkpoint: ProofCheckpoint, options: VerifyOptions): Promise<string | null> {
  if (checkpoint.signedText !== checkpointText(checkpoint)) return 'signedTextMismatch';
  const trusted = options.trustedKeyIds?.map((id) => id.toLowerCase()) ?? [];
  if (trusted.length > 0 && !trusted.includes(checkpoint.keyId.toLowerCase())) return 'keyNotTrusted';
  let key: Uint8Array;
  try {
    key = base64ToBytes(checkpoint.publicKey);
  } catch {
    return 'publicKeyMismatch';
  }
  if (key.length !== 32 || bytesToHex(await sha256(key)) !== checkpoint.keyId.toLowerCase()) return 'publicKeyMismatch';
  let signature: Uint8Array;
  try {
    signature = base64ToBytes(checkpoint.signature);
  } catch {
    return 'signatureInvalid';
  }
  return (await verifyEd25519(key, signature, utf8(checkpoint.signedText))) ? null : 'signatureInvalid';
}

async function checkSignature(proof: ProofPackage, options: VerifyOptions): Promise<StepOutcome> {
  const problem = await checkpointProblem(proof.checkpoint, options);
  if (problem) return fail('signature', problem, { size: String(proof.checkpoint.treeSize), keyId: proof.checkpoint.keyId });
  return pass('signature', 'signatureOk', { size: String(proof.checkpoint.treeSize), keyId: proof.checkpoint.keyId });
}

async function checkTimestamp(proof: ProofPackage): Promise<StepOutcome> {
  const token = proof.checkpoint.timestampToken;
  if (!token) return fail('timestamp', 'tokenMissing');
  try {
    const anchors = proof.timestampAuthority.certificates.map(base64ToBytes);
    const digest = await sha256(utf8(proof.checkpoint.signedText));
    const facts = await verifyTimestampToken(base64ToBytes(token), digest, anchors);
    return pass('timestamp', proof.timestampAuthority.sandbox ? 'timestampOkSandbox' : 'timestampOk', {
      time: facts.genTime.toISOString(),
      authority: facts.authority,
    });
  } catch (error) {
    const part = error instanceof TimestampTokenError ? error.step : 'token';
    return fail('timestamp', `tsa_${part}`, { detail: error instanceof Error ? error.message : String(error) });
  }
}

async function checkConsistency(proof: ProofPackage, options: VerifyOptions): Promise<StepOutcome> {
  const { checkpoint, latestCheckpoint: latest, consistency } = proof;
  const problem = await checkpointProblem(latest, options);
  if (problem) return fail('consistency', `latest_${problem}`, { size: String(latest.treeSize), keyId: latest.keyId });
  if (
    consistency.first !== checkpoint.treeSize ||
    consistency.second !== latest.treeSize ||
    consistency.firstRootHash.toLowerCase() !== checkpoint.rootHash.toLowerCase() ||
    consistency.secondRootHash.toLowerCase() !== latest.rootHash.toLowerCase()
  )
    return fail('consistency', 'consistencyOtherTrees');
  if (!(await verifyConsistencyProof(consistency)))
    return fail('consistency', 'consistencyInvalid', { first: String(consistency.first), second: String(consistency.second) });
  return pass('consistency', 'consistencyOk', {
    first: String(consistency.first),
    second: String(consistency.second),
    time: latest.timestamp,
  });
}

/** Runs every step over a parsed proof.json and the evidence file (null when the file was not given). */
export async function verifyProofPackage(
  proof: ProofPackage,
  file: EvidenceSource | null,
  options: VerifyOptions = {},
): Promise<StepOutcome[]> {
  return [
    await checkFile(proof, file),
    await checkAuditPath(proof),
    await checkSignature(proof, options),
    await checkTimestamp(proof),
    await checkConsistency(proof, options),
  ];
}

/** proof.json's text as a package, or null when it is not one (not JSON, or not this format). */
export function parseProofPackage(text: string): ProofPackage | null {
  try {
    const parsed = proofPackageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
