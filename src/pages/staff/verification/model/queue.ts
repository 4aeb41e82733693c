import { concurrency } from '@farfetched/core';
import { createGate } from 'effector-react';
import { STAFF_PAGE_SIZE } from '@/shared/api';
import { createPagedList, type DayRange } from '@/shared/lib/paged-list';
import { kycQueueQuery, type KycQueueParams } from '../api/review';

/** `/staff/verification` (reviewers): submissions 10 a page by kind, state (pending by default) and the account's phone. */
export const VerificationQueueGate = createGate();
concurrency(kycQueueQuery, { strategy: 'TAKE_LATEST' });

type QueueFilters = { range: DayRange | null; text: string; kind: string; state: string };
const pendingOnly: QueueFilters = { range: null, text: '', kind: '', state: 'pending' };

const queue = createPagedList({
  gate: VerificationQueueGate,
  query: kycQueueQuery,
  pageSize: STAFF_PAGE_SIZE,
  filters: pendingOnly,
  toParams: ({ kind, state, text }, page): KycQueueParams => ({ page, kind, state, phone: text }),
});

export const kindChanged = queue.filtersChanged.prepend((kind: string) => ({ kind }));
export const stateChanged = queue.filtersChanged.prepend((state: string) => ({ state }));
export const queueList = queue;
export const $queueFilters = queue.$filters;
