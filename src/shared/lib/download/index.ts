export { startDownload, startDownloadFx } from './start-download';
