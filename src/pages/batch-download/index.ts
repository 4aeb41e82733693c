export { BatchDownloadPage } from './ui/batch-page';
