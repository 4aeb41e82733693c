import { Button, Input } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import type { CaptureItem } from '@contracts';
import { useIsMobile } from '@/shared/lib/media';
import { DateRangeInput } from '@/shared/ui/date-range-input';
import { ListBody } from '@/shared/ui/list-state';
import { Pager } from '@/shared/ui/pager';
import { CaptureStateTag, queueHref, recordHref } from '@/entities/capture';
import { formatDuration } from '@/shared/lib/time';
import { certificateHref, HashText, useFileKindWords } from '@/entities/evidence';
import { BatchDownload } from '@/features/batch-download';
import type { CaptureListModel } from '../model/list-model';
import './capture-list.css';

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
      <DateRangeInput
        className="capture-filters__item capture-filters__item--range"
        legendClassName="capture-filters__label"
        legend={t('filters.dateRange')}
        startLabel={t('filters.startDate')}
        endLabel={t('filters.endDate')}
        value={draftRange}
        onChange={onRange}
      />
      <div className="capture-filters__item">
        <label className="capture-filters__label" htmlFor={`${id}-label`}>
          {t('filters.labelFilter')}
        </label>
        <select
          id={`${id}-label`}
          className="ui-control capture-select"
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
      <div className="capture-filters__item capture-filters__item--keyword">
        <label className="capture-filters__label" htmlFor={`${id}-keyword`}>
          {t('filters.keyword')}
        </label>
        <Input
          id={`${id}-keyword`}
          value={keyword}
          maxLength={100}
          placeholder={t(`filters.keywordPlaceholder.${model.type}`)}
          onChange={onKeyword}
        />
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
      {item.appType ? <span className="capture-title__url">{t('list.appType', { type: item.appType })}</span> : null}
      {item.filehash ? (
        <span className="capture-title__hash">
          {t('list.filehash')} <HashText value={item.filehash} />
        </span>
      ) : null}
    </div>
  );
}

const durationText = (item: CaptureItem) => (item.duration === null ? '—' : formatDuration(item.duration));

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
                <input
                  type="checkbox"
                  aria-label={t('list.selectAll')}
                  checked={allSelected}
                  onChange={(event) => onSelect(event.target.checked ? ids : [])}
                />
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
            <tr
              key={item.id}
              data-testid="capture-row"
              className={item.evidenceId !== null && selected.includes(item.evidenceId) ? 'capture-table__row--selected' : undefined}
            >
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
        empty: t(filtered ? 'list.emptyFiltered' : model.download ? 'list.emptyDownload' : `list.empty.${model.type}`),
      }}
      onRetry={onRetry}
      emptyTestId="capture-empty"
    >
      {mobile ? <MobileCards model={model} /> : <DesktopTable model={model} />}
    </ListBody>
  );

  return (
    <section className="capture-list" aria-label={t(`list.caption.${model.type}`)}>
      <FilterBar model={model} />
      {model.download ? <Toolbar model={model} /> : null}
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
