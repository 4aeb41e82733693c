export { StaffNotaryDetailPage } from './ui/detail-page';
export { StaffNotaryPage } from './ui/queue-page';
