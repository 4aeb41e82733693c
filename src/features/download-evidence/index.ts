export { $downloadPending, downloadRequested } from './model/download';
export type { DownloadRequest } from './model/download';
export { DownloadEvidenceButton } from './ui/download-button';
