import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import type { Evidence } from '@contracts';
import { ListFilters, ListPage, type ListColumn, type ListFilter, type ListPageTexts } from '@/shared/ui/list-page';
import { certificateHref, EvidenceStatusTag, FILE_KINDS, FileKindText, HashText, useFileKindWords } from '@/entities/evidence';
import { DeleteEvidenceButton } from '@/features/delete-evidence';
import { DownloadEvidenceButton } from '@/features/download-evidence';
import type { EvidenceFilters } from '../lib/list-params';
import type { EvidenceListModel } from '../model/evidence-list';
import './evidence-list.css';

type Mode = 'manage' | 'select';

function Filters({ model }: { model: EvidenceListModel }) {
  const { t } = useTranslation('evidence');
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
      id: 'evidence-filter-type',
      label: t('filters.fileType'),
      value: filters.fileType,
      all: t('filters.allTypes'),
      choices: FILE_KINDS.map((kind) => ({ value: kind, label: t(`fileType.${kind}`) })),
      onChange: (value) => onFilters({ fileType: value as EvidenceFilters['fileType'] }),
    },
    {
      kind: 'select',
      id: 'evidence-filter-label',
      label: t('filters.labelFilter'),
      value: filters.label,
      all: t('filters.allLabels'),
      choices: labels.map((label) => ({ value: label, label })),
      onChange: (value) => onFilters({ label: value }),
    },
    {
      kind: 'text',
      id: 'evidence-filter-keyword',
      label: t('filters.keyword'),
      value: keyword,
      maxLength: 100,
      placeholder: t('filters.keywordPlaceholder'),
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

function Actions({ evidence, mode }: { evidence: Evidence; mode: Mode }) {
  const { t } = useTranslation('evidence');
  const words = useFileKindWords();
  return (
    <div className="evidence-actions">
      <Link to={certificateHref(evidence, words)} className="evidence-actions__link">
        {t('list.viewCertificate')}
      </Link>
      {mode === 'manage' ? (
        <>
          <DownloadEvidenceButton request={{ id: evidence.id, isDownload: evidence.isDownload }} />
          <DeleteEvidenceButton target={{ id: evidence.id, baoquan: evidence.baoquan }} />
        </>
      ) : null}
    </div>
  );
}

function TitleCell({ evidence }: { evidence: Evidence }) {
  const { t } = useTranslation('evidence');
  return (
    <div className="evidence-title">
      <span className="evidence-title__name">{evidence.title}</span>
      <span className="evidence-title__hash">
        <span className="evidence-title__hash-label">{t('fields.filehash')}</span>{' '}
        <HashText value={evidence.filehash} testId="evidence-filehash" />
      </span>
    </div>
  );
}

function useColumns(model: EvidenceListModel, mode: Mode): Array<ListColumn<Evidence> | false> {
  const { t } = useTranslation('evidence');
  const [list, selected, onSelect] = useUnit([model.$list, model.$selected, model.selectionChanged]);
  const allSelected = list.length > 0 && list.every((e) => selected.includes(e.id));
  const toggle = (id: number, on: boolean) => onSelect(on ? [...selected, id] : selected.filter((x) => x !== id));
  return [
    mode === 'select' && {
      label: t('pages.batch.column'),
      className: 'evidence-list__check',
      card: 'head',
      header: (
        <input
          type="checkbox"
          aria-label={t('pages.batch.selectAll')}
          checked={allSelected}
          onChange={(event) => onSelect(event.target.checked ? list.map((e) => e.id) : [])}
        />
      ),
      cell: (evidence) => (
        <input
          type="checkbox"
          aria-label={t('pages.batch.selectRow', { baoquan: evidence.baoquan })}
          checked={selected.includes(evidence.id)}
          onChange={(event) => toggle(evidence.id, event.target.checked)}
        />
      ),
    },
    {
      label: t('fields.baoquan'),
      className: 'evidence-number',
      card: 'head',
      cell: (evidence) => evidence.baoquan,
    },
    {
      label: t('fields.title'),
      className: 'evidence-list__title',
      card: 'title',
      cell: (evidence) => <TitleCell evidence={evidence} />,
    },
    { label: t('fields.fileType'), cell: (evidence) => <FileKindText kind={evidence.fileType} /> },
    { label: t('fields.label'), cell: (evidence) => evidence.label || t('list.noLabel') },
    { label: t('fields.saveTime'), className: 'evidence-list__time', cell: (evidence) => evidence.saveTime },
    { label: t('fields.status'), card: 'head', cell: (evidence) => <EvidenceStatusTag status={evidence.status} /> },
    { label: t('fields.actions'), card: 'foot', cell: (evidence) => <Actions evidence={evidence} mode={mode} /> },
  ];
}

/** The list's words: its own keys under `list.*`, the pager's under `pagination.*`. */
function useTexts(): ListPageTexts {
  const { t } = useTranslation('evidence');
  return {
    caption: t('list.caption'),
    loading: t('list.loading'),
    failed: t('list.failed'),
    retry: t('list.retry'),
    empty: t('list.empty'),
    emptyFiltered: t('list.emptyFiltered'),
    pagination: t('pagination.label'),
    total: (count) => t('list.total', { count }),
    prev: t('pagination.prev'),
    next: t('pagination.next'),
    page: (page, pages) => t('pagination.page', { page, pages }),
  };
}

/**
 * An evidence list: filters, desktop table or phone cards, the empty, loading and error states, 20 per page.
 * `manage` offers download and delete on each record, `select` a checkbox for the batch download.
 */
export function EvidenceList({ model, mode = 'manage', toolbar }: { model: EvidenceListModel; mode?: Mode; toolbar?: ReactNode }) {
  useGate(model.Gate);
  const selected = useUnit(model.$selected);
  const columns = useColumns(model, mode);
  return (
    <ListPage
      className="evidence-list"
      model={model}
      texts={useTexts()}
      filters={<Filters model={model} />}
      toolbar={toolbar}
      columns={columns}
      rowKey={(evidence) => evidence.id}
      rowProps={(evidence) => ({
        'data-testid': 'evidence-card',
        'data-selected': selected.includes(evidence.id) ? 'true' : undefined,
      })}
      emptyTestId="evidence-empty"
      pager={{ numbers: true }}
    />
  );
}
