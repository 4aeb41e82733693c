export { SignaturePage } from './ui/signature-page';
