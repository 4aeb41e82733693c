export { InvoiceCenterPage } from './ui/invoice-center-page';
