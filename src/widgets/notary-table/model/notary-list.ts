import { concurrency, createMutation, createQuery } from '@farfetched/core';
import { attach, combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { type NotaryList, type NotaryListQuery, type NotaryRow } from '@/shared/api';
import { dateRangeToEpoch } from '@/shared/lib/date-range';
import { translate } from '@/shared/i18n';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { wizardResumed } from '@/features/apply-notary';
import { notaryListContract, notaryListFx, notaryStopContract, notaryStopFx } from '@/entities/notary-order';

/**
 * /notary 'My notarisation' (spec sections 2, 4, 7): filters date range, payment status (0 all, 1 pending,
 * 2 paid), notarisation status (0 all, 1-4), order number; 10 a page; Continue and End operation of
 * unfinished orders.
 */
export const NotaryListGate = createGate();

export const listQuery = createQuery({ effect: notaryListFx, contract: notaryListContract });
concurrency(listQuery, { strategy: 'TAKE_LATEST' });
const stopMutation = createMutation({ effect: notaryStopFx, contract: notaryStopContract });

/** The two date inputs; the range applies once both days are chosen (or both cleared). */
export const rangeChanged = createEvent<[Date | null, Date | null]>();
export const payTypeChanged = createEvent<number>();
export const notarialTypeChanged = createEvent<number>();
export const orderNoChanged = createEvent<string>();
/** The order number applies on Enter or the search button. */
export const orderNoSubmitted = createEvent();
export const resetClicked = createEvent();
export const pageChanged = createEvent<number>();
export const retryClicked = createEvent();
export const continueClicked = createEvent<NotaryRow>();
export const endClicked = createEvent<NotaryRow>();

export const $rangeDraft = createStore<[Date | null, Date | null]>([null, null], { serialize: 'ignore' })
  .on(rangeChanged, (_, range) => range)
  .reset([resetClicked, NotaryListGate.close]);
const $range = $rangeDraft.map((range) => dateRangeToEpoch(range));
export const $payType = createStore(0).on(payTypeChanged, (_, value) => value).reset([resetClicked, NotaryListGate.close]);
export const $notarialType = createStore(0).on(notarialTypeChanged, (_, value) => value).reset([resetClicked, NotaryListGate.close]);
export const $orderNoDraft = createStore('').on(orderNoChanged, (_, value) => value).reset([resetClicked, NotaryListGate.close]);
const $orderNo = createStore('').reset([resetClicked, NotaryListGate.close]);
sample({ clock: orderNoSubmitted, source: $orderNoDraft, fn: (value) => value.trim(), target: $orderNo });
export const $page = createStore(1)
  .on(pageChanged, (_, page) => page)
  .reset([rangeChanged, payTypeChanged, notarialTypeChanged, orderNoSubmitted, resetClicked, NotaryListGate.close]);

export const $params = combine($range, $payType, $notarialType, $orderNo, $page, (range, payType, notarialType, orderNo, page): NotaryListQuery => ({
  page,
  payType,
  notarialType,
  ...(orderNo ? { orderNo } : {}),
  ...(range ?? {}),
}));

const load = createEvent();
sample({ clock: load, source: $params, target: listQuery.start });
sample({ clock: [NotaryListGate.open, retryClicked, stopMutation.finished.success], filter: NotaryListGate.status, target: load });
sample({ clock: $params.updates, filter: NotaryListGate.status, target: load });

// Spec section 8: a failed list call shows an empty list (the catalogue shows the message).
const $data = createStore<NotaryList | null>(null)
  .on(listQuery.finished.success, (_, { result }) => result)
  .on(listQuery.finished.failure, () => null)
  .reset(NotaryListGate.close);
export const $list = $data.map((data) => data?.list ?? []);
export const $count = $data.map((data) => data?.count ?? 0);
export const $pending = listQuery.$pending;
export const $failed = listQuery.$failed;
export const $loaded = listQuery.$finished;
export const $filtered = combine($range, $payType, $notarialType, $orderNo, (range, pay, notarial, orderNo) => range !== null || pay !== 0 || notarial !== 0 || orderNo !== '');
export const $stopping = stopMutation.$pending;

// An end that empties the last page goes back one page.
sample({
  clock: listQuery.finished.success,
  source: $page,
  filter: (page, { result }) => page > 1 && result.list.length === 0 && result.count > 0,
  fn: (page) => page - 1,
  target: pageChanged,
});

// 'Continue' resumes the wizard at the order's step, with the spec's flag resets.
sample({ clock: continueClicked, fn: ({ id, type, step, addOrder }) => ({ id, type, step, addOrder }), target: wizardResumed });

// 'End operation': 'confirm closing this order; after closing it is voided?' with 'Yes'; then the stop call,
// the server's message, and the list again (spec section 4). A refusal's message comes from the catalogue.
const confirmEndFx = attach({
  effect: showConfirmFx,
  mapParams: (row: NotaryRow) => ({
    title: translate('notary:list.endTitle'),
    content: translate('notary:list.endConfirm', { orderNo: row.orderNo }),
    okText: translate('notary:list.endYes'),
    cancelText: translate('notary:list.endNo'),
    danger: true,
  }),
});
sample({ clock: endClicked, target: confirmEndFx });
sample({ clock: confirmEndFx.done, filter: ({ result }) => result, fn: ({ params }) => params.id, target: stopMutation.start });
sample({ clock: stopMutation.finished.success, fn: ({ result }) => ({ type: 'success' as const, text: result.msg }), target: showToastFx });
