export { MakeOutInvoicePage } from './ui/make-out-invoice-page';
