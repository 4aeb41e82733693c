export { BATCH_DIALOG_SECONDS } from './model/batch';
export { BatchDownload } from './ui/batch-download';
