import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link, useSearchParams } from 'react-router-dom';
import type { Order, OrderType } from '@contracts';
import { formatAmount } from '@/shared/lib/format';
import { useIsMobile } from '@/shared/lib/media';
import { paths } from '@/shared/routing';
import { CopyButton } from '@/shared/ui/copy-button';
import { DateRangeInput } from '@/shared/ui/date-range-input';
import { FilterTabs } from '@/shared/ui/filter-tabs';
import { ListBody } from '@/shared/ui/list-state';
import { Pager } from '@/shared/ui/pager';
import { $cancelling, $paying, cancelOrderClicked, payOrderClicked } from '@/features/pay-order';
import { detailHref, wizardHref } from '@/entities/notary-order';
import { isInvoiceEligible } from '@/entities/order';
import {
  $count,
  $filtered,
  $list,
  $view,
  $page,
  $pages,
  $pending,
  $rangeDraft,
  $selected,
  $status,
  $tab,
  invoiceClicked,
  OrdersGate,
  pageChanged,
  rangeChanged,
  resetClicked,
  retryClicked,
  rowToggled,
  statusChanged,
  tabChanged,
} from '../model/orders';
import './orders-page.css';

const TABS: readonly OrderType[] = [1, 2, 3];
const STATUSES = [0, 1, 2, 3, 4] as const;
const tabOf = (value: string | null): OrderType => (value === '2' ? 2 : value === '3' ? 3 : 1);

