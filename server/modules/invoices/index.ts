// What other modules use of this one: they import it from here, never from the module's files.
export { InvoiceDesk } from './desk';
export { readElectronicIssue, storeDocuments } from './documents';
export { invoiceMail } from './mail';
export { type ApplicationRow } from './rows';
