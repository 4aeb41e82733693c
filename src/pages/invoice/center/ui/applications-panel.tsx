import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InvoiceApplication } from '@/shared/api';
import { formatAmount } from '@/shared/lib/format';
import { useIsMobile } from '@/shared/lib/media';
import { paths } from '@/shared/routing';
import { invoiceDetailsPath, InvoiceStatus } from '@/entities/invoice';
import {
  $count,
  $failed,
  $filtered,
  $list,
  $loaded,
  $page,
  $pages,
  $pending,
  $rangeDraft,
  $status,
  ApplicationsGate,
  pageChanged,
  rangeChanged,
  resetClicked,
  retryClicked,
  statusChanged,
} from '../model/applications';

const STATUSES = [0, 1, 2, 3, 4] as const;
const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (date: Date | null) => (date ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : '');
const parseDay = (value: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
};

function Filters() {
  const { t } = useTranslation('invoice');
  const [status, range, onStatus, onRange, onReset] = useUnit([$status, $rangeDraft, statusChanged, rangeChanged, resetClicked]);
  return (
    <form className="invoice-filters" aria-label={t('applications.filters.label')} onSubmit={(event) => event.preventDefault()}>
      <fieldset className="invoice-filters__item">
        <legend className="invoice-filters__label">{t('applications.filters.dateRange')}</legend>
        <div className="invoice-filters__range">
          <input
            type="date"
            className="invoice-input"
            aria-label={t('applications.filters.startDate')}
            value={dayText(range[0])}
            max={dayText(range[1]) || undefined}
            onChange={(event) => onRange([parseDay(event.target.value), range[1]])}
          />
          <span aria-hidden="true">~</span>
          <input
            type="date"
            className="invoice-input"
            aria-label={t('applications.filters.endDate')}
            value={dayText(range[1])}
            min={dayText(range[0]) || undefined}
            onChange={(event) => onRange([range[0], parseDay(event.target.value)])}
          />
        </div>
      </fieldset>
      <div className="invoice-filters__item">
        <label className="invoice-filters__label" htmlFor="invoice-status-filter">
          {t('applications.filters.status')}
        </label>
        <select id="invoice-status-filter" className="invoice-input" value={status} onChange={(event) => onStatus(Number(event.target.value))}>
          {STATUSES.map((code) => (
            <option key={code} value={code}>
              {t(`listStatus.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="tertiary" onClick={onReset}>
        {t('applications.filters.reset')}
      </Button>
    </form>
  );
}

function ViewLink({ application }: { application: InvoiceApplication }) {
  const { t } = useTranslation('invoice');
  return (
    <Link to={invoiceDetailsPath(application.id)} aria-label={t('applications.viewAria', { orderNo: application.order_no })}>
      {t('applications.view')}
    </Link>
  );
}

function Table({ list }: { list: InvoiceApplication[] }) {
  const { t } = useTranslation('invoice');
  return (
    <div className="invoice-table-wrap">
      <table className="invoice-table">
        <caption className="visually-hidden">{t('applications.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('applications.columns.orderNo')}</th>
            <th scope="col">{t('applications.columns.createTime')}</th>
            <th scope="col">{t('applications.columns.head')}</th>
            <th scope="col">{t('applications.columns.type')}</th>
            <th scope="col">{t('applications.columns.orderCount')}</th>
            <th scope="col">{t('applications.columns.money')}</th>
            <th scope="col">{t('applications.columns.status')}</th>
            <th scope="col">{t('applications.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((a) => (
            <tr key={a.id} data-testid="invoice-application">
              <td className="invoice-number">{a.order_no}</td>
              <td className="invoice-nowrap">{a.create_time}</td>
              <td>{a.head}</td>
              <td className="invoice-nowrap">{t(`type.${a.type}`)}</td>
              <td>{a.orderCount}</td>
              <td className="invoice-money">{formatAmount(a.money)}</td>
              <td>
                <InvoiceStatus status={a.status} wording="list" />
              </td>
              <td>
                <ViewLink application={a} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards({ list }: { list: InvoiceApplication[] }) {
  const { t } = useTranslation('invoice');
  return (
    <ul className="invoice-cards" aria-label={t('applications.caption')}>
      {list.map((a) => (
        <li key={a.id} className="invoice-card" data-testid="invoice-application">
          <div className="invoice-card__head">
            <span className="invoice-number">{a.order_no}</span>
            <InvoiceStatus status={a.status} wording="list" />
          </div>
          <p className="invoice-card__title">{a.head}</p>
          <dl className="invoice-card__facts">
            <div>
              <dt>{t('applications.columns.money')}</dt>
              <dd className="invoice-money">{formatAmount(a.money)}</dd>
            </div>
            <div>
              <dt>{t('applications.columns.orderCount')}</dt>
              <dd>{a.orderCount}</dd>
            </div>
            <div>
              <dt>{t('applications.columns.type')}</dt>
              <dd>{t(`type.${a.type}`)}</dd>
            </div>
            <div className="invoice-card__wide">
              <dt>{t('applications.columns.createTime')}</dt>
              <dd>{a.create_time}</dd>
            </div>
          </dl>
          <ViewLink application={a} />
        </li>
      ))}
    </ul>
  );
}

function Pager() {
  const { t } = useTranslation('invoice');
  const [page, pages, count, onPage] = useUnit([$page, $pages, $count, pageChanged]);
  if (count === 0) return null;
  return (
    <div className="invoice-pager">
      <span className="invoice-muted">{t('applications.total', { count })}</span>
      {pages > 1 ? (
        <nav className="invoice-pager__nav" aria-label={t('applications.pagination')}>
          <button type="button" className="invoice-pager__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('applications.prev')}
          </button>
          <span className="invoice-pager__info" aria-current="page">
            {t('applications.page', { page, pages })}
          </span>
          <button type="button" className="invoice-pager__button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('applications.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

/** Tab 1, applications: the applications, 10 per page, with date and status filters. */
export function ApplicationsPanel() {
  useGate(ApplicationsGate);
  const { t } = useTranslation('invoice');
  const mobile = useIsMobile();
  const [list, pending, failed, loaded, filtered, onRetry] = useUnit([$list, $pending, $failed, $loaded, $filtered, retryClicked]);

  let body: ReactNode;
  if (failed && !pending) {
    body = (
      <div className="invoice-state" role="alert">
        <p>{t('applications.failed')}</p>
        <Button onClick={onRetry}>{t('applications.retry')}</Button>
      </div>
    );
  } else if (!loaded || (pending && list.length === 0)) {
    body = (
      <div className="invoice-state" aria-busy="true">
        <span className="invoice-spinner" aria-hidden="true" />
        <span>{t('applications.loading')}</span>
      </div>
    );
  } else if (list.length === 0) {
    body = (
      <div className="invoice-state" data-testid="invoice-applications-empty">
        <p>{t(filtered ? 'applications.emptyFiltered' : 'applications.empty')}</p>
        {filtered ? null : <Link to={paths.orders}>{t('applications.apply')}</Link>}
      </div>
    );
  } else {
    body = mobile ? <Cards list={list} /> : <Table list={list} />;
  }

  return (
    <section className="invoice-box" aria-busy={pending}>
      <div className="invoice-box__head">
        <p className="invoice-muted">{t('applications.intro')}</p>
        <Link className="invoice-primary-link" to={paths.orders}>
          {t('applications.apply')}
        </Link>
      </div>
      <Filters />
      {body}
      <Pager />
    </section>
  );
}
