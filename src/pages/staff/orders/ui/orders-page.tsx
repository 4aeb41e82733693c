import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderSearchRow } from '@/shared/api';
import { DateRangeInput } from '@/shared/ui/date-range-input';
import { Dialog } from '@/shared/ui/dialog';
import { ListBody, ListState } from '@/shared/ui/list-state';
import { StaffListPager } from '@/entities/staff-member';
import { readableBody } from '../lib/readable';
import {
  $openOrderNo,
  $orderDetail,
  $orderDetailFailed,
  detailRetried,
  drafts,
  orderClosed,
  orderList,
  orderOpened,
  OrderSearchGate,
  statusChanged,
  typeChanged,
} from '../model/search';
import './orders-desk.css';

const TYPES = [1, 2, 3] as const;
const STATUSES = [1, 2, 3, 4] as const;

function Filters() {
  const { t } = useTranslation('staff-desks');
  const [filters, draft, range, onType, onStatus, onDraft, onRange, onSearch, onReset] = useUnit([
    orderList.$filters,
    drafts.$drafts,
    orderList.$rangeDraft,
    typeChanged,
    statusChanged,
    drafts.draftChanged,
    orderList.rangeChanged,
    drafts.draftsSubmitted,
    orderList.resetClicked,
  ]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className="staff-filters" aria-label={t('orders.filters.label')} onSubmit={submit}>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="orders-order-no">
          {t('common.orderNo')}
        </label>
        <input
          id="orders-order-no"
          className="ui-control"
          maxLength={40}
          value={draft.orderNo}
          placeholder={t('common.orderNoPlaceholder')}
          onChange={(event) => onDraft({ orderNo: event.target.value.replace(/[^A-Za-z0-9]/g, '') })}
        />
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="orders-phone">
          {t('common.phone')}
        </label>
        <input
          id="orders-phone"
          className="ui-control"
          inputMode="numeric"
          maxLength={11}
          value={draft.phone}
          placeholder={t('common.phonePlaceholder')}
          onChange={(event) => onDraft({ phone: event.target.value.replace(/\D/g, '') })}
        />
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="orders-type">
          {t('orders.filters.type')}
        </label>
        <select id="orders-type" className="ui-control" value={filters.type} onChange={(event) => onType(Number(event.target.value))}>
          <option value={0}>{t('common.all')}</option>
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`orders.types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="orders-status">
          {t('orders.filters.status')}
        </label>
        <select id="orders-status" className="ui-control" value={filters.status} onChange={(event) => onStatus(Number(event.target.value))}>
          <option value={0}>{t('common.all')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`orders.statuses.${status}`)}
            </option>
          ))}
        </select>
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

function StatusTag({ order }: { order: OrderSearchRow }) {
  const tone = order.status === 2 ? 'on' : order.status === 1 ? 'warn' : 'off';
  return <span className={`staff-tag staff-tag--${tone}`}>{order.statusText}</span>;
}

function Table({ list }: { list: OrderSearchRow[] }) {
  const { t } = useTranslation('staff-desks');
  const onOpen = useUnit(orderOpened);
  const label = (key: string) => t(`orders.fields.${key}`);
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('orders.list.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{label('orderNo')}</th>
          <th scope="col">{label('phone')}</th>
          <th scope="col">{label('type')}</th>
          <th scope="col">{label('description')}</th>
          <th scope="col">{label('money')}</th>
          <th scope="col">{label('payType')}</th>
          <th scope="col">{label('createdAt')}</th>
          <th scope="col">{label('status')}</th>
          <th scope="col">{t('common.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((order) => (
          <tr key={order.id} data-testid="order-desk-row" data-order-no={order.orderNo}>
            <td data-label={label('orderNo')} className="value-break">
              {order.orderNo}
            </td>
            <td data-label={label('phone')}>{order.phone}</td>
            <td data-label={label('type')}>{t(`orders.types.${order.type}`, { defaultValue: String(order.type) })}</td>
            <td data-label={label('description')}>{order.description}</td>
            <td data-label={label('money')} className="nowrap">
              {order.money.toFixed(2)}
            </td>
            <td data-label={label('payType')}>{order.payTypeText || t('common.none')}</td>
            <td data-label={label('createdAt')} className="nowrap">
              {order.createdAt}
            </td>
            <td data-label={label('status')}>
              <StatusTag order={order} />
            </td>
            <td data-label={t('common.actions')}>
              <button
                type="button"
                className="staff-link-button"
                aria-label={t('common.openLabel', { what: order.orderNo })}
                onClick={() => onOpen(order.orderNo)}
              >
                {t('common.open')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DetailBody({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation('staff-desks');
  const { order, events } = detail;
  const f = (key: string) => t(`orders.fields.${key}`);
  const e = (key: string, values: Record<string, string> = {}) => t(`orders.detail.event.${key}`, values);
  const none = t('common.none');
  return (
    <div className="orders-detail">
      <dl className="staff-facts">
        <Fact label={f('orderNo')}>{order.orderNo}</Fact>
        <Fact label={f('phone')}>{order.phone}</Fact>
        <Fact label={f('type')}>{t(`orders.types.${order.type}`, { defaultValue: String(order.type) })}</Fact>
        <Fact label={f('description')}>{order.description}</Fact>
        <Fact label={f('money')}>{order.money.toFixed(2)}</Fact>
        <Fact label={f('status')}>{order.statusText}</Fact>
        <Fact label={f('payType')}>{order.payTypeText || none}</Fact>
        <Fact label={f('gatewayTradeNo')}>{order.gatewayTradeNo || none}</Fact>
        <Fact label={f('createdAt')}>{order.createdAt}</Fact>
        <Fact label={f('paidAt')}>{order.paidAt || none}</Fact>
        <Fact label={f('invoiceStatus')}>{t(`orders.invoiceStatuses.${order.invoiceStatus}`, { defaultValue: none })}</Fact>
        {order.closeReason ? <Fact label={f('closeReason')}>{order.closeReason}</Fact> : null}
        {detail.notaryOrderNo ? <Fact label={f('notaryOrderNo')}>{detail.notaryOrderNo}</Fact> : null}
      </dl>
      <h3 className="orders-detail__title">{t('orders.detail.events')}</h3>
      {events.length === 0 ? (
        <p className="staff-muted">{t('orders.detail.eventsEmpty')}</p>
      ) : (
        <ol className="orders-events" aria-label={t('orders.detail.eventsCaption')} data-testid="order-gateway-events">
          {events.map((event) => (
            <li key={event.id} className="orders-events__item">
              <div className="orders-events__head">
                <span>{event.at}</span>
                <span className="staff-tag">{e('providerValue', { value: event.provider })}</span>
                <span className="staff-tag">{e('kindValue', { value: event.kind })}</span>
                <span className="staff-tag">{e('verdictValue', { value: event.verdict })}</span>
              </div>
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus to be scrolled by keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
              <div className="orders-events__body" role="region" aria-label={e('body')} tabIndex={0}>
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
  useGate(OrderSearchGate);
  const [list, view, pending, filtered, onRetry] = useUnit([
    orderList.$list,
    orderList.$view,
    orderList.$pending,
    orderList.$filtered,
    orderList.retryClicked,
  ]);
  return (
    <div className="staff-page">
      <h1 className="staff-page__title">{t('orders.title')}</h1>
      <p className="staff-page__intro">{t('orders.intro')}</p>
      <section className="staff-panel" aria-busy={pending} aria-label={t('orders.list.caption')}>
        <Filters />
        <ListBody
          view={view}
          texts={{
            loading: t('common.loading'),
            failed: t('orders.list.failed'),
            retry: t('common.retry'),
            empty: t(filtered ? 'orders.list.emptyFiltered' : 'orders.list.empty'),
          }}
          onRetry={onRetry}
          emptyTestId="order-desk-empty"
        >
          <Table list={list} />
        </ListBody>
        <StaffListPager list={orderList} label={t('orders.list.pagination')} />
      </section>
      <DetailDialog />
    </div>
  );
}
