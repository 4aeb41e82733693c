import type { Query } from '@farfetched/core';
import { combine, createEvent, createStore, sample, type Store, type Unit } from 'effector';
import type { Gate } from 'effector-react';
import { dateRangeToEpoch } from '../time';

/** One page of a listing call's answer. */
export type PageOf<Item> = { list: Item[]; count: number };

/** The two date inputs of a list filter: a range applies once both days are chosen (or both cleared). */
export type DayRange = [Date | null, Date | null];

/** Every paged list filters by a day range and a submitted text; the caller adds its own fields. */
export type BaseFilters = { range: DayRange | null; text: string };

/** What the list area shows: the loading, error or empty block, or the rows. */
export type ListView = 'loading' | 'error' | 'empty' | 'rows';

export type PagedListConfig<Filters extends BaseFilters, Params, Data extends PageOf<unknown>, Failure, Initial, GateProps, Context> = {
  /** The caller's farfetched query of one page. */
  query: Query<Params, Data, Failure, Initial>;
  pageSize: number;
  /** The filters when nothing is chosen (also what "reset" restores). */
  filters: Filters;
  /** The call's parameters from the applied filters, the page and the context store. */
  toParams: (filters: Filters, page: number, context: Context) => Params;
  /** Something else the parameters depend on (a tab); its change reloads from page 1 with cleared filters. */
  context?: Store<Context>;
  /** The gate of the list's screen: the list loads while it is open and forgets its filters when it closes. */
  gate: Gate<GateProps>;
  /** Events after which the list reloads while shown (an upload, a cancel). */
  reloadOn?: Array<Unit<unknown>>;
  /** Whether filters differ from the empty ones; by default any field differs (text trimmed). */
  isFiltered?: (filters: Filters) => boolean;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const normal = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);

/**
 * A paged list with filters (spec sections 2 and 8): the applied filters and their drafts, the page, the
 * parameters, loading on open / change / retry / the caller's events, one page back when a change empties
 * the last page, and what the list area shows. A failed call shows an empty list (the catalogue shows the message).
 */
export function createPagedList<
  Filters extends BaseFilters,
  Params,
  Data extends PageOf<unknown>,
  Failure,
  Initial,
  GateProps,
  Context = null,
>(config: PagedListConfig<Filters, Params, Data, Failure, Initial, GateProps, Context>) {
  type Item = Data['list'][number];
  const { query, pageSize, filters: empty, toParams } = config;
  const { gate } = config;
  const context = config.context ?? createStore<Context>(null as Context, { serialize: 'ignore' });
  const cleared = context === config.context ? [context.updates] : [];

  /** Filter fields that apply at once (selects). */
  const filtersChanged = createEvent<Partial<Omit<Filters, 'text'>>>();
  /** The text input; the text applies on Enter or the search button. */
  const textChanged = createEvent<string>();
  const textSubmitted = createEvent();
  const rangeChanged = createEvent<DayRange>();
  const resetClicked = createEvent();
  const pageChanged = createEvent<number>();
  const retryClicked = createEvent();
  /** Loads the current page again while the list is shown. */
  const reload = createEvent();

  const $filters = createStore<Filters>(empty, { serialize: 'ignore' });
  const $textDraft = createStore('');
  const $rangeDraft = createStore<DayRange>([null, null], { serialize: 'ignore' });
  const $page = createStore(1);
  const clear = [resetClicked, gate.close, ...cleared];

  $filters.on(filtersChanged, (filters, patch) => ({ ...filters, ...patch })).reset(clear);
  $textDraft.on(textChanged, (_, value) => value).reset(clear);
  $rangeDraft.on(rangeChanged, (_, range) => range).reset(clear);
  sample({
    clock: textSubmitted,
    source: { filters: $filters, text: $textDraft },
    fn: ({ filters, text }) => ({ ...filters, text: text.trim() }),
    target: $filters,
  });
  sample({
    clock: rangeChanged,
    source: $filters,
    filter: (filters, range) => !same(dateRangeToEpoch(filters.range), dateRangeToEpoch(range)),
    fn: (filters, [from, to]) => ({ ...filters, range: from && to ? ([from, to] as DayRange) : null }),
    target: $filters,
  });
  $page.on(pageChanged, (_, page) => page).reset([$filters.updates, ...clear]);

  const $params = combine($filters, $page, context, (filters, page, ctx) => toParams(filters, page, ctx));

  sample({ clock: reload, source: $params, filter: gate.status, target: query.start });
  sample({ clock: [gate.open, retryClicked, ...(config.reloadOn ?? [])], target: reload });
  sample({ clock: $params.updates, target: reload });

  const $data = createStore<Data | null>(null, { serialize: 'ignore' })
    .on(query.finished.success, (_, { result }) => result)
    .on(query.finished.failure, () => null)
    .reset(gate.close);
  const $list = $data.map((data): Item[] => data?.list ?? []);
  const $count = $data.map((data) => data?.count ?? 0);
  const $pages = $count.map((count) => Math.max(1, Math.ceil(count / pageSize)));
  const isFiltered =
    config.isFiltered ??
    ((filters: Filters) => (Object.keys(empty) as Array<keyof Filters>).some((key) => !same(normal(filters[key]), normal(empty[key]))));
  const $filtered = $filters.map(isFiltered);
  const $pending = query.$pending;
  const $failed = query.$failed;
  /** Whether a first answer came (to tell "loading" from "empty"). */
  const $loaded = query.$finished;
  const $view = combine($list, $pending, $failed, $loaded, (list, pending, failed, loaded): ListView => {
    if (failed && !pending) return 'error';
    if (!loaded || (pending && list.length === 0)) return 'loading';
    return list.length === 0 ? 'empty' : 'rows';
  });

  // A change (a delete, a cancel) that empties the last page goes back one page.
  sample({
    clock: query.finished.success,
    source: $page,
    filter: (page, { result }) => page > 1 && result.list.length === 0 && result.count > 0,
    fn: (page) => page - 1,
    target: pageChanged,
  });

  return {
    Gate: gate,
    filtersChanged,
    textChanged,
    textSubmitted,
    rangeChanged,
    resetClicked,
    pageChanged,
    retryClicked,
    reload,
    $filters,
    $textDraft,
    $rangeDraft,
    $page,
    $params,
    $list,
    $count,
    $pages,
    $filtered,
    $pending,
    $failed,
    $loaded,
    $view,
  };
}

export type PagedList<Item> = {
  $list: Store<Item[]>;
  $count: Store<number>;
  $page: Store<number>;
  $pages: Store<number>;
  $view: Store<ListView>;
};

/** The `startTime` / `endTime` parameters of an applied day range (none without one). */
export const rangeParams = (range: DayRange | null) => dateRangeToEpoch(range) ?? {};
