export { mountProofVerifier } from './ui/verifier-page';
