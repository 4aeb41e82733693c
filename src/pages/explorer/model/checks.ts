import type { Checkpoint, ConsistencyProof } from '@contracts';
import type { TimestampTokenError, verifyTimestampToken } from '@proof/timestamp-token';
import {
  base64ToBytes,
  bytesToHex,
  checkpointText,
  hexToBytes,
  sha256,
  utf8,
  verifyConsistency,
  verifyEd25519,
  verifyInclusionProof,
  type ProofFacts,
  type VerificationStep,
} from '@proof/merkle';

/**
 * The explorer's checks beyond the inclusion proof, pure and run in the browser: the trusted time (the
 * record is in the timestamped checkpoint, whose signature holds and whose RFC 3161 token covers it) and the log's
 * history (the timestamped checkpoint is an ancestor of the latest one). Each names the step that failed.
 */

/** The parts of the trusted-time check in order: the timestamped checkpoint (as the inclusion steps), then its token. */
export type TokenStep = 'token' | 'imprint' | 'certificate' | 'signature' | 'chain';
export type TimeStep = `checkpoint.${VerificationStep}` | `token.${TokenStep}` | 'unavailable';
/** The parts of the history check: a checkpoint's signature, the proof's sizes, the proof itself. */
export type ConsistencyStep = 'checkpoint' | 'sizes' | 'proof' | 'unavailable';

export type CheckState<Step extends string> = { status: 'pending' } | { status: 'passed' } | { status: 'failed'; step: Step };

export type TimeCheck = CheckState<TimeStep> & { genTime?: string; authority?: string; policy?: string };

export const TOKEN_STEPS: readonly TokenStep[] = ['token', 'imprint', 'certificate', 'signature', 'chain'];

/** The signature of a checkpoint alone: its signed text, the key it names, the Ed25519 signature. */
export async function verifyCheckpoint(checkpoint: Checkpoint, publicKey: string): Promise<boolean> {
  try {
    if (checkpoint.signedText !== checkpointText(checkpoint)) return false;
    const raw = base64ToBytes(publicKey);
    if (raw.length !== 32 || bytesToHex(await sha256(raw)) !== checkpoint.keyId.toLowerCase()) return false;
    return await verifyEd25519(raw, base64ToBytes(checkpoint.signature), utf8(checkpoint.signedText));
  } catch {
    return false;
  }
}

/** What the trusted-time check needs: the record, its path to the timestamped checkpoint, that checkpoint's key and the authority's roots. */
export type TimeFacts = Omit<ProofFacts, 'auditPath' | 'checkpoint' | 'publicKey'> & {
  timestamped: { auditPath: readonly string[]; checkpoint: Checkpoint };
  /** Base64 raw Ed25519 key the timestamped checkpoint names. */
  publicKey: string;
  /** The authority's certificates (DER, base64) the token must chain to. */
  trustAnchors: readonly string[];
};

/** The token verifier module, passed in so that it is loaded only when a token is checked. */
type TokenVerifier = { verifyTimestampToken: typeof verifyTimestampToken; TimestampTokenError: typeof TimestampTokenError };

/**
 * The record's trusted time: it is included in the timestamped checkpoint (audit path, signed text, key, signature),
 * and the RFC 3161 token covers the SHA-256 of that checkpoint's signed text, signed by a time-stamping certificate
 * that chains to the authority's roots. `tokens` is the verifier module, loaded by the caller on demand.
 */
export async function checkTrustedTime(facts: TimeFacts, tokens: TokenVerifier): Promise<TimeCheck> {
  const { timestamped } = facts;
  const inclusion = await verifyInclusionProof({
    chainhash: facts.chainhash,
    entry: facts.entry,
    leafHash: facts.leafHash,
    leafIndex: facts.leafIndex,
    auditPath: timestamped.auditPath,
    checkpoint: timestamped.checkpoint,
    publicKey: facts.publicKey,
  });
  if (!inclusion.ok) return { status: 'failed', step: `checkpoint.${inclusion.failedStep}` };
  try {
    const token = base64ToBytes(timestamped.checkpoint.timestampToken ?? '');
    const anchors = facts.trustAnchors.map(base64ToBytes);
    const stated = await tokens.verifyTimestampToken(token, await sha256(utf8(timestamped.checkpoint.signedText)), anchors);
    return { status: 'passed', genTime: stated.genTime.toISOString(), authority: stated.authority, policy: stated.policy };
  } catch (error) {
    const step = error instanceof tokens.TimestampTokenError ? error.step : 'token';
    return { status: 'failed', step: `token.${step}` };
  }
}

/** What the history check needs: both checkpoints with the keys they name, and the server's consistency proof. */
export type HistoryFacts = {
  earlier: { checkpoint: Checkpoint; publicKey: string };
  latest: { checkpoint: Checkpoint; publicKey: string };
  proof: ConsistencyProof;
};

/**
 * The earlier checkpoint is an ancestor of the latest (RFC 6962 consistency): both signatures are checked first,
 * and the sizes and roots the proof is verified against are the signed checkpoints', never the answer's own.
 */
export async function checkHistory({ earlier, latest, proof }: HistoryFacts): Promise<CheckState<ConsistencyStep>> {
  const signed = await Promise.all([
    verifyCheckpoint(earlier.checkpoint, earlier.publicKey),
    verifyCheckpoint(latest.checkpoint, latest.publicKey),
  ]);
  if (!signed.every(Boolean)) return { status: 'failed', step: 'checkpoint' };
  const first = earlier.checkpoint.treeSize;
  const second = latest.checkpoint.treeSize;
  if (proof.first !== first || proof.second !== second) return { status: 'failed', step: 'sizes' };
  let valid = false;
  try {
    valid = await verifyConsistency(
      first,
      second,
      hexToBytes(earlier.checkpoint.rootHash),
      hexToBytes(latest.checkpoint.rootHash),
      proof.proof.map(hexToBytes),
    );
  } catch {
    valid = false;
  }
  return valid ? { status: 'passed' } : { status: 'failed', step: 'proof' };
}
