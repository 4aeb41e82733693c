import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import type { OrderDetail, OrderSearchRow } from '@contracts';
import { Dialog } from '@/shared/ui/dialog';
import { ListState } from '@/shared/ui/list-state';
import { DeskFacts, DeskFilters, DeskRowsPage, listTexts, useCommonFilters, type DeskColumn } from '@/widgets/staff-desk';
import { readableBody, verdictParts } from '../lib/readable';
import {
  $openOrderNo,
  $orderDetail,
  $orderDetailFailed,
  detailRetried,
  drafts,
  orderClosed,
  orderList,
  orderOpened,
  $refundRetryPending,
  refundRetryClicked,
  statusChanged,
  typeChanged,
} from '../model/search';
import './orders-desk.css';

const TYPES = [1, 2, 3] as const;
const STATUSES = [1, 2, 3, 4] as const;

function Filters() {
  const { t } = useTranslation('staff-desks');
  const common = useCommonFilters();
  const [filters, draft, onType, onStatus, onDraft] = useUnit([
    orderList.$filters,
    drafts.$drafts,
    typeChanged,
    statusChanged,
    drafts.draftChanged,
  ]);
  const all = t('common.all');
  const types = TYPES.map((type) => ({ value: type, label: t(`orders.types.${type}`) }));
  const statuses = STATUSES.map((status) => ({ value: status, label: t(`orders.statuses.${status}`) }));
  const orderNo = (value: string) => onDraft({ orderNo: value });
  return (
    <DeskFilters
      list={orderList}
      label={t('orders.filters.label')}
      filters={[
        common.code('orders-order-no', t('common.orderNo'), t('common.orderNoPlaceholder'), draft.orderNo, orderNo),
        common.phone('orders-phone', draft.phone, (phone) => onDraft({ phone })),
        {
          kind: 'select',
          id: 'orders-type',
          label: t('orders.filters.type'),
          value: filters.type,
          all,
          choices: types,
          onChange: (value) => onType(Number(value)),
        },
        {
          kind: 'select',
          id: 'orders-status',
          label: t('orders.filters.status'),
          value: filters.status,
          all,
          choices: statuses,
          onChange: (value) => onStatus(Number(value)),
        },
        common.days(),
      ]}
    />
  );
}

const REFUND_TONE = { processing: 'warn', refunded: 'on', failed: 'off' } as const;

function StatusTag({ order }: { order: OrderSearchRow }) {
  const { t } = useTranslation('staff-desks');
  const tone = order.status === 2 ? 'on' : order.status === 1 ? 'warn' : 'off';
  const status = <span className={`staff-tag staff-tag--${tone}`}>{order.statusText}</span>;
  if (!order.refundState) return status;
  return (
    <span className="orders-desk-status">
      {status}
      <span className={`staff-tag staff-tag--${REFUND_TONE[order.refundState]}`} data-testid="order-desk-refund">
        {t(`orders.refund.states.${order.refundState}`)}
      </span>
    </span>
  );
}

