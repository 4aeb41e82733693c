export type { Certificate, Evidence } from '@contracts';
export {
  certificateFx,
  certificatePdfFx,
  certificateQuery,
  mobileDetailFx,
  mobileDetailQuery,
  parseCertificate,
  parseSignedLink,
  shareDownloadFx,
  shareViewFx,
  viewTokenFx,
  viewTokenQuery,
} from './api/certificate';
export type { ShareParams } from './api/certificate';
export { lookupByHashFx, lookupByNumberFx } from './api/lookup';
export { createEvidenceListQuery, labelListQuery, previewInfoFx, previewInfoQuery } from './api/evidence';
export type { EvidenceListParams } from './api/evidence';
export { certificateHref, explorerHref } from './lib/certificate-link';
export { downloadStateMessageKey, downloadStateOf, parseDownloadQuery } from './lib/download-state';
export type { DownloadState } from './lib/download-state';
export { FILE_KINDS, fileKindFromQueryWord, isFileKind, queryWordOfFileKind } from './lib/file-kind';
export type { FileKindWords } from './lib/file-kind';
export { formatBytes } from './lib/format';
export { EvidenceStatusTag, FileKindText, HashText, useFileKindWords } from './ui/evidence-bits';
