import { EVIDENCE_PAGE_SIZE, type CaptureType } from '@contracts';
import { rangeParams, type BaseFilters } from '@/shared/lib/paged-list';
import type { CaptureListParams } from '@/entities/capture';

/** The date range, the keyword (`text`, applied on Enter or the search button) and the label. */
export type CaptureFilters = BaseFilters & { label: string };

export const EMPTY_FILTERS: CaptureFilters = { range: null, label: '', text: '' };

/** The listing call's parameters (spec section 7: limit 20, label, startTime, endTime, keyword, page, type, appType=1). */
export function buildParams(filters: CaptureFilters, page: number, type: CaptureType, doneOnly: boolean): CaptureListParams {
  const keyword = filters.text.trim();
  return {
    page,
    limit: EVIDENCE_PAGE_SIZE,
    type,
    ...(type === 4 ? { appType: 1 as const } : {}),
    ...(doneOnly ? { done: 1 as const } : {}),
    ...(filters.label ? { label: filters.label } : {}),
    ...(keyword ? { keyword } : {}),
    ...rangeParams(filters.range),
  };
}
