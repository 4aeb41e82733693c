import { concurrency, type Query } from '@farfetched/core';
import { createEvent, sample, type EventCallable, type Unit } from 'effector';
import { createGate } from 'effector-react';
import { createFilterDrafts } from './drafts';
import { createPagedList, type BaseFilters, type PageOf } from './model';

export type ListScreenConfig<Filters extends BaseFilters, Drafts extends Record<string, string>, Params, Data, Failure, Initial> = {
  /** The listing call of one page (the factory keeps only its latest answer). */
  query: Query<Params, Data, Failure, Initial>;
  /** The filters when nothing is chosen; what "reset" restores. */
  filters: Filters;
  pageSize: number;
  /** Text filters typed beside the list's own `text` (an order number, a phone): applied together on search. */
  drafts?: Drafts;
  toParams: (filters: Filters, page: number) => Params;
  /** Events after which the shown page loads again (an account changed). */
  reloadOn?: Array<Unit<unknown>>;
};

/**
 * A list screen: its gate, the paged list of `createPagedList` on `query`, the typed
 * text filters (`drafts`), one `searchSubmitted` for the filter form, and `fieldChanged(key)` for a select.
 */
export function createListScreen<
  Filters extends BaseFilters,
  Params,
  Data extends PageOf<unknown>,
  Failure,
  Initial,
  Drafts extends Record<string, string> = Record<never, string>,
>(config: ListScreenConfig<Filters, Drafts, Params, Data, Failure, Initial>) {
  const Gate = createGate();
  concurrency(config.query, { strategy: 'TAKE_LATEST' });
  const list = createPagedList({
    gate: Gate,
    query: config.query,
    pageSize: config.pageSize,
    filters: config.filters,
    reloadOn: config.reloadOn,
    toParams: (filters: Filters, page: number) => config.toParams(filters, page),
  });
  const drafts = createFilterDrafts({
    empty: config.drafts ?? ({} as Drafts),
    apply: list.filtersChanged.prepend((patch: Partial<Drafts>) => patch as Partial<Omit<Filters, 'text'>>),
    clear: [list.resetClicked, Gate.close],
  });
  /** The filter form's search: the typed text filters, or the list's own text. */
  const searchSubmitted = createEvent();
  sample({ clock: searchSubmitted, target: config.drafts ? drafts.draftsSubmitted : list.textSubmitted });
  const fieldChanged = <Key extends Exclude<keyof Filters, 'text' | 'range'>>(key: Key): EventCallable<Filters[Key]> =>
    list.filtersChanged.prepend((value: Filters[Key]) => ({ [key]: value }) as unknown as Partial<Omit<Filters, 'text'>>);
  return { ...list, Gate, drafts, searchSubmitted, fieldChanged };
}

/** What a list screen's frame, filters and pager use of it (whatever its filters and rows). */
export type ListScreen = Pick<
  ReturnType<typeof createListScreen<BaseFilters, unknown, PageOf<unknown>, unknown, unknown>>,
  | 'Gate'
  | '$view'
  | '$pending'
  | '$filtered'
  | 'retryClicked'
  | '$page'
  | '$pages'
  | '$count'
  | 'pageChanged'
  | '$rangeDraft'
  | 'rangeChanged'
  | 'searchSubmitted'
  | 'resetClicked'
>;
