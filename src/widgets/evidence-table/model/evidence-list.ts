import { concurrency } from '@farfetched/core';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { EVIDENCE_PAGE_SIZE } from '@contracts';
import { createPagedList } from '@/shared/lib/paged-list';
import { createEvidenceListQuery, labelListQuery } from '@/entities/evidence';
import { evidenceDeleted } from '@/features/delete-evidence';
import { evidenceUploaded } from '@/features/upload-evidence';
import { buildListParams, EMPTY_FILTERS } from '../lib/list-params';

export type EvidenceListModel = ReturnType<typeof createEvidenceListModel>;

/**
 * One evidence list (the data list, the app list, the batch download table): filters, 20 per page,
 * reloads after an upload or a delete while shown, and an optional selection.
 */
export function createEvidenceListModel({ isApp }: { isApp: 0 | 1 }) {
  const query = createEvidenceListQuery();
  concurrency(query, { strategy: 'TAKE_LATEST' });
  const Gate = createGate();
  const list = createPagedList({
    gate: Gate,
    query,
    pageSize: EVIDENCE_PAGE_SIZE,
    filters: EMPTY_FILTERS,
    toParams: (filters, page) => buildListParams(filters, page, isApp),
    reloadOn: [evidenceUploaded, evidenceDeleted],
  });

  const selectionChanged = createEvent<number[]>();
  const $selected = createStore<number[]>([]);
  $selected.on(selectionChanged, (_, ids) => ids).reset([Gate.close, query.finished.success]);
  sample({ clock: [Gate.open, evidenceUploaded], filter: Gate.status, target: labelListQuery.refresh });
  const $labels = labelListQuery.$data.map((data) => data?.list ?? []);

  return {
    ...list,
    Gate,
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
