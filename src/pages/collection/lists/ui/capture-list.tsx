import { Button, Input } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EVIDENCE_PAGE_SIZE, type CaptureItem } from '@/shared/api';
import { useIsMobile } from '@/shared/lib/media';
import { CaptureStateTag, formatSeconds, queueHref, recordHref } from '@/entities/capture';
import { certificateHref, HashText, useFileKindWords } from '@/entities/evidence';
import { BatchDownload } from '@/features/batch-download';
import type { CaptureListModel } from '../model/list-model';
import './capture-list.css';

const pad = (n: number) => String(n).padStart(2, '0');
/** A local day as the `YYYY-MM-DD` value of a date input. */
const dayText = (date: Date | null) => (date ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : '');
const parseDay = (value: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
};

function FilterBar({ model }: { model: CaptureListModel }) {
  const { t } = useTranslation('capture');
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
  const id = `capture-filter-${model.type}`;
  return (
    <form
      className="capture-filters"
      aria-label={t('filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <fieldset className="capture-filters__item capture-filters__item--range">
        <legend className="capture-filters__label">{t('filters.dateRange')}</legend>
        <div className="capture-range">
          <input
            type="date"
            className="capture-date"
            aria-label={t('filters.startDate')}
            value={dayText(draftRange[0])}
            max={dayText(draftRange[1]) || undefined}
            onChange={(event) => onRange([parseDay(event.target.value), draftRange[1]])}
          />
          <span aria-hidden="true">~</span>
          <input
            type="date"
            className="capture-date"
            aria-label={t('filters.endDate')}
            value={dayText(draftRange[1])}
            min={dayText(draftRange[0]) || undefined}
            onChange={(event) => onRange([draftRange[0], parseDay(event.target.value)])}
          />
        </div>
      </fieldset>
      <div className="capture-filters__item">
        <label className="capture-filters__label" htmlFor={`${id}-label`}>
          {t('filters.labelFilter')}
        </label>
        <select id={`${id}-label`} className="capture-select" value={filters.label} onChange={(event) => onFilters({ label: event.target.value })}>
          <option value="">{t('filters.allLabels')}</option>
          {labels.map((label) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="capture-filters__item capture-filters__item--keyword">
        <label className="capture-filters__label" htmlFor={`${id}-keyword`}>
          {t('filters.keyword')}
        </label>
        <Input id={`${id}-keyword`} value={keyword} maxLength={100} placeholder={t(`filters.keywordPlaceholder.${model.type}`)} onChange={onKeyword} />
      </div>
      <div className="capture-filters__buttons">
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
      {item.forensics ? <span className="capture-title__url">{t('list.appType', { type: item.forensics.appType })}</span> : null}
      {item.filehash ? (
        <span className="capture-title__hash">
          {t('list.filehash')} <HashText value={item.filehash} />
        </span>
      ) : null}
    </div>
  );
}

const durationText = (item: CaptureItem) => (item.duration === null ? '—' : formatSeconds(item.duration));

function DesktopTable({ model }: { model: CaptureListModel }) {
  const { t } = useTranslation('capture');
  const [list, selected, onSelect, pending] = useUnit([model.$list, model.$selected, model.selectionChanged, model.$pending]);
  const select = model.download;
  const ids = list.flatMap((item) => (item.evidenceId === null ? [] : [item.evidenceId]));
  const allSelected = ids.length > 0 && ids.every((id) => selected.includes(id));
  const toggle = (id: number, on: boolean) => onSelect(on ? [...selected, id] : selected.filter((x) => x !== id));
  const timed = model.type !== 3;
  return (
    <div className="capture-table-wrap" aria-busy={pending}>
      <table className="capture-table">
        <caption className="visually-hidden">{t(`list.caption.${model.type}`)}</caption>
        <thead>
          <tr>
            {select ? (
              <th scope="col" className="capture-table__check">
                <input type="checkbox" aria-label={t('list.selectAll')} checked={allSelected} onChange={(event) => onSelect(event.target.checked ? ids : [])} />
              </th>
            ) : null}
            <th scope="col">{t('fields.baoquan')}</th>
            <th scope="col">{t(`fields.title.${model.type}`)}</th>
            <th scope="col">{t('fields.label')}</th>
            {timed ? <th scope="col">{t('fields.duration')}</th> : null}
            <th scope="col">{t('fields.createTime')}</th>
            <th scope="col">{t('fields.state')}</th>
            <th scope="col">{t('fields.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((item) => (
            <tr key={item.id} data-testid="capture-row" className={item.evidenceId !== null && selected.includes(item.evidenceId) ? 'capture-table__row--selected' : undefined}>
              {select ? (
                <td className="capture-table__check">
                  {item.evidenceId !== null ? (
                    <input
                      type="checkbox"
                      aria-label={t('list.selectRow', { title: item.title })}
                      checked={selected.includes(item.evidenceId)}
                      onChange={(event) => toggle(item.evidenceId as number, event.target.checked)}
                    />
                  ) : null}
                </td>
              ) : null}
              <td>
                <span className="capture-number">{item.baoquan ?? '—'}</span>
              </td>
              <td className="capture-table__title">
                <TitleCell item={item} />
              </td>
              <td>{item.label || t('list.noLabel')}</td>
              {timed ? <td className="capture-table__nowrap">{durationText(item)}</td> : null}
              <td className="capture-table__nowrap">{item.createTime}</td>
              <td>
                <CaptureStateTag item={item} />
              </td>
              <td>
                <Actions item={item} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MobileCards({ model }: { model: CaptureListModel }) {
  const { t } = useTranslation('capture');
  const [list, selected, onSelect] = useUnit([model.$list, model.$selected, model.selectionChanged]);
  const toggle = (id: number, on: boolean) => onSelect(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <ul className="capture-cards" aria-label={t(`list.caption.${model.type}`)}>
      {list.map((item) => (
        <li key={item.id} className="capture-card" data-testid="capture-row">
          <div className="capture-card__head">
            {model.download && item.evidenceId !== null ? (
              <input
                type="checkbox"
                className="capture-card__check"
                aria-label={t('list.selectRow', { title: item.title })}
                checked={selected.includes(item.evidenceId)}
                onChange={(event) => toggle(item.evidenceId as number, event.target.checked)}
              />
            ) : null}
            <span className="capture-number">{item.baoquan ?? t('list.noNumber')}</span>
            <CaptureStateTag item={item} />
          </div>
          <TitleCell item={item} />
          <dl className="capture-card__facts">
            <div>
              <dt>{t('fields.label')}</dt>
              <dd>{item.label || t('list.noLabel')}</dd>
            </div>
            {model.type !== 3 ? (
              <div>
                <dt>{t('fields.duration')}</dt>
                <dd>{durationText(item)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('fields.createTime')}</dt>
              <dd>{item.createTime}</dd>
            </div>
          </dl>
          <Actions item={item} />
        </li>
      ))}
    </ul>
  );
}

/** Previous / next with the page numbers around the current one. */
function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('capture');
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  return (
    <nav className="capture-pager" aria-label={t('pagination.label')}>
      <button type="button" className="capture-pager__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.prev')}
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          className={`capture-pager__button${n === page ? ' capture-pager__button--current' : ''}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className="capture-pager__button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
      </button>
      <span className="capture-pager__info">{t('pagination.page', { page, pages })}</span>
    </nav>
  );
}

function Toolbar({ model }: { model: CaptureListModel }) {
  const { t } = useTranslation('capture');
  const [selected, count] = useUnit([model.$selected, model.$count]);
  return (
    <div className="capture-list__toolbar">
      <span aria-live="polite">{t('list.selected', { count: selected.length })}</span>
      <BatchDownload ids={selected} total={count} />
    </div>
  );
}

/** A collection list: filters, desktop table or phone cards, the empty, loading and error states, 20 per page. */
export function CaptureList({ model }: { model: CaptureListModel }) {
  useGate(model.Gate);
  const { t } = useTranslation('capture');
  const mobile = useIsMobile();
  const [list, count, page, pending, failed, loaded, filtered, onPage, onRetry] = useUnit([
    model.$list,
    model.$count,
    model.$page,
    model.$pending,
    model.$failed,
    model.$loaded,
    model.$filtered,
    model.pageChanged,
    model.retryClicked,
  ]);

  let body: ReactNode;
  if (failed && !pending && list.length === 0) {
    body = (
      <div className="capture-list-state" role="alert">
        <p>{t('list.failed')}</p>
        <Button onClick={onRetry}>{t('list.retry')}</Button>
      </div>
    );
  } else if (!loaded || (pending && list.length === 0)) {
    body = (
      <div className="capture-list-state" aria-busy="true">
        <span className="capture-spinner" aria-hidden="true" />
        <span>{t('list.loading')}</span>
      </div>
    );
  } else if (list.length === 0) {
    body = (
      <div className="capture-list-state" data-testid="capture-empty">
        <p>{t(filtered ? 'list.emptyFiltered' : model.download ? 'list.emptyDownload' : `list.empty.${model.type}`)}</p>
      </div>
    );
  } else {
    body = mobile ? <MobileCards model={model} /> : <DesktopTable model={model} />;
  }

  return (
    <section className="capture-list" aria-label={t(`list.caption.${model.type}`)}>
      <FilterBar model={model} />
      {model.download ? <Toolbar model={model} /> : null}
      {body}
      {count > 0 ? (
        <div className="capture-list__pager">
          <span className="capture-list__total">{t('list.total', { count })}</span>
          <Pager page={page} pages={Math.max(1, Math.ceil(count / EVIDENCE_PAGE_SIZE))} onPage={onPage} />
        </div>
      ) : null}
    </section>
  );
}
