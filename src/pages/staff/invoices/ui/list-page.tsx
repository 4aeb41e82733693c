import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InvoiceDeskRow } from '@/shared/api';
import { paths } from '@/shared/routing';
import { DateRangeInput } from '@/shared/ui/date-range-input';
import { ListBody } from '@/shared/ui/list-state';
import { StaffListPager } from '@/entities/staff-member';
import { drafts, invoiceList, InvoiceListGate, statusChanged } from '../model/list';

const STATUSES = [1, 2, 3, 4] as const;

function Filters() {
  const { t } = useTranslation('staff-desks');
  const [filters, draft, range, onStatus, onDraft, onRange, onSearch, onReset] = useUnit([
    invoiceList.$filters,
    drafts.$drafts,
    invoiceList.$rangeDraft,
    statusChanged,
    drafts.draftChanged,
    invoiceList.rangeChanged,
    drafts.draftsSubmitted,
    invoiceList.resetClicked,
  ]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className="staff-filters" aria-label={t('invoices.filters.label')} onSubmit={submit}>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="invoice-status">
          {t('invoices.filters.status')}
        </label>
        <select
          id="invoice-status"
          className="ui-control"
          value={filters.status}
          onChange={(event) => onStatus(Number(event.target.value))}
        >
          <option value={0}>{t('common.all')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`invoices.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="invoice-apply-no">
          {t('invoices.filters.applyNo')}
        </label>
        <input
          id="invoice-apply-no"
          className="ui-control"
          maxLength={40}
          value={draft.applyNo}
          placeholder={t('invoices.filters.applyNoPlaceholder')}
          onChange={(event) => onDraft({ applyNo: event.target.value.replace(/[^A-Za-z0-9]/g, '') })}
        />
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="invoice-phone">
          {t('common.phone')}
        </label>
        <input
          id="invoice-phone"
          className="ui-control"
          inputMode="numeric"
          maxLength={11}
          value={draft.phone}
          placeholder={t('common.phonePlaceholder')}
          onChange={(event) => onDraft({ phone: event.target.value.replace(/\D/g, '') })}
        />
      </div>
      <DateRangeInput
        className="staff-filters__item"
        legendClassName="staff-filters__label"
        legend={t('common.dateRange')}
        startLabel={t('common.startDate')}
        endLabel={t('common.endDate')}
        value={range}
        onChange={onRange}
      />
      <div className="staff-filters__buttons">
        <Button htmlType="submit" type="primary">
          {t('common.search')}
        </Button>
        <Button type="tertiary" onClick={onReset}>
          {t('common.reset')}
        </Button>
      </div>
    </form>
  );
}

export function InvoiceStatus({ status }: { status: number }) {
  const { t } = useTranslation('staff-desks');
  const tone = status === 3 ? 'on' : status === 4 ? 'off' : 'warn';
  return <span className={`staff-tag staff-tag--${tone}`}>{t(`invoices.statuses.${status}`, { defaultValue: String(status) })}</span>;
}

function Table({ list }: { list: InvoiceDeskRow[] }) {
  const { t } = useTranslation('staff-desks');
  const label = (key: string) => t(`invoices.fields.${key}`);
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('invoices.list.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{label('applyNo')}</th>
          <th scope="col">{label('phone')}</th>
          <th scope="col">{label('type')}</th>
          <th scope="col">{label('head')}</th>
          <th scope="col">{label('money')}</th>
          <th scope="col">{label('createdAt')}</th>
          <th scope="col">{label('status')}</th>
          <th scope="col">{t('common.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((row) => (
          <tr key={row.id} data-testid="invoice-desk-row" data-apply-no={row.applyNo}>
            <td data-label={label('applyNo')} className="value-break">
              {row.applyNo}
            </td>
            <td data-label={label('phone')}>{row.phone}</td>
            <td data-label={label('type')}>{t(`invoices.types.${row.type}`, { defaultValue: row.type })}</td>
            <td data-label={label('head')}>{row.head}</td>
            <td data-label={label('money')} className="nowrap">
              {t('common.yuan', { amount: row.money.toFixed(2) })}
            </td>
            <td data-label={label('createdAt')} className="nowrap">
              {row.createdAt}
            </td>
            <td data-label={label('status')}>
              <InvoiceStatus status={row.status} />
            </td>
            <td data-label={t('common.actions')}>
              <Link to={`${paths.staffInvoices}/${row.id}`} aria-label={t('common.openLabel', { what: row.applyNo })}>
                {t('common.open')}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `/staff/invoices`: the finance desk's invoice applications. */
export function StaffInvoicesPage() {
  const { t } = useTranslation('staff-desks');
  useGate(InvoiceListGate);
  const [list, view, pending, filtered, onRetry] = useUnit([
    invoiceList.$list,
    invoiceList.$view,
    invoiceList.$pending,
    invoiceList.$filtered,
    invoiceList.retryClicked,
  ]);
  return (
    <div className="staff-page">
      <h1 className="staff-page__title">{t('invoices.title')}</h1>
      <p className="staff-page__intro">{t('invoices.intro')}</p>
      <section className="staff-panel" aria-busy={pending} aria-label={t('invoices.list.caption')}>
        <Filters />
        <ListBody
          view={view}
          texts={{
            loading: t('common.loading'),
            failed: t('invoices.list.failed'),
            retry: t('common.retry'),
            empty: t(filtered ? 'invoices.list.emptyFiltered' : 'invoices.list.empty'),
          }}
          onRetry={onRetry}
          emptyTestId="invoice-desk-empty"
        >
          <Table list={list} />
        </ListBody>
        <StaffListPager list={invoiceList} label={t('invoices.list.pagination')} />
      </section>
    </div>
  );
}
