import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import type { InvoiceApplication } from '@contracts';
import { formatAmount } from '@/shared/lib/format';
import { paths } from '@/shared/routing';
import { ListFilters, ListPage, listPageTexts, type ListColumn, type ListFilter } from '@/shared/ui/list-page';
import { invoiceDetailsPath, InvoiceStatus } from '@/entities/invoice';
import { $rangeDraft, $status, ApplicationsGate, applicationsList, rangeChanged, resetClicked, statusChanged } from '../model/applications';

const STATUSES = [0, 1, 2, 3, 4] as const;

function Filters() {
  const { t } = useTranslation('invoice');
  const [status, range, onStatus, onRange, onReset] = useUnit([$status, $rangeDraft, statusChanged, rangeChanged, resetClicked]);
  const filters: ListFilter[] = [
    {
      kind: 'days',
      label: t('applications.filters.dateRange'),
      startLabel: t('applications.filters.startDate'),
      endLabel: t('applications.filters.endDate'),
      value: range,
      onChange: onRange,
    },
    {
      kind: 'select',
      id: 'invoice-status-filter',
      label: t('applications.filters.status'),
      value: status,
      choices: STATUSES.map((code) => ({ value: code, label: t(`listStatus.${code}`) })),
      onChange: (value) => onStatus(Number(value)),
    },
  ];
  return (
    <ListFilters label={t('applications.filters.label')} filters={filters} reset={{ text: t('applications.filters.reset'), onReset }} />
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

function useColumns(): Array<ListColumn<InvoiceApplication>> {
  const { t } = useTranslation('invoice');
  return [
    { label: t('applications.columns.orderNo'), className: 'invoice-number', card: 'head', cell: (a) => a.order_no },
    { label: t('applications.columns.createTime'), className: 'invoice-nowrap', card: 'wide', cell: (a) => a.create_time },
    { label: t('applications.columns.head'), card: 'title', cell: (a) => a.head },
    { label: t('applications.columns.type'), className: 'invoice-nowrap', cell: (a) => t(`type.${a.type}`) },
    { label: t('applications.columns.orderCount'), cell: (a) => a.orderCount },
    { label: t('applications.columns.money'), className: 'invoice-money', cell: (a) => formatAmount(a.money) },
    { label: t('applications.columns.status'), card: 'head', cell: (a) => <InvoiceStatus status={a.status} wording="list" /> },
    { label: t('applications.columns.actions'), card: 'foot', cell: (a) => <ViewLink application={a} /> },
  ];
}

/** Tab 1, applications: the applications, 10 per page, with date and status filters. */
export function ApplicationsPanel() {
  useGate(ApplicationsGate);
  const { t } = useTranslation('invoice');
  const columns = useColumns();
  return (
    <ListPage
      model={applicationsList}
      texts={listPageTexts(t, 'applications')}
      head={
        <>
          <p className="invoice-muted">{t('applications.intro')}</p>
          <Link className="invoice-primary-link" to={paths.orders}>
            {t('applications.apply')}
          </Link>
        </>
      }
      filters={<Filters />}
      columns={columns}
      rowKey={(a) => a.id}
      rowProps={() => ({ 'data-testid': 'invoice-application' })}
      emptyTestId="invoice-applications-empty"
      emptyAction={<Link to={paths.orders}>{t('applications.apply')}</Link>}
    />
  );
}
