import { concurrency } from '@farfetched/core';
import { combine, createEvent, createStore, merge, sample } from 'effector';
import { createGate } from 'effector-react';
import { interval } from 'patronum';
import { EVIDENCE_PAGE_SIZE, type CaptureType } from '@/shared/api';
import { dateRangeToEpoch } from '@/shared/lib/date-range';
import { createCaptureLabelsQuery, createCaptureListQuery, isOpenState } from '@/entities/capture';
import { buildParams, EMPTY_FILTERS, isFiltered, type CaptureFilters, type DateRangeValue } from '../lib/params';

/** While a shown capture is still queued, running or processing, the list asks again this often. */
export const LIST_POLL_MS = 3000;

export type CaptureListModel = ReturnType<typeof createCaptureListModel>;

/**
 * One collection list (web, process or mobile; the download variants show preserved records only and
 * select them): filters, 20 per page, and progress followed by polling while anything shown is open.
 */
export function createCaptureListModel({ type, download, pollMs = LIST_POLL_MS }: { type: CaptureType; download: boolean; pollMs?: number }) {
  const Gate = createGate();
  const query = createCaptureListQuery();
  const labelsQuery = createCaptureLabelsQuery();
  concurrency(query, { strategy: 'TAKE_LATEST' });
  concurrency(labelsQuery, { strategy: 'TAKE_LATEST' });

  /** Date range and label apply at once; the keyword on Enter or the search button. */
  const filtersChanged = createEvent<Partial<Omit<CaptureFilters, 'keyword'>>>();
  const keywordChanged = createEvent<string>();
  const keywordSubmitted = createEvent();
  const resetClicked = createEvent();
  const pageChanged = createEvent<number>();
  const retryClicked = createEvent();
  const selectionChanged = createEvent<number[]>();
  /** The two date inputs; the range applies once both days are chosen (or both cleared). */
  const rangeChanged = createEvent<[Date | null, Date | null]>();

  const $filters = createStore<CaptureFilters>(EMPTY_FILTERS, { serialize: 'ignore' });
  const $keywordDraft = createStore('');
  const $page = createStore(1);
  const $selected = createStore<number[]>([]);
  const $rangeDraft = createStore<[Date | null, Date | null]>([null, null], { serialize: 'ignore' });

  $filters.on(filtersChanged, (filters, patch) => ({ ...filters, ...patch })).reset([resetClicked, Gate.close]);
  sample({ clock: keywordSubmitted, source: { filters: $filters, keyword: $keywordDraft }, fn: ({ filters, keyword }) => ({ ...filters, keyword }), target: $filters });
  $rangeDraft.on(rangeChanged, (_, range) => range).reset([resetClicked, Gate.close]);
  const rangeApplied = sample({
    clock: rangeChanged,
    source: $filters,
    filter: (filters, [from, to]) => JSON.stringify(dateRangeToEpoch(filters.range)) !== JSON.stringify(dateRangeToEpoch([from, to])),
    fn: (_, [from, to]) => ({ range: from && to ? ([from, to] as DateRangeValue) : null }),
  });
  sample({ clock: rangeApplied, target: filtersChanged });
  $keywordDraft.on(keywordChanged, (_, value) => value).reset([resetClicked, Gate.close]);
  $page.on(pageChanged, (_, page) => page).reset([filtersChanged, keywordSubmitted, resetClicked, Gate.close]);
  $selected.on(selectionChanged, (_, ids) => ids).reset([Gate.close, filtersChanged, keywordSubmitted, resetClicked, pageChanged]);

  const $params = combine($filters, $page, (filters, page) => buildParams(filters, page, type, download));

  const load = createEvent();
  sample({ clock: load, source: $params, target: query.start });
  sample({ clock: [Gate.open, retryClicked], target: load });
  sample({ clock: $params.updates, filter: Gate.status, target: load });
  sample({ clock: Gate.open, fn: () => type, target: labelsQuery.start });

  // Spec section 8: a failed list call shows an empty list (the catalogue shows the message).
  const $list = query.$data.map((data) => data?.list ?? []);
  const $count = query.$data.map((data) => data?.count ?? 0);
  const $pages = $count.map((count) => Math.max(1, Math.ceil(count / EVIDENCE_PAGE_SIZE)));
  const $labels = labelsQuery.$data.map((data) => data?.list ?? []);
  const $filtered = $filters.map(isFiltered);

  // Progress: while something shown can still change, ask again (the table stays as it is meanwhile).
  // Decided on every answer, not on changes of $hasOpen: the page may be left and opened again while
  // the same open captures are shown, and polling must start again then.
  const answeredOpen = sample({ clock: query.finished.success, filter: ({ result }) => result.list.some((item) => isOpenState(item.state)) });
  const answeredSettled = sample({ clock: query.finished.success, filter: ({ result }) => !result.list.some((item) => isOpenState(item.state)) });
  const poll = interval({ timeout: pollMs, start: sample({ clock: answeredOpen, filter: Gate.status }), stop: merge([Gate.close, answeredSettled]) });
  sample({ clock: poll.tick, filter: Gate.status, target: load });

  return {
    Gate,
    type,
    download,
    query,
    filtersChanged,
    keywordChanged,
    keywordSubmitted,
    resetClicked,
    pageChanged,
    retryClicked,
    selectionChanged,
    rangeChanged,
    $rangeDraft,
    $filters,
    $keywordDraft,
    $page,
    $pages,
    $selected,
    $list,
    $count,
    $labels,
    $filtered,
    $pending: query.$pending,
    $failed: query.$failed,
    /** Whether a first answer came (to tell "loading" from "empty"). */
    $loaded: query.$finished,
  };
}
