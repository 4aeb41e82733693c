import { concurrency, createQuery } from '@farfetched/core';
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { ORDER_PAGE_SIZE, type Order, type OrderType } from '@contracts';
import { createPagedList, rangeParams } from '@/shared/lib/paged-list';
import { translate } from '@/shared/i18n';
import { navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { orderChanged } from '@/features/pay-order';
import { isInvoiceEligible, makeOutInvoiceHref, notaryOrderListFx, orderListContract, processOrderListFx } from '@/entities/order';

export type OrderListParams = { tab: OrderType; status: number; page: number; startTime?: number; endTime?: number };

/**
 * Tabs 1 and 2 (recharge, consumption) ask `GET /api/processorder/getOrderList` (type, isType); tab 3
 * (notarisation) asks `GET /api/evidences/orderList` (payType): the spec's two list calls, one per family.
 */
export const orderListFx = createEffect<OrderListParams, unknown>(({ tab, status, page, startTime, endTime }) =>
  tab === 3
    ? notaryOrderListFx({ page, payType: status, startTime, endTime })
    : processOrderListFx({ page, type: tab, isType: status, startTime, endTime }),
);
export const orderListQuery = createQuery({ effect: orderListFx, contract: orderListContract });
concurrency(orderListQuery, { strategy: 'TAKE_LATEST' });

export const OrdersGate = createGate<{ tab: OrderType }>();

export const tabChanged = createEvent<OrderType>();
export const rowToggled = createEvent<number>();
export const invoiceClicked = createEvent();

export const $tab = createStore<OrderType>(1).on(tabChanged, (_, tab) => tab);
sample({ clock: OrdersGate.open, fn: ({ tab }) => tab, target: $tab });

/** `status`: the tab's status filter (0 all); a tab change starts again from page 1 with cleared filters. */
const orders = createPagedList({
  query: orderListQuery,
  pageSize: ORDER_PAGE_SIZE,
  filters: { range: null, text: '', status: 0 },
  context: $tab,
  gate: OrdersGate,
  reloadOn: [orderChanged],
  toParams: ({ status, range }, page, tab): OrderListParams => ({ tab, status, page, ...rangeParams(range) }),
});

/** The list the page shows (`ListPage`). */
export const ordersList = orders;

export const statusChanged = orders.filtersChanged.prepend((status: number) => ({ status }));
export const {
  rangeChanged,
  resetClicked,
  pageChanged,
  retryClicked,
  $rangeDraft,
  $page,
  $params,
  $list,
  $count,
  $pages,
  $pending,
  $failed,
  $loaded,
  $filtered,
  $view,
} = orders;
export const $status = orders.$filters.map((filters) => filters.status);

/** Ids of the chosen orders of this page that may be invoiced. */
export const $selected = createStore<number[]>([])
  .on(rowToggled, (ids, id) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]))
  .reset([orderListQuery.finished.success, tabChanged, OrdersGate.close]);
const $chosen = combine($list, $selected, (list, ids) => list.filter((o: Order) => ids.includes(o.id) && isInvoiceEligible(o)));

sample({
  clock: invoiceClicked,
  source: $chosen,
  filter: (chosen) => chosen.length === 0,
  fn: () => ({ type: 'warning' as const, text: translate('orders:invoice.chooseFirst') }),
  target: showToastFx,
});
sample({
  clock: invoiceClicked,
  source: $chosen,
  filter: (chosen) => chosen.length > 0,
  fn: (chosen) => makeOutInvoiceHref(chosen),
  target: navigateFx,
});
