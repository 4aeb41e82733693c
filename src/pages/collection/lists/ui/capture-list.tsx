import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import type { CaptureItem } from '@contracts';
import { useIsMobile } from '@/shared/lib/media';
import { formatDuration } from '@/shared/lib/time';
import { ListFilters, ListPage, type ListColumn, type ListFilter, type ListPageTexts } from '@/shared/ui/list-page';
import { CaptureStateTag, queueHref, recordHref } from '@/entities/capture';
import { certificateHref, HashText, useFileKindWords } from '@/entities/evidence';
import { BatchDownload } from '@/features/batch-download';
import type { CaptureListModel } from '../model/list-model';
import './capture-list.css';

function Filters({ model }: { model: CaptureListModel }) {
  const { t } = useTranslation('capture');
  const [filters, keyword, labels, range, onRange, onFilters, onKeyword, onSearch, onReset] = useUnit([
    model.$filters,
    model.$keywordDraft,
    model.$labels,
    model.$rangeDraft,
    model.rangeChanged,
    model.filtersChanged,
    model.keywordChanged,
    model.keywordSubmitted,
    model.resetClicked,
  ]);
  const id = `capture-filter-${model.type}`;
  const list: ListFilter[] = [
    {
      kind: 'days',
      label: t('filters.dateRange'),
      startLabel: t('filters.startDate'),
      endLabel: t('filters.endDate'),
      value: range,
      onChange: onRange,
    },
    {
      kind: 'select',
      id: `${id}-label`,
      label: t('filters.labelFilter'),
      value: filters.label,
      all: t('filters.allLabels'),
      choices: labels.map((label) => ({ value: label, label })),
      onChange: (value) => onFilters({ label: value }),
    },
    {
      kind: 'text',
      id: `${id}-keyword`,
      label: t('filters.keyword'),
      value: keyword,
      maxLength: 100,
      placeholder: t(`filters.keywordPlaceholder.${model.type}`),
      onChange: onKeyword,
    },
  ];
  return (
    <ListFilters
      label={t('filters.label')}
      filters={list}
      search={{ text: t('filters.search'), onSearch }}
      reset={{ text: t('filters.reset'), onReset }}
    />
  );
}

function Actions({ item }: { item: CaptureItem }) {
  const { t } = useTranslation('capture');
  const words = useFileKindWords();
  const record = recordHref(item);
  const queue = queueHref(item);
  return (
    <div className="capture-actions">
      {record ? (
        <Link to={record} className="capture-actions__link">
          {t('list.view')}
        </Link>
      ) : null}
      {item.state === 'done' && item.baoquan && item.path && item.fileType && item.isDownload !== null ? (
        <Link
          to={certificateHref({ baoquan: item.baoquan, path: item.path, fileType: item.fileType, isDownload: item.isDownload }, words)}
          className="capture-actions__link"
        >
          {t('list.certificate')}
        </Link>
      ) : null}
      {queue && item.state !== 'done' ? (
        <Link to={queue} className="capture-actions__link">
          {t('list.progress')}
        </Link>
      ) : null}
    </div>
  );
}

/** Title, then what identifies the capture (its address, or the app's type of evidence), then its file hash. */
function TitleCell({ item }: { item: CaptureItem }) {
  const { t } = useTranslation('capture');
  return (
    <div className="capture-title">
      <span className="capture-title__name">{item.title}</span>
      {item.url ? (
        <span className="capture-title__url" title={item.url}>
          {item.url}
        </span>
      ) : null}
      {item.appType ? <span className="capture-title__url">{t('list.appType', { type: item.appType })}</span> : null}
      {item.filehash ? (
        <span className="capture-title__hash">
          {t('list.filehash')} <HashText value={item.filehash} />
        </span>
      ) : null}
    </div>
  );
}

/** A capture not yet preserved: a dash under the table's number header, words on a card, which has no header. */
function NumberCell({ item }: { item: CaptureItem }) {
  const { t } = useTranslation('capture');
  const mobile = useIsMobile();
  return <>{item.baoquan ?? (mobile ? t('list.noNumber') : '—')}</>;
}