/** The refund of a payment the order could not take: where it stands, and a retry once the gateway refused it. */
function RefundSection({ refund }: { refund: NonNullable<OrderDetail['refund']> }) {
  const { t } = useTranslation('staff-desks');
  const [onRetry, pending] = useUnit([refundRetryClicked, $refundRetryPending]);
  const r = (key: SubKeys<'staff-desks', 'orders.refund'>) => t(`orders.refund.${key}`);
  return (
    <section className="orders-refund" aria-label={r('title')} data-testid="order-desk-refund-detail">
      <h3 className="orders-detail__title">{r('title')}</h3>
      <DeskFacts
        facts={[
          [r('state'), t(`orders.refund.states.${refund.state}`)],
          [r('reason'), t(`orders.refund.reasons.${refund.reason}`, { defaultValue: refund.reason })],
          [r('provider'), t(`orders.detail.event.providers.${refund.provider}`, { defaultValue: refund.provider })],
          [r('money'), refund.money.toFixed(2)],
          [r('outRefundNo'), refund.outRefundNo],
          [r('tradeNo'), refund.tradeNo || null],
          [r('attempts'), String(refund.attempts)],
          [r('failure'), refund.failure || null],
          [r('createdAt'), refund.createdAt],
          [r('refundedAt'), refund.refundedAt || null],
        ]}
      />
      {refund.state === 'failed' ? (
        <div className="orders-refund__actions">
          <p className="staff-muted">{r('retryHint')}</p>
          <Button theme="solid" loading={pending} onClick={() => onRetry()}>
            {r('retry')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function useColumns(): DeskColumn<OrderSearchRow>[] {
  const { t } = useTranslation('staff-desks');
  const onOpen = useUnit(orderOpened);
  const label = (key: SubKeys<'staff-desks', 'orders.fields'>) => t(`orders.fields.${key}`);
  const open = (order: OrderSearchRow) => (
    <button
      type="button"
      className="staff-link-button"
      aria-label={t('common.openLabel', { what: order.orderNo })}
      onClick={() => onOpen(order.orderNo)}
    >
      {t('common.open')}
    </button>
  );
  return [
    { label: label('orderNo'), cell: (order) => order.orderNo, className: 'value-break' },
    { label: label('phone'), cell: (order) => order.phone },
    { label: label('type'), cell: (order) => t(`orders.types.${order.type}`, { defaultValue: String(order.type) }) },
    { label: label('description'), cell: (order) => order.description },
    { label: label('money'), cell: (order) => order.money.toFixed(2), className: 'nowrap' },
    { label: label('payType'), cell: (order) => order.payTypeText || t('common.none') },
    { label: label('createdAt'), cell: (order) => order.createdAt, className: 'nowrap' },
    { label: label('status'), cell: (order) => <StatusTag order={order} /> },
    { label: t('common.actions'), cell: open },
  ];
}

function DetailBody({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation('staff-desks');
  const { order, events } = detail;
  const f = (key: SubKeys<'staff-desks', 'orders.fields'>) => t(`orders.fields.${key}`);
  const none = t('common.none');
  /** A gateway's, a record kind's, a state's or an outcome's word in the locale; an unknown one as received. */
  const word = (group: string, value: string) => t(`orders.detail.event.${group}.${value}`, { defaultValue: value });
  const verdict = (text: string) => {
    const { state, outcome, detail } = verdictParts(text);
    const named = word('states', state);
    if (outcome) return t('orders.detail.event.verdictWithOutcome', { state: named, outcome: word('outcomes', outcome) });
    if (detail) return t('orders.detail.event.verdictWithDetail', { state: named, detail });
    return t('orders.detail.event.verdictValue', { value: named });
  };
  return (
    <div className="orders-detail">
      <DeskFacts
        facts={[
          [f('orderNo'), order.orderNo],
          [f('phone'), order.phone],
          [f('type'), t(`orders.types.${order.type}`, { defaultValue: String(order.type) })],
          [f('description'), order.description],
          [f('money'), order.money.toFixed(2)],
          [f('status'), order.statusText],
          [f('payType'), order.payTypeText],
          [f('gatewayTradeNo'), order.gatewayTradeNo],
          [f('createdAt'), order.createdAt],
          [f('paidAt'), order.paidAt],
          [f('invoiceStatus'), t(`orders.invoiceStatuses.${order.invoiceStatus}`, { defaultValue: none })],
          [f('closeReason'), order.closeReason || null],
          [f('notaryOrderNo'), detail.notaryOrderNo || null],
        ]}
      />
      {detail.refund ? <RefundSection refund={detail.refund} /> : null}
      <h3 className="orders-detail__title">{t('orders.detail.events')}</h3>
      {events.length === 0 ? (
        <p className="staff-muted">{t('orders.detail.eventsEmpty')}</p>
      ) : (
        <ol className="orders-events" aria-label={t('orders.detail.eventsCaption')} data-testid="order-gateway-events">
          {events.map((event) => (
            <li key={event.id} className="orders-events__item">
              <div className="orders-events__head">
                <span>{event.at}</span>
                <span className="staff-tag">{t('orders.detail.event.providerValue', { value: word('providers', event.provider) })}</span>
                <span className="staff-tag">{t('orders.detail.event.kindValue', { value: word('kinds', event.kind) })}</span>
                <span className="staff-tag">{verdict(event.verdict)}</span>
              </div>
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus to be scrolled by keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
              <div className="orders-events__body" role="region" aria-label={t('orders.detail.event.body')} tabIndex={0}>
                <pre>{readableBody(event.body)}</pre>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function DetailDialog() {
  const { t } = useTranslation('staff-desks');
  const [orderNo, detail, failed, onClose, onRetry] = useUnit([$openOrderNo, $orderDetail, $orderDetailFailed, orderClosed, detailRetried]);
  return (
    <Dialog
      title={t('orders.detail.title', { orderNo })}
      open={orderNo !== ''}
      onClose={onClose}
      closeLabel={t('orders.detail.close')}
      width="760px"
    >
      {detail && detail.order.orderNo === orderNo ? (
        <DetailBody detail={detail} />
      ) : failed ? (
        <ListState kind="error" text={t('common.detailFailed')}>
          <Button onClick={() => onRetry()}>{t('common.retry')}</Button>
        </ListState>
      ) : (
        <ListState kind="loading" text={t('common.loading')} />
      )}
    </Dialog>
  );
}

/** `/staff/orders`: finance's order and payment search. */
export function StaffOrdersPage() {
  const { t } = useTranslation('staff-desks');
  const texts = listTexts((key) => t(key), 'orders.list');
  return (
    <DeskRowsPage
      list={orderList}
      title={t('orders.title')}
      intro={t('orders.intro')}
      texts={texts}
      emptyTestId="order-desk-empty"
      filters={<Filters />}
      dialogs={<DetailDialog />}
      columns={useColumns()}
      rowProps={(order) => ({ 'data-testid': 'order-desk-row', 'data-order-no': order.orderNo })}
    />
  );
}
