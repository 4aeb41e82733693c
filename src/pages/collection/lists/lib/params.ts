import { EVIDENCE_PAGE_SIZE, type CaptureType } from '@/shared/api';
import { dateRangeToEpoch } from '@/shared/lib/date-range';
import type { CaptureListParams } from '@/entities/capture';

export type DateRangeValue = [Date | null, Date | null] | null;

export type CaptureFilters = { range: DateRangeValue; label: string; keyword: string };

export const EMPTY_FILTERS: CaptureFilters = { range: null, label: '', keyword: '' };

/** The listing call's parameters (spec section 7: limit 20, label, startTime, endTime, keyword, page, type, appType=1). */
export function buildParams(filters: CaptureFilters, page: number, type: CaptureType, doneOnly: boolean): CaptureListParams {
  const range = dateRangeToEpoch(filters.range);
  const keyword = filters.keyword.trim();
  return {
    page,
    limit: EVIDENCE_PAGE_SIZE,
    type,
    ...(type === 4 ? { appType: 1 as const } : {}),
    ...(doneOnly ? { done: 1 as const } : {}),
    ...(filters.label ? { label: filters.label } : {}),
    ...(keyword ? { keyword } : {}),
    ...(range ?? {}),
  };
}

export const isFiltered = (filters: CaptureFilters): boolean => Boolean(filters.range || filters.label || filters.keyword.trim());
