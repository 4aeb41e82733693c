export { InvoiceDetailsPage } from './ui/invoice-details-page';
