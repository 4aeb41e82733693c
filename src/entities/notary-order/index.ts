export {
  createNotaryDetailQuery,
  notaryDownloadContract,
  notaryDownloadFx,
  notaryEvidenceContract,
  notaryEvidenceFx,
  notaryListContract,
  notaryListFx,
  notaryStateContract,
  notaryStateFx,
  notaryStopContract,
  notaryStopFx,
} from './api/notary-order';
export { openDocumentFx } from './lib/document-download';
export {
  canContinue,
  canEnd,
  canViewDetails,
  DASH,
  detailHref,
  orDash,
  safeBackPath,
  STEP_SEGMENTS,
  stepOfSegment,
  wizardHref,
} from './lib/order-state';
export { NotaryDataTable } from './ui/data-table';
