import type { EventCallable, Store } from 'effector';
import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import type { ListView } from '../../lib/paged-list';
import { ListBody } from '../list-state';
import { Pager, type PagerJump, type PagerProps } from '../pager';
import { ListRows, type ListRowsProps } from './list-rows';
import './list-page.css';

/** What a list page reads from its paged list (`createPagedList` or `createListScreen`). */
export type ListPageModel<Row> = {
  $list: Store<Row[]>;
  $view: Store<ListView>;
  $pending: Store<boolean>;
  $filtered: Store<boolean>;
  $page: Store<number>;
  $pages: Store<number>;
  $count: Store<number>;
  pageChanged: EventCallable<number>;
  retryClicked: EventCallable<void>;
};

/** The words of a list, from its locale keys. */
export type ListPageTexts = {
  /** The list's name: its section, table caption and cards. */
  caption: string;
  loading: string;
  failed: string;
  retry: string;
  /** The empty text with no filter, and with filters that match nothing. */
  empty: string;
  emptyFiltered: string;
  /** The pager: its name, the total line, previous / next, "page x of y". */
  pagination: string;
  total: (count: number) => string;
  prev: string;
  next: string;
  page: (page: number, pages: number) => string;
};

export type ListPageProps<Row> = Omit<ListRowsProps<Row>, 'rows' | 'caption'> & {
  model: ListPageModel<Row>;
  texts: ListPageTexts;
  /** Above the filters: the list's intro and its own buttons (add, apply). */
  head?: ReactNode;
  /** The filter form (`ListFilters`), above the rows. */
  filters?: ReactNode;
  /** Between the filters and the rows: actions on the whole list (batch download, new). */
  toolbar?: ReactNode;
  emptyTestId?: string;
  /** Under the empty text (with no filter): a way out of an empty list. */
  emptyAction?: ReactNode;
  /** The pager's extras: page-number buttons, a "go to page" form, the total's test id. */
  pager?: ListPagerExtras;
  className?: string;
};

export type ListPagerExtras = Pick<PagerProps, 'numbers' | 'numberLabel' | 'totalTestId'> & {
  /** The "go to page" form, which names the number of pages. */
  jump?: (pages: number) => PagerJump;
  /** Leave out "page x of y" (page-number buttons already say it). */
  noPageText?: boolean;
};

function ListPager<Row>({ model, texts, extra }: { model: ListPageModel<Row>; texts: ListPageTexts; extra: ListPageProps<Row>['pager'] }) {
  const [page, pages, count, onPage] = useUnit([model.$page, model.$pages, model.$count, model.pageChanged]);
  if (count === 0) return null;
  return (
    <Pager
      page={page}
      pages={pages}
      onPage={onPage}
      total={texts.total(count)}
      label={texts.pagination}
      prev={texts.prev}
      next={texts.next}
      pageText={extra?.noPageText ? undefined : texts.page(page, pages)}
      numbers={extra?.numbers}
      numberLabel={extra?.numberLabel}
      totalTestId={extra?.totalTestId}
      jump={extra?.jump?.(pages)}
    />
  );
}

/**
 * A paged list in its box: the filters, the toolbar, then the rows (table or phone cards) or the loading,
 * empty (with or without filters) or error (retry) state, then the pager. Each list says only what is its
 * own: its columns, filters, row actions and words. The list's gate is opened by its page.
 */
export function ListPage<Row>({
  model,
  texts,
  head,
  filters,
  toolbar,
  emptyTestId,
  emptyAction,
  pager,
  className,
  ...rows
}: ListPageProps<Row>) {
  const [list, view, pending, filtered, onRetry] = useUnit([model.$list, model.$view, model.$pending, model.$filtered, model.retryClicked]);
  const body = {
    loading: texts.loading,
    failed: texts.failed,
    retry: texts.retry,
    empty: filtered ? texts.emptyFiltered : texts.empty,
  };
  return (
    <section className={className ? `list-page ${className}` : 'list-page'} aria-busy={pending} aria-label={texts.caption}>
      {head ? <div className="list-page__head">{head}</div> : null}
      {filters}
      {toolbar ? <div className="list-page__toolbar">{toolbar}</div> : null}
      <ListBody view={view} texts={body} onRetry={onRetry} emptyTestId={emptyTestId} emptyAction={filtered ? null : emptyAction}>
        <ListRows caption={texts.caption} rows={list} {...rows} />
      </ListBody>
      <ListPager model={model} texts={texts} extra={pager} />
    </section>
  );
}

type TextKey = 'caption' | 'loading' | 'failed' | 'retry' | 'empty' | 'emptyFiltered' | 'pagination' | 'total' | 'prev' | 'next' | 'page';

/**
 * A list's words from its locale keys under `prefix`: caption, loading, failed, retry, empty, emptyFiltered,
 * pagination, total ({{count}}), prev, next, page ({{page}}, {{pages}}).
 */
export function listPageTexts<Prefix extends string>(
  t: (key: `${Prefix}.${TextKey}`, options: { count?: number; page?: number; pages?: number }) => string,
  prefix: Prefix,
): ListPageTexts {
  const at = (key: TextKey, options: { count?: number; page?: number; pages?: number } = {}) => t(`${prefix}.${key}`, options);
  return {
    caption: at('caption'),
    loading: at('loading'),
    failed: at('failed'),
    retry: at('retry'),
    empty: at('empty'),
    emptyFiltered: at('emptyFiltered'),
    pagination: at('pagination'),
    total: (count) => at('total', { count }),
    prev: at('prev'),
    next: at('next'),
    page: (page, pages) => at('page', { page, pages }),
  };
}
