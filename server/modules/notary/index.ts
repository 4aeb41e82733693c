// What other modules use of this one: they import it from here, never from the module's files.
export { documentTitle } from './documents';
export { deskStateOf } from './office';
export { issuedDocumentKey } from './routes';
export { NOTARIAL_STATE } from './rules';
export { type NotaryOrderRow } from './service';
