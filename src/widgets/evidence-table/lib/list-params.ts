import { EVIDENCE_PAGE_SIZE, type FileKind } from '@contracts';
import { rangeParams, type BaseFilters } from '@/shared/lib/paged-list';
import type { EvidenceListParams } from '@/entities/evidence';

/** The date range and the keyword (`text`, applied on Enter or the search button), the file type and the label. */
export type EvidenceFilters = BaseFilters & { fileType: FileKind | ''; label: string };

export const EMPTY_FILTERS: EvidenceFilters = { range: null, fileType: '', label: '', text: '' };

/** The list call's parameters (spec section 7: limit 20, label, startTime, endTime, keyword, page, type). */
export function buildListParams(filters: EvidenceFilters, page: number, isApp: 0 | 1): EvidenceListParams {
  const keyword = filters.text.trim();
  return {
    page,
    limit: EVIDENCE_PAGE_SIZE,
    isApp,
    ...(filters.label ? { label: filters.label } : {}),
    ...(keyword ? { keyword } : {}),
    ...(filters.fileType ? { fileType: filters.fileType } : {}),
    ...rangeParams(filters.range),
  };
}
