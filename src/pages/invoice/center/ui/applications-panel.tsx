import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import type { InvoiceApplication } from '@contracts';
import { formatAmount } from '@/shared/lib/format';
import { useIsMobile } from '@/shared/lib/media';
import { paths } from '@/shared/routing';
import { DateRangeInput } from '@/shared/ui/date-range-input';
import { ListBody } from '@/shared/ui/list-state';
import { Pager } from '@/shared/ui/pager';
import { invoiceDetailsPath, InvoiceStatus } from '@/entities/invoice';
import {
  $count,
  $filtered,
  $list,
  $view,
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

function Filters() {
  const { t } = useTranslation('invoice');
  const [status, range, onStatus, onRange, onReset] = useUnit([$status, $rangeDraft, statusChanged, rangeChanged, resetClicked]);
  return (
    <form className="invoice-filters" aria-label={t('applications.filters.label')} onSubmit={(event) => event.preventDefault()}>
      <DateRangeInput
        className="invoice-filters__item"
        legendClassName="invoice-filters__label"
        legend={t('applications.filters.dateRange')}
        startLabel={t('applications.filters.startDate')}
        endLabel={t('applications.filters.endDate')}
        value={range}
        onChange={onRange}
      />
      <div className="invoice-filters__item">
        <label className="invoice-filters__label" htmlFor="invoice-status-filter">
          {t('applications.filters.status')}
        </label>
        <select
          id="invoice-status-filter"
          className="ui-control invoice-input"
          value={status}
          onChange={(event) => onStatus(Number(event.target.value))}
        >
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

function ApplicationsPager() {
  const { t } = useTranslation('invoice');
  const [page, pages, count, onPage] = useUnit([$page, $pages, $count, pageChanged]);
  if (count === 0) return null;
  return (
    <Pager
      page={page}
      pages={pages}
      onPage={onPage}
      total={t('applications.total', { count })}
      label={t('applications.pagination')}
      prev={t('applications.prev')}
      next={t('applications.next')}
      pageText={t('applications.page', { page, pages })}
    />
  );
}

/** Tab 1, applications: the applications, 10 per page, with date and status filters. */
export function ApplicationsPanel() {
  useGate(ApplicationsGate);
  const { t } = useTranslation('invoice');
  const mobile = useIsMobile();
  const [list, view, pending, filtered, onRetry] = useUnit([$list, $view, $pending, $filtered, retryClicked]);

  const body = (
    <ListBody
      view={view}
      texts={{
        loading: t('applications.loading'),
        failed: t('applications.failed'),
        retry: t('applications.retry'),
        empty: t(filtered ? 'applications.emptyFiltered' : 'applications.empty'),
      }}
      onRetry={onRetry}
      emptyTestId="invoice-applications-empty"
      emptyAction={filtered ? null : <Link to={paths.orders}>{t('applications.apply')}</Link>}
    >
      {mobile ? <Cards list={list} /> : <Table list={list} />}
    </ListBody>
  );

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
      <ApplicationsPager />
    </section>
  );
}
