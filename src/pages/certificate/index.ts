export { CertificatePage } from './ui/certificate-page';
