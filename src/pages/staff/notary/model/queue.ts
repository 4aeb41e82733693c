import { STAFF_PAGE_SIZE } from '@contracts';
import { createListScreen } from '@/shared/lib/paged-list';
import { notaryQueueQuery } from '../api/office';

/** `/staff/notary` (notary clerks): orders the office has seen, 10 a page, by state, order number and phone. */
export const queueList = createListScreen({
  pageSize: STAFF_PAGE_SIZE,
  query: notaryQueueQuery,
  filters: { range: null, text: '', state: '', orderNo: '', phone: '' },
  drafts: { orderNo: '', phone: '' },
  toParams: ({ state, orderNo, phone }, page) => ({ page, state, orderNo, phone }),
});
export const NotaryQueueGate = queueList.Gate;
export const stateChanged = queueList.fieldChanged('state');
export const { drafts } = queueList;
