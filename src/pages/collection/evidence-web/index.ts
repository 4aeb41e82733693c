export { EvidenceWebPage } from './ui/evidence-web-page';
