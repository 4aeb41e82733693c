export { MobileCertificatePage, MobilePreviewPage, MobilePreviewProgressPage } from './ui/mobile-pages';
