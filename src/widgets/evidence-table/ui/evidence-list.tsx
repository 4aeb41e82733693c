import { Button, Input } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import type { Evidence } from '@contracts';
import { useIsMobile } from '@/shared/lib/media';
import { DateRangeInput } from '@/shared/ui/date-range-input';
import { ListBody } from '@/shared/ui/list-state';
import { Pager } from '@/shared/ui/pager';
import { certificateHref, EvidenceStatusTag, FILE_KINDS, FileKindText, HashText, useFileKindWords } from '@/entities/evidence';
import { DeleteEvidenceButton } from '@/features/delete-evidence';
import { DownloadEvidenceButton } from '@/features/download-evidence';
import type { EvidenceListModel } from '../model/evidence-list';
import './evidence-list.css';

type Mode = 'manage' | 'select';

function FilterBar({ model }: { model: EvidenceListModel }) {
  const { t } = useTranslation('evidence');
  const [filters, keyword, labels, draftRange, onRange, onFilters, onKeyword, onSubmit, onReset] = useUnit([
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
  return (
    <form
      className="evidence-filters"
      aria-label={t('filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DateRangeInput
        className="evidence-filters__item evidence-filters__item--range"
        legendClassName="evidence-filters__label"
        legend={t('filters.dateRange')}
        startLabel={t('filters.startDate')}
        endLabel={t('filters.endDate')}
        value={draftRange}
        onChange={onRange}
      />
      <div className="evidence-filters__item">
        <label className="evidence-filters__label" htmlFor="evidence-filter-type">
          {t('filters.fileType')}
        </label>
        <select
          id="evidence-filter-type"
          className="ui-control evidence-select"
          value={filters.fileType}
          onChange={(event) => onFilters({ fileType: event.target.value as typeof filters.fileType })}
        >
          <option value="">{t('filters.allTypes')}</option>
          {FILE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`fileType.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="evidence-filters__item">
        <label className="evidence-filters__label" htmlFor="evidence-filter-label">
          {t('filters.labelFilter')}
        </label>
        <select
          id="evidence-filter-label"
          className="ui-control evidence-select"
          value={filters.label}
          onChange={(event) => onFilters({ label: event.target.value })}
        >
          <option value="">{t('filters.allLabels')}</option>
          {labels.map((label) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="evidence-filters__item evidence-filters__item--keyword">
        <label className="evidence-filters__label" htmlFor="evidence-filter-keyword">
          {t('filters.keyword')}
        </label>
        <Input
          id="evidence-filter-keyword"
          value={keyword}
          maxLength={100}
          placeholder={t('filters.keywordPlaceholder')}
          onChange={onKeyword}
        />
      </div>
      <div className="evidence-filters__buttons">
        <Button htmlType="submit" theme="solid" type="primary">
          {t('filters.search')}
        </Button>
        <Button type="tertiary" onClick={onReset}>
          {t('filters.reset')}
        </Button>
      </div>
    </form>
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

function DesktopTable({ model, mode }: { model: EvidenceListModel; mode: Mode }) {
  const { t } = useTranslation('evidence');
  const [list, selected, onSelect, pending] = useUnit([model.$list, model.$selected, model.selectionChanged, model.$pending]);
  const allSelected = list.length > 0 && list.every((e) => selected.includes(e.id));
  const toggle = (id: number, on: boolean) => onSelect(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <div className="evidence-table-wrap" aria-busy={pending}>
      <table className="evidence-table">
        <caption className="visually-hidden">{t('list.caption')}</caption>
        <thead>
          <tr>
            {mode === 'select' ? (
              <th scope="col" className="evidence-table__check">
                <input
                  type="checkbox"
                  aria-label={t('pages.batch.selectAll')}
                  checked={allSelected}
                  onChange={(event) => onSelect(event.target.checked ? list.map((e) => e.id) : [])}
                />
              </th>
            ) : null}
            <th scope="col">{t('fields.baoquan')}</th>
            <th scope="col">{t('fields.title')}</th>
            <th scope="col">{t('fields.fileType')}</th>
            <th scope="col">{t('fields.label')}</th>
            <th scope="col">{t('fields.saveTime')}</th>
            <th scope="col">{t('fields.status')}</th>
            <th scope="col">{t('fields.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((evidence) => (
            <tr key={evidence.id} className={selected.includes(evidence.id) ? 'evidence-table__row--selected' : undefined}>
              {mode === 'select' ? (
                <td className="evidence-table__check">
                  <input
                    type="checkbox"
                    aria-label={t('pages.batch.selectRow', { baoquan: evidence.baoquan })}
                    checked={selected.includes(evidence.id)}
                    onChange={(event) => toggle(evidence.id, event.target.checked)}
                  />
                </td>
              ) : null}
              <td>
                <span className="evidence-number">{evidence.baoquan}</span>
              </td>
              <td className="evidence-table__title">
                <TitleCell evidence={evidence} />
              </td>
              <td>
                <FileKindText kind={evidence.fileType} />
              </td>
              <td>{evidence.label || t('list.noLabel')}</td>
              <td className="evidence-table__time">{evidence.saveTime}</td>
              <td>
                <EvidenceStatusTag status={evidence.status} />
              </td>
              <td>
                <Actions evidence={evidence} mode={mode} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MobileCards({ model, mode }: { model: EvidenceListModel; mode: Mode }) {
  const { t } = useTranslation('evidence');
  const [list, selected, onSelect] = useUnit([model.$list, model.$selected, model.selectionChanged]);
  const toggle = (id: number, on: boolean) => onSelect(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <ul className="evidence-cards" aria-label={t('list.caption')}>
      {list.map((evidence) => (
        <li key={evidence.id} className="evidence-card" data-testid="evidence-card">
          <div className="evidence-card__head">
            {mode === 'select' ? (
              <input
                type="checkbox"
                className="evidence-card__check"
                checked={selected.includes(evidence.id)}
                aria-label={t('pages.batch.selectRow', { baoquan: evidence.baoquan })}
                onChange={(event) => toggle(evidence.id, event.target.checked)}
              />
            ) : null}
            <span className="evidence-number">{evidence.baoquan}</span>
            <EvidenceStatusTag status={evidence.status} />
          </div>
          <TitleCell evidence={evidence} />
          <dl className="evidence-card__facts">
            <div>
              <dt>{t('fields.fileType')}</dt>
              <dd>
                <FileKindText kind={evidence.fileType} />
              </dd>
            </div>
            <div>
              <dt>{t('fields.label')}</dt>
              <dd>{evidence.label || t('list.noLabel')}</dd>
            </div>
            <div>
              <dt>{t('fields.saveTime')}</dt>
              <dd>{evidence.saveTime}</dd>
            </div>
          </dl>
          <Actions evidence={evidence} mode={mode} />
        </li>
      ))}
    </ul>
  );
}

/** An evidence list: filters, desktop table or phone cards, the empty, loading and error states, 20 per page. */
export function EvidenceList({ model, mode = 'manage', toolbar }: { model: EvidenceListModel; mode?: Mode; toolbar?: ReactNode }) {
  useGate(model.Gate);
  const { t } = useTranslation('evidence');
  const mobile = useIsMobile();
  const [count, page, pages, view, filtered, onPage, onRetry] = useUnit([
    model.$count,
    model.$page,
    model.$pages,
    model.$view,
    model.$filtered,
    model.pageChanged,
    model.retryClicked,
  ]);

  const body = (
    <ListBody
      view={view}
      texts={{
        loading: t('list.loading'),
        failed: t('list.failed'),
        retry: t('list.retry'),
        empty: t(filtered ? 'list.emptyFiltered' : 'list.empty'),
      }}
      onRetry={onRetry}
      emptyTestId="evidence-empty"
    >
      {mobile ? <MobileCards model={model} mode={mode} /> : <DesktopTable model={model} mode={mode} />}
    </ListBody>
  );

  return (
    <section className="evidence-list" aria-label={t('list.caption')}>
      <FilterBar model={model} />
      {toolbar ? <div className="evidence-list__toolbar">{toolbar}</div> : null}
      {body}
      {count > 0 ? (
        <Pager
          page={page}
          pages={pages}
          onPage={onPage}
          total={t('list.total', { count })}
          label={t('pagination.label')}
          prev={t('pagination.prev')}
          next={t('pagination.next')}
          pageText={t('pagination.page', { page, pages })}
          numbers
        />
      ) : null}
    </section>
  );
}
