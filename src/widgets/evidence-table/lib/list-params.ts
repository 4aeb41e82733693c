import { EVIDENCE_PAGE_SIZE, type FileKind } from '@/shared/api';
import { dateRangeToEpoch } from '@/shared/lib/date-range';
import type { EvidenceListParams } from '@/entities/evidence';

export type DateRangeValue = [Date | null, Date | null] | null;

export type EvidenceFilters = {
  range: DateRangeValue;
  fileType: FileKind | '';
  label: string;
  keyword: string;
};

export const EMPTY_FILTERS: EvidenceFilters = { range: null, fileType: '', label: '', keyword: '' };

/** The list call's parameters (spec section 7: limit 20, label, startTime, endTime, keyword, page, type). */
export function buildListParams(filters: EvidenceFilters, page: number, isApp: 0 | 1): EvidenceListParams {
  const range = dateRangeToEpoch(filters.range);
  const keyword = filters.keyword.trim();
  return {
    page,
    limit: EVIDENCE_PAGE_SIZE,
    isApp,
    ...(filters.label ? { label: filters.label } : {}),
    ...(keyword ? { keyword } : {}),
    ...(filters.fileType ? { fileType: filters.fileType } : {}),
    ...(range ?? {}),
  };
}

export const isFiltered = (filters: EvidenceFilters): boolean =>
  Boolean(filters.range || filters.fileType || filters.label || filters.keyword.trim());
