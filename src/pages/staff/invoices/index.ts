export { StaffInvoiceDetailPage } from './ui/detail-page';
export { StaffInvoicesPage } from './ui/list-page';
