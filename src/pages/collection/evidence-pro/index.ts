export { EvidenceProPage, ProcessPreviewPage } from './ui/evidence-pro-page';
