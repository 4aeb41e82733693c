import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import type { InvoiceHeader } from '@contracts';
import { useIsMobile } from '@/shared/lib/media';
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

function Table({ list }: { list: InvoiceHeader[] }) {
  const { t } = useTranslation('invoice');
  const none = t('headers.none');
  return (
    <div className="invoice-table-wrap">
      <table className="invoice-table">
        <caption className="visually-hidden">{t('headers.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('headers.columns.head')}</th>
            <th scope="col">{t('headers.columns.type')}</th>
            <th scope="col">{t('headers.columns.taxNum')}</th>
            <th scope="col">{t('headers.columns.bank')}</th>
            <th scope="col">{t('headers.columns.registered')}</th>
            <th scope="col">{t('headers.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((h) => (
            <tr key={h.id} data-testid="invoice-header">
              <td className="invoice-strong">{h.head}</td>
              <td className="invoice-nowrap">{t(`type.${h.type}`)}</td>
              <td className="invoice-number">{h.taxNum}</td>
              <td>{joined([h.bankName, h.account], none)}</td>
              <td>{joined([h.street, h.phoneNumber], none)}</td>
              <td>
                <Actions header={h} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards({ list }: { list: InvoiceHeader[] }) {
  const { t } = useTranslation('invoice');
  const none = t('headers.none');
  return (
    <ul className="invoice-cards" aria-label={t('headers.caption')}>
      {list.map((h) => (
        <li key={h.id} className="invoice-card" data-testid="invoice-header">
          <div className="invoice-card__head">
            <span className="invoice-strong">{h.head}</span>
            <span className={`invoice-type invoice-type--${h.type}`}>{t(`type.${h.type}`)}</span>
          </div>
          <dl className="invoice-card__list">
            <div>
              <dt>{t('headers.columns.taxNum')}</dt>
              <dd className="invoice-number">{h.taxNum}</dd>
            </div>
            <div>
              <dt>{t('headers.columns.bank')}</dt>
              <dd>{joined([h.bankName, h.account], none)}</dd>
            </div>
            <div>
              <dt>{t('headers.columns.registered')}</dt>
              <dd>{joined([h.street, h.phoneNumber], none)}</dd>
            </div>
          </dl>
          <Actions header={h} />
        </li>
      ))}
    </ul>
  );
}

/** Tab 2, invoice headers: at most 5 headers, with the add / edit dialog and delete. */
export function HeadersPanel() {
  useGate(HeadersGate);
  const { t } = useTranslation('invoice');
  const mobile = useIsMobile();
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
    body = mobile ? <Cards list={headers} /> : <Table list={headers} />;
  }

  return (
    <section className="invoice-box" aria-busy={loading}>
      <div className="invoice-box__head">
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
