import type { Store } from 'effector';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { ListBody } from '@/shared/ui/list-state';
import { Pager } from '@/shared/ui/pager';
import type { ListScreen } from '@/shared/lib/paged-list';
import { DeskTable, type DeskColumn } from './desk-table';

export type DeskListTexts = {
  /** The list's name (its section and table caption). */
  caption: string;
  failed: string;
  /** The empty text with no filter, and with filters that match nothing. */
  empty: string;
  emptyFiltered: string;
  pagination: string;
  /** The total line when it counts something other than entries ("n people"). */
  total?: (count: number) => string;
};

const LIST_TEXT_KEYS = ['caption', 'failed', 'empty', 'emptyFiltered', 'pagination'] as const;
type ListTextKey = (typeof LIST_TEXT_KEYS)[number];

/** A list's texts from its locale keys `<prefix>.caption`, `.failed`, `.empty`, `.emptyFiltered`, `.pagination`. */
export function listTexts<Prefix extends string>(t: (key: `${Prefix}.${ListTextKey}`) => string, prefix: Prefix): DeskListTexts {
  const [caption, failed, empty, emptyFiltered, pagination] = LIST_TEXT_KEYS.map((key) => t(`${prefix}.${key}`));
  return {
    caption: caption ?? '',
    failed: failed ?? '',
    empty: empty ?? '',
    emptyFiltered: emptyFiltered ?? '',
    pagination: pagination ?? '',
  };
}

export type DeskListPageProps = {
  list: ListScreen;
  title: string;
  intro?: string;
  /** Beside the title: the page's own button (create). */
  action?: ReactNode;
  texts: DeskListTexts;
  emptyTestId: string;
  /** The filter form (`DeskFilters`). */
  filters: ReactNode;
  /** The rows (`DeskTable`), shown when there are some. */
  children: ReactNode;
  /** What the page opens over the list (dialogs). */
  dialogs?: ReactNode;
};

/** The pager of a console list: the total, then previous / page x of y / next; nothing while the list is empty. */
function DeskPager({ list, label, total }: { list: ListScreen; label: string; total?: (count: number) => string }) {
  const { t } = useTranslation('staff-desks');
  const [page, pages, count, onPage] = useUnit([list.$page, list.$pages, list.$count, list.pageChanged]);
  if (count === 0) return null;
  return (
    <Pager
      page={page}
      pages={pages}
      onPage={onPage}
      total={total ? total(count) : t('common.total', { count })}
      label={label}
      prev={t('common.prev')}
      next={t('common.next')}
      pageText={t('common.page', { page, pages })}
    />
  );
}

/**
 * A console list page: the title, the filters, the rows 10 a page with the loading, empty (with or without
 * filters) and error (retry) states, the pager; the list loads while the page is shown.
 */
export function DeskListPage({ list, title, intro, action, texts, emptyTestId, filters, children, dialogs }: DeskListPageProps) {
  const { t } = useTranslation('staff-desks');
  useGate(list.Gate);
  const [view, pending, filtered, onRetry] = useUnit([list.$view, list.$pending, list.$filtered, list.retryClicked]);
  const body = {
    loading: t('common.loading'),
    failed: texts.failed,
    retry: t('common.retry'),
    empty: filtered ? texts.emptyFiltered : texts.empty,
  };
  return (
    <div className="staff-page">
      <div className="staff-page__head">
        <h1 className="staff-page__title">{title}</h1>
        {action}
      </div>
      {intro ? <p className="staff-page__intro">{intro}</p> : null}
      <section className="staff-panel" aria-busy={pending} aria-label={texts.caption}>
        {filters}
        <ListBody view={view} texts={body} onRetry={onRetry} emptyTestId={emptyTestId}>
          <div className="staff-table-box">{children}</div>
        </ListBody>
        <DeskPager list={list} label={texts.pagination} total={texts.total} />
      </section>
      {dialogs}
    </div>
  );
}

export type DeskRowsPageProps<Row> = Omit<DeskListPageProps, 'list' | 'children'> & {
  /** A list screen whose rows have an id (the row's key). */
  list: ListScreen & { $list: Store<Row[]> };
  columns: DeskColumn<Row>[];
  /** Test ids and data attributes of a row. */
  rowProps: (row: Row) => Record<string, string | number>;
};

/** The usual console list page: `DeskListPage` with the list's rows in a `DeskTable` captioned like the list. */
export function DeskRowsPage<Row extends { id: number | string }>({ list, columns, rowProps, ...page }: DeskRowsPageProps<Row>) {
  const rows = useUnit(list.$list);
  return (
    <DeskListPage list={list} {...page}>
      <DeskTable caption={page.texts.caption} columns={columns} rows={rows} rowKey={(row) => row.id} rowProps={rowProps} />
    </DeskListPage>
  );
}
