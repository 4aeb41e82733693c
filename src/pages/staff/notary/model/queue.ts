import { concurrency } from '@farfetched/core';
import { createGate } from 'effector-react';
import { STAFF_PAGE_SIZE } from '@/shared/api';
import { createFilterDrafts, createPagedList, type DayRange } from '@/shared/lib/paged-list';
import { notaryQueueQuery, type NotaryQueueParams } from '../api/office';

/** `/staff/notary` (notary clerks): orders the office has seen, 10 a page, by state, order number and phone. */
export const NotaryQueueGate = createGate();
concurrency(notaryQueueQuery, { strategy: 'TAKE_LATEST' });

type QueueFilters = { range: DayRange | null; text: string; state: string; orderNo: string; phone: string };
const everything: QueueFilters = { range: null, text: '', state: '', orderNo: '', phone: '' };

export const queueList = createPagedList({
  gate: NotaryQueueGate,
  query: notaryQueueQuery,
  pageSize: STAFF_PAGE_SIZE,
  filters: everything,
  toParams: ({ state, orderNo, phone }, page): NotaryQueueParams => ({ page, state, orderNo, phone }),
});
export const stateChanged = queueList.filtersChanged.prepend((state: string) => ({ state }));
export const drafts = createFilterDrafts({
  empty: { orderNo: '', phone: '' },
  apply: queueList.filtersChanged.prepend((patch: Partial<{ orderNo: string; phone: string }>) => patch),
  clear: [queueList.resetClicked, NotaryQueueGate.close],
});
