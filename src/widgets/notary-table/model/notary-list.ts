import { concurrency, createMutation, createQuery } from '@farfetched/core';
import { attach, createEvent, sample } from 'effector';
import { createGate } from 'effector-react';
import { NOTARY_PAGE_SIZE, type NotaryListQuery, type NotaryRow } from '@contracts';
import { createPagedList, rangeParams } from '@/shared/lib/paged-list';
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

export const continueClicked = createEvent<NotaryRow>();
export const endClicked = createEvent<NotaryRow>();

/** `text` is the order number (applied on Enter or the search button); 0 is "all" for both statuses. */
const notary = createPagedList({
  gate: NotaryListGate,
  query: listQuery,
  pageSize: NOTARY_PAGE_SIZE,
  filters: { range: null, text: '', payType: 0, notarialType: 0 },
  reloadOn: [stopMutation.finished.success],
  toParams: ({ range, payType, notarialType, text }, page): NotaryListQuery => ({
    page,
    payType,
    notarialType,
    ...(text ? { orderNo: text } : {}),
    ...rangeParams(range),
  }),
});

export const payTypeChanged = notary.filtersChanged.prepend((payType: number) => ({ payType }));
export const notarialTypeChanged = notary.filtersChanged.prepend((notarialType: number) => ({ notarialType }));
/** The list the widget shows (`ListPage`). */
export const notaryList = notary;

export const {
  rangeChanged,
  resetClicked,
  pageChanged,
  retryClicked,
  textChanged: orderNoChanged,
  textSubmitted: orderNoSubmitted,
  $textDraft: $orderNoDraft,
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
} = notary;
export const $payType = notary.$filters.map((filters) => filters.payType);
export const $notarialType = notary.$filters.map((filters) => filters.notarialType);
export const $stopping = stopMutation.$pending;

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
