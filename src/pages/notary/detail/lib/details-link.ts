import type { NotaryDataRow } from '@contracts';
import { paths } from '@/shared/routing';
import { certificateHref, type FileKindWords } from '@/entities/evidence';

/**
 * Where a record's 'view details' leads, in a new tab (spec section 2): data evidence to its certificate
 * `/attestation/{baoquan}?fileUrl&fileType&isDownload`, web evidence to `/evidencesWeb/{baoquan_no}?id`,
 * process and mobile evidence to `/evidencesPro/{baoquan}?id`.
 */
export function detailsHref(row: NotaryDataRow, words: FileKindWords): string {
  if (row.type === 3) return `${paths.evidencesWeb}/${encodeURIComponent(row.baoquan_no)}?id=${row.id}`;
  if (row.type === 2 || row.type === 4) return `${paths.evidencesPro}/${encodeURIComponent(row.baoquan)}?id=${row.id}`;
  return certificateHref({ baoquan: row.baoquan, path: row.fileUrl, fileType: row.fileType, isDownload: row.fileStatus }, words);
}
