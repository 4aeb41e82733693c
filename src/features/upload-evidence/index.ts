export { evidenceUploaded } from './model/upload-queue';
export { UploadPanel } from './ui/upload-panel';
