export { StaffVerificationDetailPage } from './ui/detail-page';
export { StaffVerificationPage } from './ui/queue-page';
