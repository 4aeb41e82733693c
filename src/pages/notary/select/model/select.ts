import { concurrency, createQuery } from '@farfetched/core';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { NOTARY_PAGE_SIZE, NOTARY_RECORDS_MAX, type EvidenceType, type NotaryEvidenceList } from '@contracts';
import { translate } from '@/shared/i18n';
import { showToastFx } from '@/shared/ui';
import { createOrderRequested } from '@/features/apply-notary';
import { notaryEvidenceContract, notaryEvidenceFx } from '@/entities/notary-order';

/**
 * `/notary/selectList`: the preserved records of one type (1-5) to notarise, 10 a page, chosen across pages;
 * 'apply' makes the order (all records of an order share one type) and opens the wizard.
 */
export const SelectGate = createGate<{ type: EvidenceType }>();

const evidenceQuery = createQuery({ effect: notaryEvidenceFx, contract: notaryEvidenceContract });
concurrency(evidenceQuery, { strategy: 'TAKE_LATEST' });

export const typeChanged = createEvent<EvidenceType>();
export const pageChanged = createEvent<number>();
export const keywordChanged = createEvent<string>();
export const keywordSubmitted = createEvent();
export const rowToggled = createEvent<number>();
export const pageSelectionToggled = createEvent();
export const retryClicked = createEvent();
export const applyClicked = createEvent();

export const $type = createStore<EvidenceType>(1).on(typeChanged, (_, type) => type);
sample({ clock: SelectGate.open, fn: ({ type }) => type, target: $type });
export const $keywordDraft = createStore('')
  .on(keywordChanged, (_, value) => value)
  .reset([typeChanged, SelectGate.close]);
const $keyword = createStore('').reset([typeChanged, SelectGate.close]);
sample({ clock: keywordSubmitted, source: $keywordDraft, fn: (value) => value.trim(), target: $keyword });
export const $page = createStore(1)
  .on(pageChanged, (_, page) => page)
  .reset([typeChanged, keywordSubmitted, SelectGate.close]);

const $params = combine($type, $page, $keyword, (type, page, keyword) => ({ type, page, ...(keyword ? { keyword } : {}) }));
// One call per action, read after the action's own updates: opening also sets the type from the address,
// so loading on every change of $params as well would ask twice (once with the type left from a last visit).
sample({
  clock: [SelectGate.open, retryClicked, typeChanged, pageChanged, keywordSubmitted],
  source: $params,
  filter: SelectGate.status,
  target: evidenceQuery.start,
});

// Spec section 8: a failed list call shows an empty list.
const $data = createStore<NotaryEvidenceList | null>(null)
  .on(evidenceQuery.finished.success, (_, { result }) => result)
  .on(evidenceQuery.finished.failure, () => null)
  .reset([typeChanged, SelectGate.close]);
export const $rows = $data.map((data) => data?.list ?? []);
export const $count = $data.map((data) => data?.count ?? 0);
export const $pages = $count.map((count) => Math.max(1, Math.ceil(count / NOTARY_PAGE_SIZE)));
export const $pending = evidenceQuery.$pending;
export const $failed = evidenceQuery.$failed;
export const $loaded = evidenceQuery.$finished;
export const $searched = $keyword.map(Boolean);

/** The price and whether a default seal exists, from the last answer: shown before the order is made. */
export const $pricePerRecord = createStore<number | null>(null).on(
  evidenceQuery.finished.success,
  (_, { result }) => result.pricePerRecord,
);
export const $hasDefaultSeal = createStore<boolean | null>(null).on(
  evidenceQuery.finished.success,
  (_, { result }) => result.hasDefaultSeal,
);

/** Chosen record ids of the current type, kept across pages; another type starts afresh. */
export const $selected = createStore<number[]>([]).reset([typeChanged, SelectGate.close]);
const overLimit = () => ({ type: 'warning' as const, text: translate('validation:notaryRecordsMax') });
sample({
  clock: rowToggled,
  source: $selected,
  filter: (ids, id) => ids.includes(id) || ids.length < NOTARY_RECORDS_MAX,
  fn: (ids, id) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]),
  target: $selected,
});
sample({
  clock: rowToggled,
  source: $selected,
  filter: (ids, id) => !ids.includes(id) && ids.length >= NOTARY_RECORDS_MAX,
  fn: overLimit,
  target: showToastFx,
});

export const $pageSelected = combine($rows, $selected, (rows, ids) => rows.length > 0 && rows.every((row) => ids.includes(row.id)));
const pageToggle = sample({ clock: pageSelectionToggled, source: { rows: $rows, ids: $selected, all: $pageSelected } });
sample({
  clock: pageToggle,
  filter: ({ rows, ids, all }) => all || new Set([...ids, ...rows.map((r) => r.id)]).size <= NOTARY_RECORDS_MAX,
  fn: ({ rows, ids, all }) => {
    const page = rows.map((row) => row.id);
    return all ? ids.filter((id) => !page.includes(id)) : [...new Set([...ids, ...page])];
  },
  target: $selected,
});
sample({
  clock: pageToggle,
  filter: ({ rows, ids, all }) => !all && new Set([...ids, ...rows.map((r) => r.id)]).size > NOTARY_RECORDS_MAX,
  fn: overLimit,
  target: showToastFx,
});

/** Points the chosen records will cost (records × the price per record); null until the price is known. */
export const $totalPoints = combine($selected, $pricePerRecord, (ids, price) => (price === null ? null : ids.length * price));

sample({ clock: applyClicked, source: { type: $type, ids: $selected }, target: createOrderRequested });
