import { NOTARY_TRANSFER_EXTENSIONS, NOTARY_TRANSFER_MAX_BYTES } from '@contracts';

/** Why a chosen screenshot is refused before sending: its type (name and declared type) or its size. */
export type TransferFileProblem = 'type' | 'size' | 'empty';

const TYPES = new Set(['image/png', 'image/jpeg', '']);

/**
 * The client's check of a transfer screenshot (png, jpg, jpeg; at most 10 MB). The server checks again by the
 * file's bytes; this one spares sending a file that would be refused.
 */
export function transferFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): TransferFileProblem | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!(NOTARY_TRANSFER_EXTENSIONS as readonly string[]).includes(extension) || !TYPES.has(file.type)) return 'type';
  if (file.size > NOTARY_TRANSFER_MAX_BYTES) return 'size';
  if (file.size === 0) return 'empty';
  return null;
}
