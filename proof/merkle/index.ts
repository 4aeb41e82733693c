export {
  base64ToBytes,
  bytesToHex,
  checkpointText,
  hexToBytes,
  leafHash,
  nodeHash,
  rootFromAuditPath,
  sha256,
  utf8,
  VERIFICATION_STEPS,
  verifyEd25519,
  verifyInclusionProof,
} from './merkle';
export type { CheckpointFacts, ProofFacts, VerificationResult, VerificationStep } from './merkle';
export { verifyConsistency, verifyConsistencyProof } from './consistency';
export type { ConsistencyFacts } from './consistency';
