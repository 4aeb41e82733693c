import { useUnit } from 'effector-react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import type { InvoiceDeskRow } from '@contracts';
import { paths } from '@/shared/routing';
import { DeskFilters, DeskRowsPage, listTexts, useCommonFilters, type DeskColumn } from '@/widgets/staff-desk';
import { RevealValue } from '@/entities/staff-member';
import { drafts, invoiceList, phoneReveal, statusChanged } from '../model/list';

const STATUSES = [1, 2, 3, 4] as const;

function Filters() {
  const { t } = useTranslation('staff-desks');
  const common = useCommonFilters();
  const [filters, draft, onStatus, onDraft] = useUnit([invoiceList.$filters, drafts.$drafts, statusChanged, drafts.draftChanged]);
  const statuses = STATUSES.map((status) => ({ value: status, label: t(`invoices.statuses.${status}`) }));
  const status = {
    id: 'invoice-status',
    label: t('invoices.filters.status'),
    value: filters.status,
    all: t('common.all'),
    choices: statuses,
  };
  const applyNo = (value: string) => onDraft({ applyNo: value });
  return (
    <DeskFilters
      list={invoiceList}
      label={t('invoices.filters.label')}
      filters={[
        { kind: 'select', ...status, onChange: (value) => onStatus(Number(value)) },
        common.code('invoice-apply-no', t('invoices.filters.applyNo'), t('invoices.filters.applyNoPlaceholder'), draft.applyNo, applyNo),
        common.phone('invoice-phone', draft.phone, (phone) => onDraft({ phone })),
        common.days(),
      ]}
    />
  );
}

export function InvoiceStatus({ status }: { status: number }) {
  const { t } = useTranslation('staff-desks');
  const tone = status === 3 ? 'on' : status === 4 ? 'off' : 'warn';
  return <span className={`staff-tag staff-tag--${tone}`}>{t(`invoices.statuses.${status}`, { defaultValue: String(status) })}</span>;
}

function useColumns(): DeskColumn<InvoiceDeskRow>[] {
  const { t } = useTranslation('staff-desks');
  const label = (key: SubKeys<'staff-desks', 'invoices.fields'>) => t(`invoices.fields.${key}`);
  const open = (row: InvoiceDeskRow) => (
    <Link to={`${paths.staffInvoices}/${row.id}`} aria-label={t('common.openLabel', { what: row.applyNo })}>
      {t('common.open')}
    </Link>
  );
  return [
    { label: label('applyNo'), cell: (row) => row.applyNo, className: 'value-break' },
    {
      label: label('phone'),
      cell: (row) => <RevealValue reveal={phoneReveal} id={row.id} field="phone" masked={row.phone} what={label('phone')} />,
    },
    { label: label('type'), cell: (row) => t(`invoices.types.${row.type}`, { defaultValue: row.type }) },
    { label: label('head'), cell: (row) => row.head },
    { label: label('money'), cell: (row) => t('common.yuan', { amount: row.money }), className: 'nowrap' },
    { label: label('createdAt'), cell: (row) => row.createdAt, className: 'nowrap' },
    { label: label('status'), cell: (row) => <InvoiceStatus status={row.status} /> },
    { label: t('common.actions'), cell: open },
  ];
}

/** `/staff/invoices`: the finance desk's invoice applications. */
export function StaffInvoicesPage() {
  const { t } = useTranslation('staff-desks');
  const texts = listTexts((key) => t(key), 'invoices.list');
  return (
    <DeskRowsPage
      list={invoiceList}
      title={t('invoices.title')}
      intro={t('invoices.intro')}
      texts={texts}
      emptyTestId="invoice-desk-empty"
      filters={<Filters />}
      columns={useColumns()}
      rowProps={(row) => ({ 'data-testid': 'invoice-desk-row', 'data-apply-no': row.applyNo })}
    />
  );
}
