// What other modules use of this one: they import it from here, never from the module's files.
export { CERTIFICATE_PDF_PATH } from './certificate-routes';
export { filePresent } from './file-presence';
export { downloadName } from './naming';
export { type PdfRenderer } from './pdf';
export { type EvidenceRow, findByBaoquan, findOwnedMany } from './repository';
export { appForensicsFields, type CertificateView, EvidenceService, missing, sizeText } from './service';
export { recordingFactsOf } from './recording-facts';
