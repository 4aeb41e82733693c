import { NOTARY_CERTIFICATE_MAX_BYTES, notaryDeskShipRequest } from '@contracts';

/** Why a chosen certificate is refused before sending: a key of the server's notarisation messages (the same words). */
export type CertificateProblem = 'certificateRequired' | 'certificateType' | 'certificateTooLarge';

const PDF_TYPES = new Set(['application/pdf', '']);

/**
 * The client's check of a certificate (a PDF by name and declared type, at most 20 MB, not empty). The server
 * checks again by the bytes (a PDF, whole); this one spares sending a file it would refuse.
 */
export function certificateProblem(file: Pick<File, 'name' | 'size' | 'type'> | null): CertificateProblem | null {
  if (!file || file.size === 0) return 'certificateRequired';
  if (!file.name.toLowerCase().endsWith('.pdf') || !PDF_TYPES.has(file.type)) return 'certificateType';
  if (file.size > NOTARY_CERTIFICATE_MAX_BYTES) return 'certificateTooLarge';
  return null;
}

/** The paper delivery form: the contract's rules for the courier and the tracking number (the server applies them again). */
export const shipFormSchema = notaryDeskShipRequest.pick({ courier: true, number: true });

/** "1.2 MB" style size of the attached certificate. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
