import { concurrency } from '@farfetched/core';
import { createEvent, createStore, sample } from 'effector';
import { STAFF_PAGE_SIZE, type OrderDetail } from '@contracts';
import { createListScreen, rangeParams, type DayRange } from '@/shared/lib/paged-list';
import { orderDetailQuery, orderSearchQuery, refundRetryMutation } from '../api/search';

/**
 * `/staff/orders` (finance): orders and payments of every account by number, phone, days, type and status,
 * 10 a page; one order's gateway records (notifications and queries) in a dialog.
 */
export const orderList = createListScreen({
  pageSize: STAFF_PAGE_SIZE,
  query: orderSearchQuery,
  filters: { range: null as DayRange | null, text: '', type: 0, status: 0, orderNo: '', phone: '' },
  drafts: { orderNo: '', phone: '' },
  toParams: ({ type, status, orderNo, phone, range }, page) => ({ page, type, status, orderNo, phone, ...rangeParams(range) }),
  // A retried refund changes the row's refund state.
  reloadOn: [refundRetryMutation.finished.success],
});
export const OrderSearchGate = orderList.Gate;
concurrency(orderDetailQuery, { strategy: 'TAKE_LATEST' });
export const typeChanged = orderList.fieldChanged('type');
export const statusChanged = orderList.fieldChanged('status');
export const { drafts } = orderList;

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

/** Finance asks the gateway again for the open order's failed refund; the detail is read again after. */
export const refundRetryClicked = createEvent();
export const $refundRetryPending = refundRetryMutation.$pending;
sample({
  clock: refundRetryClicked,
  source: { orderNo: $openOrderNo, pending: $refundRetryPending },
  filter: ({ orderNo, pending }) => orderNo !== '' && !pending,
  fn: ({ orderNo }) => orderNo,
  target: refundRetryMutation.start,
});
sample({ clock: refundRetryMutation.finished.success, source: $openOrderNo, filter: Boolean, target: orderDetailQuery.start });
