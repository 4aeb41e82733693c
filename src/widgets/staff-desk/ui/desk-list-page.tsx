import type { Store } from 'effector';
import { useGate } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { ListPage, type ListPageTexts } from '@/shared/ui/list-page';
import type { ListScreen } from '@/shared/lib/paged-list';
import { wideOnPhone, type DeskColumn } from './desk-table';

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

export type DeskRowsPageProps<Row> = {
  /** A list screen whose rows have an id (the row's key). */
  list: ListScreen & { $list: Store<Row[]> };
  title: string;
  intro?: string;
  /** Beside the title: the page's own button (create). */
  action?: ReactNode;
  texts: DeskListTexts;
  emptyTestId: string;
  /** The filter form (`DeskFilters`). */
  filters: ReactNode;
  columns: Array<DeskColumn<Row>>;
  /** Test ids and data attributes of a row. */
  rowProps: (row: Row) => Record<string, string | number>;
  /** What the page opens over the list (dialogs). */
  dialogs?: ReactNode;
};

/**
 * A console list page: the title, then the shared list page (filters, the rows 10 a page with the loading,
 * empty and error states, the pager) in the console's panel; the list loads while the page is shown.
 */
export function DeskRowsPage<Row extends { id: number | string }>({
  list,
  title,
  intro,
  action,
  texts,
  emptyTestId,
  filters,
  columns,
  rowProps,
  dialogs,
}: DeskRowsPageProps<Row>) {
  const { t } = useTranslation('staff-desks');
  useGate(list.Gate);
  const words: ListPageTexts = {
    ...texts,
    loading: t('common.loading'),
    retry: t('common.retry'),
    total: texts.total ?? ((count) => t('common.total', { count })),
    prev: t('common.prev'),
    next: t('common.next'),
    page: (page, pages) => t('common.page', { page, pages }),
  };
  return (
    <div className="staff-page">
      <div className="staff-page__head">
        <h1 className="staff-page__title">{title}</h1>
        {action}
      </div>
      {intro ? <p className="staff-page__intro">{intro}</p> : null}
      <ListPage
        className="staff-panel"
        model={list}
        texts={words}
        filters={filters}
        columns={wideOnPhone(columns)}
        rowKey={(row) => row.id}
        rowProps={rowProps}
        emptyTestId={emptyTestId}
      />
      {dialogs}
    </div>
  );
}
