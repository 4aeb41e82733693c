export { $proofPackagePending, fileNameOf, proofPackageRequested } from './model/proof-package';
export type { ProofPackageTarget } from './model/proof-package';
export { ProofPackageButton } from './ui/proof-package-button';
