import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link, useSearchParams } from 'react-router-dom';
import type { Order, OrderType } from '@contracts';
import { formatAmount } from '@/shared/lib/format';
import { paths } from '@/shared/routing';
import { CopyButton } from '@/shared/ui/copy-button';
import { FilterTabs } from '@/shared/ui/filter-tabs';
import { ListFilters, ListPage, listPageTexts, type ListColumn, type ListFilter } from '@/shared/ui/list-page';
import { $cancelling, $paying, cancelOrderClicked, payOrderClicked } from '@/features/pay-order';
import { detailHref, wizardHref } from '@/entities/notary-order';
import { isInvoiceEligible } from '@/entities/order';
import {
  $filtered,
  $rangeDraft,
  $selected,
  $status,
  $tab,
  invoiceClicked,
  OrdersGate,
  ordersList,
  rangeChanged,
  resetClicked,
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
  const filters: ListFilter[] = [
    {
      kind: 'days',
      label: t('filters.dateRange'),
      startLabel: t('filters.startDate'),
      endLabel: t('filters.endDate'),
      value: range,
      onChange: onRange,
    },
    {
      kind: 'select',
      id: 'orders-status',
      label: t('filters.status'),
      value: status,
      choices: STATUSES.map((code) => ({ value: code, label: t(`status.${code}`) })),
      onChange: (value) => onStatus(Number(value)),
    },
  ];
  return <ListFilters label={t('filters.label')} filters={filters} reset={{ text: t('filters.reset'), onReset }} />;
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

function useColumns(): Array<ListColumn<Order>> {
  const { t } = useTranslation('orders');
  return [
    {
      label: t('invoice.column'),
      hideLabel: true,
      className: 'orders-table__check',
      card: 'head',
      cell: (order) => <Select order={order} />,
    },
    {
      label: t('fields.orderNo'),
      className: 'orders-number',
      card: 'head',
      cell: (order) => (
        <>
          {order.order_no}
          <CopyButton value={order.order_no} what={t('fields.orderNo')} />
        </>
      ),
    },
    {
      label: t('fields.desc'),
      card: 'title',
      cell: (order) => (
        <>
          {order.desc}
          {order.isApp ? <span className="orders-app">{t('list.app')}</span> : null}
        </>
      ),
    },
    { label: t('fields.amount'), className: 'orders-money', cell: (order) => formatAmount(order.balance) },
    { label: t('fields.createTime'), className: 'orders-time', card: 'wide', cell: (order) => order.create_time },
    { label: t('fields.payType'), cell: (order) => order.payType || t('list.none') },
    { label: t('fields.status'), card: 'head', cell: (order) => <StatusText order={order} /> },
    { label: t('fields.invoice'), cell: (order) => t(`invoiceStatus.${order.invoiceStatus}`) },
    { label: t('fields.actions'), card: 'foot', cell: (order) => <Actions order={order} /> },
  ];
}

/** `/orders`: tabs recharge / consumption / notarisation, date and status filters, 10 per page, pay, cancel, invoice. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const [search, setSearch] = useSearchParams();
  useGate(OrdersGate, { tab: tabOf(search.get('tab')) });
  const [tab, filtered, onTab, onInvoice] = useUnit([$tab, $filtered, tabChanged, invoiceClicked]);
  const columns = useColumns();
  const choose = (next: OrderType) => {
    onTab(next);
    setSearch(next === 1 ? {} : { tab: String(next) }, { replace: true });
  };

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
        <ListPage
          model={ordersList}
          texts={listPageTexts(t, 'list')}
          filters={<Filters />}
          columns={columns}
          rowKey={(order) => order.id}
          rowProps={() => ({ 'data-testid': 'order-row' })}
          emptyTestId="orders-empty"
          emptyAction={tab === 1 && !filtered ? <Link to={paths.buyCredits}>{t('list.buy')}</Link> : null}
        />
      </FilterTabs>
    </div>
  );
}
