import { concurrency } from '@farfetched/core';
import { createEvent, createStore, merge, sample } from 'effector';
import { createGate } from 'effector-react';
import { interval } from 'patronum';
import { EVIDENCE_PAGE_SIZE, type CaptureType } from '@contracts';
import { createPagedList } from '@/shared/lib/paged-list';
import { createCaptureLabelsQuery, createCaptureListQuery, isOpenState } from '@/entities/capture';
import { buildParams, EMPTY_FILTERS } from '../lib/params';

/** While a shown capture is still queued, running or processing, the list asks again this often. */
export const LIST_POLL_MS = 3000;

export type CaptureListModel = ReturnType<typeof createCaptureListModel>;

/**
 * One collection list (web, process or mobile; the download variants show preserved records only and
 * select them): filters, 20 per page, and progress followed by polling while anything shown is open.
 */
export function createCaptureListModel({
  type,
  download,
  pollMs = LIST_POLL_MS,
}: {
  type: CaptureType;
  download: boolean;
  pollMs?: number;
}) {
  const query = createCaptureListQuery();
  const labelsQuery = createCaptureLabelsQuery();
  concurrency(query, { strategy: 'TAKE_LATEST' });
  concurrency(labelsQuery, { strategy: 'TAKE_LATEST' });
  const Gate = createGate();
  const list = createPagedList({
    gate: Gate,
    query,
    pageSize: EVIDENCE_PAGE_SIZE,
    filters: EMPTY_FILTERS,
    toParams: (filters, page) => buildParams(filters, page, type, download),
  });

  const selectionChanged = createEvent<number[]>();
  const $selected = createStore<number[]>([]);
  $selected.on(selectionChanged, (_, ids) => ids).reset([Gate.close, list.$filters.updates, list.resetClicked, list.pageChanged]);
  sample({ clock: Gate.open, fn: () => type, target: labelsQuery.start });
  const $labels = labelsQuery.$data.map((data) => data?.list ?? []);

  // Progress: while something shown can still change, ask again (the table stays as it is meanwhile).
  // Decided on every answer, not on changes of $hasOpen: the page may be left and opened again while
  // the same open captures are shown, and polling must start again then.
  const answeredOpen = sample({
    clock: query.finished.success,
    filter: ({ result }) => result.list.some((item) => isOpenState(item.state)),
  });
  const answeredSettled = sample({
    clock: query.finished.success,
    filter: ({ result }) => !result.list.some((item) => isOpenState(item.state)),
  });
  const poll = interval({
    timeout: pollMs,
    start: sample({ clock: answeredOpen, filter: Gate.status }),
    stop: merge([Gate.close, answeredSettled]),
  });
  sample({ clock: poll.tick, target: list.reload });

  return {
    ...list,
    Gate,
    type,
    download,
    query,
    /** The keyword applies on Enter or the search button. */
    keywordChanged: list.textChanged,
    keywordSubmitted: list.textSubmitted,
    $keywordDraft: list.$textDraft,
    selectionChanged,
    $selected,
    $labels,
  };
}
