import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import type { InvoiceHeader } from '@contracts';
import { ListRows, type ListColumn } from '@/shared/ui/list-page';
import { ListState } from '@/shared/ui/list-state';
import {
  $deletePending,
  $failed,
  $headers,
  $loading,
  addClicked,
  deleteClicked,
  editClicked,
  HeadersGate,
  retryClicked,
} from '../model/headers';
import { HeaderForm } from './header-form';

function Actions({ header }: { header: InvoiceHeader }) {
  const { t } = useTranslation('invoice');
  const [pending, onEdit, onDelete] = useUnit([$deletePending, editClicked, deleteClicked]);
  return (
    <div className="invoice-actions">
      <Button size="small" theme="borderless" onClick={() => onEdit(header)} aria-label={t('headers.editAria', { head: header.head })}>
        {t('headers.edit')}
      </Button>
      <Button
        size="small"
        theme="borderless"
        type="danger"
        disabled={pending}
        onClick={() => onDelete(header)}
        aria-label={t('headers.deleteAria', { head: header.head })}
      >
        {t('headers.delete')}
      </Button>
    </div>
  );
}

const joined = (parts: string[], none: string) => parts.filter(Boolean).join(' ') || none;

function useColumns(): Array<ListColumn<InvoiceHeader>> {
  const { t } = useTranslation('invoice');
  const none = t('headers.none');
  return [
    { label: t('headers.columns.head'), className: 'invoice-strong', card: 'head', cell: (h) => h.head },
    {
      label: t('headers.columns.type'),
      className: 'invoice-nowrap',
      card: 'head',
      cell: (h) => <span className={`invoice-type invoice-type--${h.type}`}>{t(`type.${h.type}`)}</span>,
    },
    { label: t('headers.columns.taxNum'), className: 'invoice-number', card: 'wide', cell: (h) => h.taxNum },
    { label: t('headers.columns.bank'), card: 'wide', cell: (h) => joined([h.bankName, h.account], none) },
    { label: t('headers.columns.registered'), card: 'wide', cell: (h) => joined([h.street, h.phoneNumber], none) },
    { label: t('headers.columns.actions'), card: 'foot', cell: (h) => <Actions header={h} /> },
  ];
}

/** Tab 2, invoice headers: at most 5 headers, with the add / edit dialog and delete. */
export function HeadersPanel() {
  useGate(HeadersGate);
  const { t } = useTranslation('invoice');
  const columns = useColumns();
  const [headers, loading, failed, onAdd, onRetry] = useUnit([$headers, $loading, $failed, addClicked, retryClicked]);

  let body: ReactNode;
  if (failed && !loading) {
    body = (
      <ListState kind="error" text={t('headers.failed')}>
        <Button onClick={onRetry}>{t('headers.retry')}</Button>
      </ListState>
    );
  } else if (loading && headers.length === 0) {
    body = <ListState kind="loading" text={t('headers.loading')} />;
  } else if (headers.length === 0) {
    body = <ListState kind="empty" text={t('headers.empty')} testId="invoice-headers-empty" />;
  } else {
    body = (
      <ListRows
        caption={t('headers.caption')}
        columns={columns}
        rows={headers}
        rowKey={(h) => h.id}
        rowProps={() => ({ 'data-testid': 'invoice-header' })}
      />
    );
  }

  return (
    <section className="list-page" aria-busy={loading} aria-label={t('headers.caption')}>
      <div className="list-page__head">
        <p className="invoice-muted">{t('headers.intro', { count: headers.length })}</p>
        <Button theme="solid" type="primary" onClick={onAdd}>
          {t('headers.add')}
        </Button>
      </div>
      {body}
      <HeaderForm />
    </section>
  );
}
