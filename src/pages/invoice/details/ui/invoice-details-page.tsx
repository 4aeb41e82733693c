import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link, useSearchParams } from 'react-router-dom';
import type { InvoiceDetail } from '@contracts';
import { formatAmount } from '@/shared/lib/format';
import { useIsMobile } from '@/shared/lib/media';
import { paths } from '@/shared/routing';
import { InvoiceStatus } from '@/entities/invoice';
import { $detail, $failed, $missing, $pending, $reapplyPath, $reason, DetailsGate, retryClicked } from '../model/details';
import './invoice-details.css';

type Fact = [label: string, value: ReactNode];

function Facts({ title, facts, testId }: { title: string; facts: Fact[]; testId?: string }) {
  const { t } = useTranslation('invoice');
  return (
    <section className="invoice-details__box" data-testid={testId}>
      <h2 className="invoice-details__heading">{title}</h2>
      <dl className="invoice-details__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === '' ? t('details.none') : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Refusal() {
  const { t } = useTranslation('invoice');
  const [reason, reapply] = useUnit([$reason, $reapplyPath]);
  if (reason === null || reapply === null) return null;
  return (
    <div className="invoice-details__refused" role="alert" data-testid="invoice-refusal">
      <p className="invoice-details__refused-title">{t('details.refused')}</p>
      <p>{t('details.reason', { reason })}</p>
      <Link to={reapply} className="invoice-details__reapply">
        {t('details.reapply')}
      </Link>
    </div>
  );
}

function Orders({ detail }: { detail: InvoiceDetail }) {
  const { t } = useTranslation('invoice');
  const mobile = useIsMobile();
  return (
    <section className="invoice-details__box">
      <h2 className="invoice-details__heading">{t('details.orders')}</h2>
      {mobile ? (
        <ul className="invoice-details__cards" aria-label={t('details.ordersCaption')}>
          {detail.orders.map((o) => (
            <li key={o.id} className="invoice-details__card" data-testid="invoice-order">
              <span className="invoice-details__number">{o.order_no}</span>
              <span>{o.order_desc}</span>
              <span className="invoice-details__muted">
                {o.create_time} · {o.payType} · ¥{formatAmount(o.money)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="invoice-details__table-wrap">
          <table className="invoice-details__table">
            <caption className="visually-hidden">{t('details.ordersCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('details.columns.orderNo')}</th>
                <th scope="col">{t('details.columns.createTime')}</th>
                <th scope="col">{t('details.columns.desc')}</th>
                <th scope="col">{t('details.columns.money')}</th>
                <th scope="col">{t('details.columns.payType')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.orders.map((o) => (
                <tr key={o.id} data-testid="invoice-order">
                  <td className="invoice-details__number">{o.order_no}</td>
                  <td className="invoice-details__nowrap">{o.create_time}</td>
                  <td>{o.order_desc}</td>
                  <td className="invoice-details__nowrap">{formatAmount(o.money)}</td>
                  <td>{o.payType}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Detail({ detail }: { detail: InvoiceDetail }) {
  const { t } = useTranslation('invoice');
  const paper = detail.type === 'ENTERPRISE_SPECIAL';
  const files = (
    <ul className="invoice-details__files" data-testid="invoice-files">
      {detail.files.map((file) => (
        <li key={file.kind}>
          <a href={file.url} download={file.name}>
            {t('details.download', { kind: t(`details.fileKinds.${file.kind}`) })}
          </a>
        </li>
      ))}
    </ul>
  );
  const result: Fact[] = paper
    ? [
        [t('details.courierCompany'), detail.courier_company],
        [t('details.courierNumber'), detail.courier_number],
      ]
    : [
        [t('details.invoiceNumber'), <span className="invoice-details__number">{detail.invoice_number}</span>],
        [t('details.invoiceCode'), detail.invoice_code || (detail.invoice_number ? t('details.noCode') : '')],
        [t('details.invoiceDate'), detail.invoice_date],
        [t('details.sentTo'), detail.email],
        ...(detail.files.length > 0 ? ([[t('details.files'), files]] as Fact[]) : []),
      ];
  return (
    <>
      <Refusal />
      <section className="invoice-details__box invoice-details__summary">
        <dl className="invoice-details__facts">
          <div className="invoice-details__wide">
            <dt>{t('details.orderNo')}</dt>
            <dd className="invoice-details__number">{detail.order_no}</dd>
          </div>
          <div>
            <dt>{t('details.createTime')}</dt>
            <dd>{detail.create_time}</dd>
          </div>
          <div>
            <dt>{t('details.status')}</dt>
            <dd>
              <InvoiceStatus status={detail.status} wording="detail" />
            </dd>
          </div>
          <div>
            <dt>{t('details.money')}</dt>
            <dd className="invoice-details__money">{t('details.moneyValue', { money: detail.money })}</dd>
          </div>
          <div>
            <dt>{t('details.content')}</dt>
            <dd>{detail.content}</dd>
          </div>
        </dl>
        <p className="invoice-details__note" data-testid="invoice-shipping">
          {t(`apply.shipping.${detail.shipping}`)}
        </p>
        {detail.status === 1 || detail.status === 2 ? <p className="invoice-details__note">{t('details.pendingNote')}</p> : null}
      </section>
      {detail.status === 3 ? <Facts title={t('details.result')} facts={result} testId="invoice-result" /> : null}
      <div className="invoice-details__grid">
        <Facts
          title={t('details.invoice')}
          facts={[
            [t('details.type'), t(`type.${detail.type}`)],
            [t('details.head'), detail.head],
            [t('details.taxNum'), detail.tax_num],
            [t('details.bankName'), detail.bank_name],
            [t('details.account'), detail.account],
            [t('details.street'), detail.street],
            [t('details.phoneNumber'), detail.phone_number],
          ]}
        />
        <Facts
          title={t('details.delivery')}
          facts={[
            [t('details.name'), detail.name],
            [t('details.postPhone'), detail.post_phone_number],
            [t('details.address'), detail.address],
            [t('details.email'), detail.email],
          ]}
        />
      </div>
      <Facts
        title={t('details.remarks')}
        facts={[
          [t('details.remark'), detail.remark],
          [t('details.firstRemark'), detail.first_remark],
          [t('details.checkRemark'), detail.check_remark],
        ]}
      />
      <Orders detail={detail} />
    </>
  );
}

/** `/invoice/details?id=`: status, header and recipient as applied, result, remarks, orders; a refusal's reason and re-apply link. */
export function InvoiceDetailsPage() {
  const { t } = useTranslation('invoice');
  const [search] = useSearchParams();
  useGate(DetailsGate, { id: search.get('id') });
  const [detail, pending, missing, failed, onRetry] = useUnit([$detail, $pending, $missing, $failed, retryClicked]);

  let body: ReactNode;
  if (missing) body = <p className="invoice-details__state">{t('details.missing')}</p>;
  else if (failed && !pending) {
    body = (
      <div className="invoice-details__state" role="alert">
        <p>{t('details.failed')}</p>
        <Button onClick={onRetry}>{t('details.retry')}</Button>
      </div>
    );
  } else if (!detail) {
    body = (
      <div className="invoice-details__state" aria-busy="true">
        {t('details.loading')}
      </div>
    );
  } else body = <Detail detail={detail} />;

  return (
    <div className="page invoice-details">
      <Link className="invoice-details__back" to={paths.invoice}>
        {t('details.back')}
      </Link>
      <h1 className="invoice-details__title">{t('details.title')}</h1>
      {body}
    </div>
  );
}
