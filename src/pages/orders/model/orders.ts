import { concurrency, createQuery } from '@farfetched/core';
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { ORDER_PAGE_SIZE, type Order, type OrderList, type OrderType } from '@/shared/api';
import { dateRangeToEpoch } from '@/shared/lib/date-range';
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
export const statusChanged = createEvent<number>();
/** The two date inputs; the range applies once both days are chosen (or both cleared). */
export const rangeChanged = createEvent<[Date | null, Date | null]>();
export const resetClicked = createEvent();
export const pageChanged = createEvent<number>();
export const retryClicked = createEvent();
export const rowToggled = createEvent<number>();
export const invoiceClicked = createEvent();

export const $tab = createStore<OrderType>(1).on(tabChanged, (_, tab) => tab);
sample({ clock: OrdersGate.open, fn: ({ tab }) => tab, target: $tab });
export const $status = createStore(0).on(statusChanged, (_, status) => status).reset([resetClicked, OrdersGate.close, tabChanged]);
export const $rangeDraft = createStore<[Date | null, Date | null]>([null, null], { serialize: 'ignore' })
  .on(rangeChanged, (_, range) => range)
  .reset([resetClicked, OrdersGate.close, tabChanged]);
const $range = $rangeDraft.map((range) => dateRangeToEpoch(range));
export const $page = createStore(1)
  .on(pageChanged, (_, page) => page)
  .reset([statusChanged, rangeChanged, resetClicked, tabChanged, OrdersGate.close]);

export const $params = combine($tab, $status, $range, $page, (tab, status, range, page): OrderListParams => ({
  tab,
  status,
  page,
  ...(range ?? {}),
}));

sample({ clock: [OrdersGate.open, retryClicked, orderChanged], source: $params, filter: OrdersGate.status, target: orderListQuery.start });
// A date range applies only when it changed (one chosen day alone is no range yet).
sample({
  clock: $params.updates,
  filter: OrdersGate.status,
  target: orderListQuery.start,
});

// Spec section 8: a failed list call shows an empty list (the catalogue shows the message).
const $data = createStore<OrderList | null>(null)
  .on(orderListQuery.finished.success, (_, { result }) => result)
  .on(orderListQuery.finished.failure, () => null)
  .reset(OrdersGate.close);
export const $list = $data.map((data) => data?.list ?? []);
export const $count = $data.map((data) => data?.count ?? 0);
export const $pages = $count.map((count) => Math.max(1, Math.ceil(count / ORDER_PAGE_SIZE)));
export const $pending = orderListQuery.$pending;
export const $failed = orderListQuery.$failed;
export const $loaded = orderListQuery.$finished;
export const $filtered = combine($status, $range, (status, range) => status !== 0 || range !== null);

// A cancel that empties the last page goes back one page.
sample({
  clock: orderListQuery.finished.success,
  source: $page,
  filter: (page, { result }) => page > 1 && result.list.length === 0 && result.count > 0,
  fn: (page) => page - 1,
  target: pageChanged,
});

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
