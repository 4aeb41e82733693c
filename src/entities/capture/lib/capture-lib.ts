import type { CaptureItem, CaptureState, CaptureType } from '@contracts';
import { formatChinaTime } from '@/shared/lib/time';
import { paths } from '@/shared/routing';

/** States a capture can still leave: lists and queue pages keep asking while one is shown. */
export const isOpenState = (state: CaptureState): boolean => state !== 'done' && state !== 'failed';

/** An ISO time as the product writes times (`YYYY-MM-DD HH:mm:ss`, China time), like the server's saveTime. */
export const chinaTimeText = (iso: string): string => formatChinaTime(iso);

/**
 * Where a preserved record is viewed (spec section 2, notary detail rule): web evidence at
 * /evidencesWeb/{baoquan_no}?id, process and mobile evidence at /evidencesPro/{baoquan}?id.
 */
export function recordHref(item: Pick<CaptureItem, 'type' | 'baoquan' | 'evidenceId'>): string | null {
  if (!item.baoquan) return null;
  const base = item.type === 3 ? paths.evidencesWeb : paths.evidencesPro;
  return `${base}/${encodeURIComponent(item.baoquan)}${item.evidenceId ? `?id=${item.evidenceId}` : ''}`;
}

/** The queue page that follows a capture being processed; web captures are followed in their list. */
export function queueHref(item: Pick<CaptureItem, 'type' | 'id'>): string | null {
  if (item.type === 2) return `${paths.processQueue}/${item.id}`;
  if (item.type === 4) return `${paths.mobileQueue}/${item.id}`;
  return null;
}

/** The list of a capture type. */
export const listPathOf = (type: CaptureType): string =>
  type === 3 ? paths.evidencesWebList : type === 2 ? paths.evidencesProcessList : paths.evidencesMobileList;
