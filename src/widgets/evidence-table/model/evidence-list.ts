import { concurrency } from '@farfetched/core';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { EVIDENCE_PAGE_SIZE } from '@/shared/api';
import { createEvidenceListQuery, labelListQuery } from '@/entities/evidence';
import { evidenceDeleted } from '@/features/delete-evidence';
import { evidenceUploaded } from '@/features/upload-evidence';
import { dateRangeToEpoch } from '@/shared/lib/date-range';
import { buildListParams, EMPTY_FILTERS, isFiltered, type DateRangeValue, type EvidenceFilters } from '../lib/list-params';

export type EvidenceListModel = ReturnType<typeof createEvidenceListModel>;

/**
 * One evidence list (the data list, the app list, the batch download table): filters, 20 per page,
 * reloads after an upload or a delete while shown, and an optional selection.
 */
export function createEvidenceListModel({ isApp }: { isApp: 0 | 1 }) {
  const Gate = createGate();
  const query = createEvidenceListQuery();
  concurrency(query, { strategy: 'TAKE_LATEST' });

  /** Date range, file type and label apply at once. */
  const filtersChanged = createEvent<Partial<Omit<EvidenceFilters, 'keyword'>>>();
  const keywordChanged = createEvent<string>();
  /** The keyword applies on Enter or the search button. */
  const keywordSubmitted = createEvent();
  const resetClicked = createEvent();
  const pageChanged = createEvent<number>();
  const retryClicked = createEvent();
  const selectionChanged = createEvent<number[]>();
  /** The two date inputs; the range applies once both days are chosen (or both cleared). */
  const rangeChanged = createEvent<[Date | null, Date | null]>();

  const $filters = createStore<EvidenceFilters>(EMPTY_FILTERS, { serialize: 'ignore' });
  const $keywordDraft = createStore('');
  const $page = createStore(1);
  const $selected = createStore<number[]>([]);
  const $rangeDraft = createStore<[Date | null, Date | null]>([null, null], { serialize: 'ignore' });

  $filters
    .on(filtersChanged, (filters, patch) => ({ ...filters, ...patch }))
    .reset([resetClicked, Gate.close]);
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
  $selected.on(selectionChanged, (_, ids) => ids).reset([Gate.close, query.finished.success]);

  const $params = combine($filters, $page, (filters, page) => buildListParams(filters, page, isApp));

  const load = createEvent();
  sample({ clock: load, source: $params, target: query.start });
  sample({ clock: [Gate.open, retryClicked], target: load });
  sample({ clock: $params.updates, filter: Gate.status, target: load });
  sample({ clock: [evidenceUploaded, evidenceDeleted], filter: Gate.status, target: load });
  sample({ clock: [Gate.open, evidenceUploaded], filter: Gate.status, target: labelListQuery.refresh });

  // A delete that empties the last page goes back one page.
  sample({
    clock: query.finished.success,
    source: $page,
    filter: (page, { result }) => page > 1 && result.list.length === 0 && result.count > 0,
    fn: (page) => page - 1,
    target: pageChanged,
  });

  // Spec section 8: a failed list call shows an empty list (the catalogue shows the message).
  const $list = query.$data.map((data) => data?.list ?? []);
  const $count = query.$data.map((data) => data?.count ?? 0);
  const $pages = $count.map((count) => Math.max(1, Math.ceil(count / EVIDENCE_PAGE_SIZE)));
  const $labels = labelListQuery.$data.map((data) => data?.list ?? []);
  const $filtered = $filters.map(isFiltered);

  return {
    Gate,
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