function Filters() {
  const { t } = useTranslation('orders');
  const [status, range, onStatus, onRange, onReset] = useUnit([$status, $rangeDraft, statusChanged, rangeChanged, resetClicked]);
  return (
    <form className="orders-filters" aria-label={t('filters.label')} onSubmit={(event) => event.preventDefault()}>
      <DateRangeInput
        className="orders-filters__item"
        legendClassName="orders-filters__label"
        legend={t('filters.dateRange')}
        startLabel={t('filters.startDate')}
        endLabel={t('filters.endDate')}
        value={range}
        onChange={onRange}
      />
      <div className="orders-filters__item">
        <label className="orders-filters__label" htmlFor="orders-status">
          {t('filters.status')}
        </label>
        <select
          id="orders-status"
          className="ui-control orders-input"
          value={status}
          onChange={(event) => onStatus(Number(event.target.value))}
        >
          {STATUSES.map((code) => (
            <option key={code} value={code}>
              {t(`status.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="tertiary" onClick={onReset}>
        {t('filters.reset')}
      </Button>
    </form>
  );
}

/**
 * A notarisation payment pushes the wizard's pay step (pending) or the notary detail with goBackUrl=/orders
 * (paid), the spec's pushed routes (section 2).
 */
function NotaryActions({ order, notary }: { order: Order; notary: NonNullable<Order['notary']> }) {
  const { t } = useTranslation('orders');
  if (order.status === 1) {
    return (
      <Link
        className="orders-link"
        to={wizardHref(4, { ...notary, addOrder: 1 }, order.order_no)}
        aria-label={t('list.forOrder', { action: t('list.notaryPay'), orderNo: order.order_no })}
      >
        {t('list.notaryPay')}
      </Link>
    );
  }
  if (order.status === 2) {
    return (
      <Link
        className="orders-link"
        to={detailHref(notary, paths.orders)}
        aria-label={t('list.forOrder', { action: t('list.notaryDetail'), orderNo: order.order_no })}
      >
        {t('list.notaryDetail')}
      </Link>
    );
  }
  return <span className="orders-muted">{t('list.noAction')}</span>;
}

function Actions({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const [paying, cancelling, onPay, onCancel] = useUnit([$paying, $cancelling, payOrderClicked, cancelOrderClicked]);
  if (order.notary) return <NotaryActions order={order} notary={order.notary} />;
  if (order.status !== 1) return <span className="orders-muted">{t('list.noAction')}</span>;
  // The visible word first in the accessible name (WCAG label in name), the order number after it.
  const payText = order.type === 1 ? t('list.pay') : t('list.payPoints');
  return (
    <div className="orders-actions">
      <Button
        size="small"
        theme="solid"
        type="primary"
        disabled={paying}
        onClick={() => onPay(order)}
        aria-label={t('list.forOrder', { action: payText, orderNo: order.order_no })}
      >
        {payText}
      </Button>
      <Button
        size="small"
        type="danger"
        disabled={cancelling}
        onClick={() => onCancel(order)}
        aria-label={t('list.forOrder', { action: t('list.cancel'), orderNo: order.order_no })}
      >
        {t('list.cancel')}
      </Button>
    </div>
  );
}

function Select({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const [selected, onToggle] = useUnit([$selected, rowToggled]);
  if (!isInvoiceEligible(order)) return null;
  return (
    <input
      type="checkbox"
      className="orders-check"
      checked={selected.includes(order.id)}
      aria-label={t('invoice.select', { orderNo: order.order_no })}
      onChange={() => onToggle(order.id)}
    />
  );
}

function StatusText({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const status = <span className={`orders-status orders-status--${order.status}`}>{order.pay_status}</span>;
  if (!order.refund_state) return status;
  // A payment the order could not take (cancelled, expired, or paid twice) goes back to the payer: how far it is.
  return (
    <span className="orders-status-stack">
      {status}
      <span className={`orders-refund orders-refund--${order.refund_state}`} data-testid="order-refund">
        {t(`refund.${order.refund_state}`)}
      </span>
    </span>
  );
}

function Table({ list }: { list: Order[] }) {
  const { t } = useTranslation('orders');
  return (
    <div className="orders-table-wrap">
      <table className="orders-table">
        <caption className="visually-hidden">{t('list.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="orders-table__check">
              <span className="visually-hidden">{t('invoice.column')}</span>
            </th>
            <th scope="col">{t('fields.orderNo')}</th>
            <th scope="col">{t('fields.desc')}</th>
            <th scope="col">{t('fields.amount')}</th>
            <th scope="col">{t('fields.createTime')}</th>
            <th scope="col">{t('fields.payType')}</th>
            <th scope="col">{t('fields.status')}</th>
            <th scope="col">{t('fields.invoice')}</th>
            <th scope="col">{t('fields.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((order) => (
            <tr key={order.id} data-testid="order-row">
              <td className="orders-table__check">
                <Select order={order} />
              </td>
              <td className="orders-number">
                {order.order_no}
                <CopyButton value={order.order_no} what={t('fields.orderNo')} />
                {order.isApp ? <span className="orders-app">{t('list.app')}</span> : null}
              </td>
              <td>{order.desc}</td>
              <td className="orders-money">{formatAmount(order.balance)}</td>
              <td className="orders-time">{order.create_time}</td>
              <td>{order.payType || t('list.none')}</td>
              <td>
                <StatusText order={order} />
              </td>
              <td>{t(`invoiceStatus.${order.invoiceStatus}`)}</td>
              <td>
                <Actions order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards({ list }: { list: Order[] }) {
  const { t } = useTranslation('orders');
  return (
    <ul className="orders-cards" aria-label={t('list.caption')}>
      {list.map((order) => (
        <li key={order.id} className="orders-card" data-testid="order-row">
          <div className="orders-card__head">
            <Select order={order} />
            <span className="orders-number">
              {order.order_no}
              <CopyButton value={order.order_no} what={t('fields.orderNo')} />
            </span>
            <StatusText order={order} />
          </div>
          <p className="orders-card__desc">
            {order.desc}
            {order.isApp ? <span className="orders-app">{t('list.app')}</span> : null}
          </p>
          <dl className="orders-card__facts">
            <div>
              <dt>{t('fields.amount')}</dt>
              <dd className="orders-money">{formatAmount(order.balance)}</dd>
            </div>
            <div>
              <dt>{t('fields.payType')}</dt>
              <dd>{order.payType || t('list.none')}</dd>
            </div>
            <div>
              <dt>{t('fields.invoice')}</dt>
              <dd>{t(`invoiceStatus.${order.invoiceStatus}`)}</dd>
            </div>
            <div className="orders-card__wide">
              <dt>{t('fields.createTime')}</dt>
              <dd>{order.create_time}</dd>
            </div>
          </dl>
          <Actions order={order} />
        </li>
      ))}
    </ul>
  );
}

function OrdersPager() {
  const { t } = useTranslation('orders');
  const [page, pages, count, onPage] = useUnit([$page, $pages, $count, pageChanged]);
  if (count === 0) return null;
  return (
    <Pager
      page={page}
      pages={pages}
      onPage={onPage}
      total={t('list.total', { count })}
      label={t('list.pagination')}
      prev={t('list.prev')}
      next={t('list.next')}
      pageText={t('list.page', { page, pages })}
    />
  );
}

/** `/orders`: tabs recharge / consumption / notarisation, date and status filters, 10 per page, pay, cancel, invoice. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const [search, setSearch] = useSearchParams();
  useGate(OrdersGate, { tab: tabOf(search.get('tab')) });
  const mobile = useIsMobile();
  const [tab, list, view, pending, filtered, onTab, onRetry, onInvoice] = useUnit([
    $tab,
    $list,
    $view,
    $pending,
    $filtered,
    tabChanged,
    retryClicked,
    invoiceClicked,
  ]);
  const choose = (next: OrderType) => {
    onTab(next);
    setSearch(next === 1 ? {} : { tab: String(next) }, { replace: true });
  };
  const body = (
    <ListBody
      view={view}
      texts={{
        loading: t('list.loading'),
        failed: t('list.failed'),
        retry: t('list.retry'),
        empty: t(filtered ? 'list.emptyFiltered' : 'list.empty'),
      }}
      onRetry={onRetry}
      emptyTestId="orders-empty"
      emptyAction={tab === 1 && !filtered ? <Link to={paths.buyCredits}>{t('list.buy')}</Link> : null}
    >
      {mobile ? <Cards list={list} /> : <Table list={list} />}
    </ListBody>
  );

  return (
    <div className="page orders">
      <div className="orders__head">
        <h1 className="orders__title">{t('title')}</h1>
        <div className="orders__head-actions">
          <Button onClick={onInvoice}>{t('invoice.apply')}</Button>
          <Link className="orders__buy" to={paths.buyCredits}>
            {t('list.buy')}
          </Link>
        </div>
      </div>
      <FilterTabs keys={TABS} activeKey={tab} title={(key) => t(`tabs.${key}`)} onChange={choose}>
        <section className="orders-card-box" aria-busy={pending}>
          <Filters />
          {body}
          <OrdersPager />
        </section>
      </FilterTabs>
    </div>
  );
}
