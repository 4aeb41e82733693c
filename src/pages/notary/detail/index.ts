export { NotaryDetailPage } from './ui/notary-detail-page';