const durationText = (item: CaptureItem) => (item.duration === null ? '—' : formatDuration(item.duration));

function useColumns(model: CaptureListModel): Array<ListColumn<CaptureItem> | false> {
  const { t } = useTranslation('capture');
  const [list, selected, onSelect] = useUnit([model.$list, model.$selected, model.selectionChanged]);
  const ids = list.flatMap((item) => (item.evidenceId === null ? [] : [item.evidenceId]));
  const allSelected = ids.length > 0 && ids.every((id) => selected.includes(id));
  const toggle = (id: number, on: boolean) => onSelect(on ? [...selected, id] : selected.filter((x) => x !== id));
  return [
    model.download && {
      label: t('list.selectColumn'),
      className: 'capture-list__check',
      card: 'head',
      header: (
        <input
          type="checkbox"
          aria-label={t('list.selectAll')}
          checked={allSelected}
          onChange={(event) => onSelect(event.target.checked ? ids : [])}
        />
      ),
      cell: ({ evidenceId, title }) =>
        evidenceId === null ? null : (
          <input
            type="checkbox"
            aria-label={t('list.selectRow', { title })}
            checked={selected.includes(evidenceId)}
            onChange={(event) => toggle(evidenceId, event.target.checked)}
          />
        ),
    },
    { label: t('fields.baoquan'), className: 'capture-number', card: 'head', cell: (item) => <NumberCell item={item} /> },
    { label: t(`fields.title.${model.type}`), className: 'capture-list__title', card: 'title', cell: (item) => <TitleCell item={item} /> },
    { label: t('fields.label'), cell: (item) => item.label || t('list.noLabel') },
    model.type !== 3 && { label: t('fields.duration'), className: 'capture-list__nowrap', cell: durationText },
    { label: t('fields.createTime'), className: 'capture-list__nowrap', cell: (item) => item.createTime },
    { label: t('fields.state'), card: 'head', cell: (item) => <CaptureStateTag item={item} /> },
    { label: t('fields.actions'), card: 'foot', cell: (item) => <Actions item={item} /> },
  ];
}

/** The list's words: its own keys under `list.*` (caption and empty text by kind), the pager's under `pagination.*`. */
function useTexts(model: CaptureListModel): ListPageTexts {
  const { t } = useTranslation('capture');
  return {
    caption: t(`list.caption.${model.type}`),
    loading: t('list.loading'),
    failed: t('list.failed'),
    retry: t('list.retry'),
    empty: model.download ? t('list.emptyDownload') : t(`list.empty.${model.type}`),
    emptyFiltered: t('list.emptyFiltered'),
    pagination: t('pagination.label'),
    total: (count) => t('list.total', { count }),
    prev: t('pagination.prev'),
    next: t('pagination.next'),
    page: (page, pages) => t('pagination.page', { page, pages }),
  };
}

function Toolbar({ model }: { model: CaptureListModel }) {
  const { t } = useTranslation('capture');
  const [selected, count] = useUnit([model.$selected, model.$count]);
  return (
    <>
      <span aria-live="polite">{t('list.selected', { count: selected.length })}</span>
      <BatchDownload ids={selected} total={count} />
    </>
  );
}

/** A collection list: filters, desktop table or phone cards, the empty, loading and error states, 20 per page. */
export function CaptureList({ model }: { model: CaptureListModel }) {
  useGate(model.Gate);
  const selected = useUnit(model.$selected);
  const columns = useColumns(model);
  return (
    <ListPage
      className="capture-list"
      model={model}
      texts={useTexts(model)}
      filters={<Filters model={model} />}
      toolbar={model.download ? <Toolbar model={model} /> : null}
      columns={columns}
      rowKey={(item) => item.id}
      rowProps={(item) => ({
        'data-testid': 'capture-row',
        'data-selected': item.evidenceId !== null && selected.includes(item.evidenceId) ? 'true' : undefined,
      })}
      emptyTestId="capture-empty"
      pager={{ numbers: true }}
    />
  );
}
