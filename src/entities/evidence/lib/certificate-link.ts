import type { Evidence } from '@contracts';
import { paths } from '@/shared/routing';
import type { FileKindWords } from './file-kind';

/**
 * Link of a data evidence certificate (spec section 2 and the notary detail rule): /attestation/{baoquan}
 * with fileUrl (the stored path), fileType (the spec's word) and isDownload.
 */
export function certificateHref(evidence: Pick<Evidence, 'baoquan' | 'path' | 'fileType' | 'isDownload'>, words: FileKindWords): string {
  const query = new URLSearchParams({
    fileUrl: evidence.path,
    fileType: words[evidence.fileType],
    isDownload: String(evidence.isDownload),
  });
  return `${paths.attestation}/${encodeURIComponent(evidence.baoquan)}?${query.toString()}`;
}

export const explorerHref = (chainhash: string): string => `${paths.explorer}/${chainhash}`;
