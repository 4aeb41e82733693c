export {
  addInvoiceFx,
  addInvoiceMutation,
  checkFailFx,
  checkFailQuery,
  delInvoiceFx,
  delInvoiceMutation,
  editInvoiceFx,
  editInvoiceMutation,
  invoiceAskFx,
  invoiceAskMutation,
  invoiceDetailFx,
  invoiceDetailQuery,
  invoiceListFx,
  invoiceListQuery,
  invoiceOrdersFx,
  invoiceOrdersQuery,
  riseListFx,
  riseListQuery,
} from './api/invoices';
export type { InvoiceAskParams } from './api/invoices';
export { invoiceDetailsPath, makeOutInvoicePath, parseOrderIds } from './lib/invoice-lib';
export { InvoiceStatus } from './ui/invoice-status';
