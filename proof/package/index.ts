export { expandFiles, verifyFiles } from './collect';
export type { GivenFile, RecordVerdict } from './collect';
export { copyText } from './copy';
export type { VerifierCopy } from './copy';
export { PACKAGE_STEPS, parseProofPackage, verifyProofPackage } from './verify';
export type { EvidenceSource, PackageStep, StepOutcome, VerifyOptions } from './verify';
export { looksLikeZip, readZip, ZipReadError } from './zip';
export type { ZipEntry } from './zip';
