import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation, Trans } from '@/shared/i18n';
import { Link, useSearchParams } from 'react-router-dom';
import { INVOICE_REMARK_MAX, type InvoiceOrderChoice } from '@contracts';
import { translateMessage } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { useIsMobile } from '@/shared/lib/media';
import { paths } from '@/shared/routing';
import {
  $addresses,
  $addressesFailed,
  $addressesPending,
  $enterprise,
  $headers,
  $headersFailed,
  $headersPending,
  $noOrders,
  $orders,
  $ordersFailed,
  $ordersPending,
  $remarkLength,
  $shipping,
  $submitting,
  $tooMany,
  $total,
  applyForm,
  MakeOutGate,
  retryClicked,
} from '../model/make-out-invoice';
import './make-out-invoice.css';

function Ineligible({ order }: { order: InvoiceOrderChoice }) {
  const { t } = useTranslation('invoice');
  if (order.eligible) return null;
  return <span className="make-out__ineligible">{t('apply.ineligible', { reason: order.reason })}</span>;
}

function OrdersSection() {
  const { t } = useTranslation('invoice');
  const mobile = useIsMobile();
  const [orders, pending, failed, noOrders, tooMany, total, onRetry] = useUnit([
    $orders,
    $ordersPending,
    $ordersFailed,
    $noOrders,
    $tooMany,
    $total,
    retryClicked,
  ]);
  let body: ReactNode;
  if (noOrders)
    body = (
      <p className="make-out__problem" role="alert">
        {t('apply.noOrders')}
      </p>
    );
  else if (tooMany)
    body = (
      <p className="make-out__problem" role="alert">
        {t('apply.tooMany')}
      </p>
    );
  else if (failed && !pending) {
    body = (
      <div className="make-out__state" role="alert">
        <p>{t('apply.ordersFailed')}</p>
        <Button onClick={onRetry}>{t('apply.retry')}</Button>
      </div>
    );
  } else if (orders.length === 0)
    body = (
      <p className="make-out__state" aria-busy="true">
        {t('apply.loading')}
      </p>
    );
  else if (mobile) {
    body = (
      <ul className="make-out__order-cards" aria-label={t('apply.ordersCaption')}>
        {orders.map((o) => (
          <li key={o.id} className="make-out__order-card" data-testid="make-out-order">
            <span className="make-out__number">{o.order_no}</span>
            <span>{o.order_desc}</span>
            <span className="make-out__muted">
              {o.create_time} · {o.payType} · ¥{formatAmount(o.money)}
            </span>
            <Ineligible order={o} />
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <div className="make-out__table-wrap">
        <table className="make-out__table">
          <caption className="visually-hidden">{t('apply.ordersCaption')}</caption>
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
            {orders.map((o) => (
              <tr key={o.id} data-testid="make-out-order">
                <td className="make-out__number">{o.order_no}</td>
                <td className="make-out__nowrap">{o.create_time}</td>
                <td>
                  {o.order_desc}
                  <Ineligible order={o} />
                </td>
                <td className="make-out__nowrap">{formatAmount(o.money)}</td>
                <td>{o.payType}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <section className="make-out__box" aria-labelledby="make-out-orders">
      <div className="make-out__box-head">
        <h2 id="make-out-orders" className="make-out__heading">
          {t('apply.orders')}
        </h2>
        {orders.length > 0 ? (
          <span className="make-out__summary" data-testid="make-out-summary">
            {t('apply.summary', { count: orders.length, money: total })}
          </span>
        ) : null}
      </div>
      {body}
    </section>
  );
}

function Choice({
  name,
  value,
  checked,
  disabled,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className={`make-out__choice${checked ? ' make-out__choice--on' : ''}${disabled ? ' make-out__choice--off' : ''}`}>
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onChange} />
      <span className="make-out__choice-body">{children}</span>
    </label>
  );
}

/** What a choice list shows instead of its choices while it loads, when it failed, or when there is none. */
function ListState({ pending, failed, empty, children }: { pending: boolean; failed: boolean; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation('invoice');
  const onRetry = useUnit(retryClicked);
  if (pending && empty)
    return (
      <p className="make-out__muted" aria-busy="true">
        {t('apply.loading')}
      </p>
    );
  if (failed && !pending) {
    return (
      <div className="make-out__list-failed" role="alert">
        <span>{t('apply.listFailed')}</span>
        <Button size="small" onClick={onRetry}>
          {t('apply.retry')}
        </Button>
      </div>
    );
  }
  return children;
}

function HeaderSection() {
  const { t } = useTranslation('invoice');
  const [headers, values, errors, changed, enterprise, pending, failed] = useUnit([
    $headers,
    applyForm.$values,
    applyForm.$errors,
    applyForm.fieldChanged,
    $enterprise,
    $headersPending,
    $headersFailed,
  ]);
  const error = errors.userInvoiceId ? translateMessage(errors.userInvoiceId) : '';
  return (
    <section className="make-out__box">
      <fieldset className="make-out__fieldset" aria-describedby="make-out-header-error" aria-invalid={Boolean(error)}>
        <legend className="make-out__heading">{t('apply.header')}</legend>
        {enterprise ? <p className="make-out__hint">{t('apply.enterpriseHint')}</p> : null}
        <ListState pending={pending} failed={failed} empty={headers.length === 0}>
          {headers.length === 0 ? (
            <p className="make-out__muted">
              <Trans t={t} i18nKey="apply.noHeaders" components={{ add: <Link to={`${paths.invoice}?activeName=2`} /> }} />
            </p>
          ) : (
            <div className="make-out__choices">
              {headers.map((h) => (
                <Choice
                  key={h.id}
                  name="userInvoiceId"
                  value={String(h.id)}
                  checked={values.userInvoiceId === String(h.id)}
                  onChange={() => changed({ name: 'userInvoiceId', value: String(h.id) })}
                >
                  <span className="make-out__choice-title">
                    {h.head} <span className={`make-out__tag make-out__tag--${h.type}`}>{t(`type.${h.type}`)}</span>
                  </span>
                  <span className="make-out__muted">{t('apply.taxNum', { taxNum: h.taxNum })}</span>
                </Choice>
              ))}
            </div>
          )}
        </ListState>
        <div id="make-out-header-error" className="make-out__error" aria-live="polite">
          {error}
        </div>
        {headers.length > 0 ? (
          <Link className="make-out__manage" to={`${paths.invoice}?activeName=2`}>
            {t('apply.manageHeaders')}
          </Link>
        ) : null}
      </fieldset>
    </section>
  );
}

function AddressSection() {
  const { t } = useTranslation('invoice');
  const [addresses, values, errors, changed, pending, failed] = useUnit([
    $addresses,
    applyForm.$values,
    applyForm.$errors,
    applyForm.fieldChanged,
    $addressesPending,
    $addressesFailed,
  ]);
  const error = errors.userAddressId ? translateMessage(errors.userAddressId) : '';
  return (
    <section className="make-out__box">
      <fieldset className="make-out__fieldset" aria-describedby="make-out-address-error" aria-invalid={Boolean(error)}>
        <legend className="make-out__heading">{t('apply.address')}</legend>
        <ListState pending={pending} failed={failed} empty={addresses.length === 0}>
          {addresses.length === 0 ? (
            <p className="make-out__muted">
              <Trans t={t} i18nKey="apply.noAddresses" components={{ add: <Link to={paths.address} /> }} />
            </p>
          ) : (
            <div className="make-out__choices">
              {addresses.map((a) => (
                <Choice
                  key={a.id}
                  name="userAddressId"
                  value={String(a.id)}
                  checked={values.userAddressId === String(a.id)}
                  disabled={a.noInvoiceMail}
                  onChange={() => changed({ name: 'userAddressId', value: String(a.id) })}
                >
                  <span className="make-out__choice-title">
                    {a.name} {a.phoneNumber}
                    {a.status === 1 ? <span className="make-out__tag">{t('apply.default')}</span> : null}
                  </span>
                  <span className="make-out__muted">{[a.province, a.city, a.area, a.address].filter(Boolean).join(' ')}</span>
                  <span className="make-out__muted">{a.email}</span>
                  {a.noInvoiceMail ? <span className="make-out__no-mail">{t('apply.noMail')}</span> : null}
                </Choice>
              ))}
            </div>
          )}
        </ListState>
        <div id="make-out-address-error" className="make-out__error" aria-live="polite">
          {error}
        </div>
        {addresses.length > 0 ? (
          <Link className="make-out__manage" to={paths.address}>
            {t('apply.manageAddresses')}
          </Link>
        ) : null}
      </fieldset>
    </section>
  );
}

function ContentSection() {
  const { t } = useTranslation('invoice');
  const [values, errors, changed, blurred, length] = useUnit([
    applyForm.$values,
    applyForm.$errors,
    applyForm.fieldChanged,
    applyForm.fieldBlurred,
    $remarkLength,
  ]);
  const error = errors.remark ? translateMessage(errors.remark) : '';
  return (
    <section className="make-out__box">
      <dl className="make-out__content">
        <dt>{t('apply.content')}</dt>
        <dd data-testid="make-out-content">{t('apply.contentValue')}</dd>
      </dl>
      <p className="make-out__muted">{t('apply.contentNote')}</p>
      <label className="make-out__label" htmlFor="make-out-remark">
        {t('apply.remark')}
      </label>
      <textarea
        id="make-out-remark"
        className={`make-out__remark${error ? ' make-out__remark--invalid' : ''}`}
        rows={3}
        value={values.remark}
        placeholder={t('apply.remarkPlaceholder')}
        aria-invalid={Boolean(error)}
        aria-describedby="make-out-remark-count make-out-remark-error"
        onChange={(event) => changed({ name: 'remark', value: event.target.value })}
        onBlur={() => blurred('remark')}
      />
      <div className="make-out__remark-foot">
        <span id="make-out-remark-error" className="make-out__error" aria-live="polite">
          {error}
        </span>
        <span
          id="make-out-remark-count"
          className={length > INVOICE_REMARK_MAX ? 'make-out__count make-out__count--over' : 'make-out__count'}
        >
          {t('apply.remarkCount', { count: length })}
        </span>
      </div>
    </section>
  );
}

/** `/orders/makeOutInvoice?ids=[…]&money=`: apply for invoices of the chosen orders. */
export function MakeOutInvoicePage() {
  const { t } = useTranslation('invoice');
  const [search] = useSearchParams();
  useGate(MakeOutGate, { ids: search.get('ids') });
  const [shipping, submitting, submitted] = useUnit([$shipping, $submitting, applyForm.submitted]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  return (
    <div className="page make-out">
      <Link className="make-out__back" to={paths.orders}>
        {t('apply.back')}
      </Link>
      <h1 className="make-out__title">{t('apply.title')}</h1>
      <OrdersSection />
      <form noValidate onSubmit={onSubmit} aria-label={t('apply.title')}>
        <HeaderSection />
        <AddressSection />
        <ContentSection />
        <div className="make-out__foot">
          <div>
            <p className="make-out__shipping" data-testid="make-out-shipping">
              {t(`apply.shipping.${shipping ?? 'none'}`)}
            </p>
            <p className="make-out__muted">{t('apply.rules')}</p>
          </div>
          <Button htmlType="submit" theme="solid" type="primary" size="large" loading={submitting}>
            {t('apply.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
