import { concurrency } from '@farfetched/core';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { STAFF_PAGE_SIZE, type OrderDetail } from '@/shared/api';
import { createFilterDrafts, createPagedList, rangeParams, type DayRange } from '@/shared/lib/paged-list';
import { orderDetailQuery, orderSearchQuery, type OrderSearchParams } from '../api/search';

/**
 * `/staff/orders` (finance): orders and payments of every account by number, phone, days, type and status,
 * 10 a page; one order's gateway records (notifications and queries) in a dialog.
 */
export const OrderSearchGate = createGate();
concurrency(orderSearchQuery, { strategy: 'TAKE_LATEST' });
concurrency(orderDetailQuery, { strategy: 'TAKE_LATEST' });

type SearchFilters = { range: DayRange | null; text: string; type: number; status: number; orderNo: string; phone: string };
const everything: SearchFilters = { range: null, text: '', type: 0, status: 0, orderNo: '', phone: '' };

export const orderList = createPagedList({
  gate: OrderSearchGate,
  query: orderSearchQuery,
  pageSize: STAFF_PAGE_SIZE,
  filters: everything,
  toParams: ({ type, status, orderNo, phone, range }, page): OrderSearchParams => ({
    page,
    type,
    status,
    orderNo,
    phone,
    ...rangeParams(range),
  }),
});
export const typeChanged = orderList.filtersChanged.prepend((type: number) => ({ type }));
export const statusChanged = orderList.filtersChanged.prepend((status: number) => ({ status }));
export const drafts = createFilterDrafts({
  empty: { orderNo: '', phone: '' },
  apply: orderList.filtersChanged.prepend((patch: Partial<{ orderNo: string; phone: string }>) => patch),
  clear: [orderList.resetClicked, OrderSearchGate.close],
});

export const orderOpened = createEvent<string>();
export const orderClosed = createEvent();
export const detailRetried = createEvent();
export const $openOrderNo = createStore('')
  .on(orderOpened, (_, orderNo) => orderNo)
  .reset([orderClosed, OrderSearchGate.close]);
export const $orderDetail = orderDetailQuery.$data.map((data): OrderDetail | null => data ?? null);
export const $orderDetailFailed = orderDetailQuery.$failed;
sample({ clock: [orderOpened, detailRetried], source: $openOrderNo, filter: Boolean, target: orderDetailQuery.start });
sample({ clock: [orderClosed, OrderSearchGate.close], target: orderDetailQuery.reset });
