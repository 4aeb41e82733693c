import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { NOTARY_ORDER_NO_MAX, NOTARY_PAY, NOTARY_PAY_METHOD, type NotaryRow } from '@contracts';
import { formatAmount } from '@/shared/lib/format';
import { CopyButton } from '@/shared/ui/copy-button';
import { ListFilters, ListPage, listPageTexts, type ListColumn, type ListFilter } from '@/shared/ui/list-page';
import { canContinue, canEnd, canViewDetails, DASH, detailHref, orDash } from '@/entities/notary-order';
import {
  $notarialType,
  $orderNoDraft,
  $payType,
  $rangeDraft,
  $stopping,
  continueClicked,
  endClicked,
  notarialTypeChanged,
  NotaryListGate,
  notaryList,
  orderNoChanged,
  orderNoSubmitted,
  payTypeChanged,
  rangeChanged,
  resetClicked,
} from '../model/notary-list';
import './notary-table.css';

const PAY_FILTERS = [0, 1, 2] as const;
const NOTARIAL_FILTERS = [0, 1, 2, 3, 4] as const;

function Filters() {
  const { t } = useTranslation('notary');
  const [range, payType, notarialType, orderNo, onRange, onPay, onNotarial, onOrderNo, onSubmit, onReset] = useUnit([
    $rangeDraft,
    $payType,
    $notarialType,
    $orderNoDraft,
    rangeChanged,
    payTypeChanged,
    notarialTypeChanged,
    orderNoChanged,
    orderNoSubmitted,
    resetClicked,
  ]);
  const filters: ListFilter[] = [
    {
      kind: 'days',
      label: t('list.filters.dateRange'),
      startLabel: t('list.filters.startDate'),
      endLabel: t('list.filters.endDate'),
      value: range,
      onChange: onRange,
    },
    {
      kind: 'select',
      id: 'notary-pay-type',
      label: t('list.filters.payType'),
      value: payType,
      choices: PAY_FILTERS.map((code) => ({ value: code, label: t(`list.payFilter.${code}`) })),
      onChange: (value) => onPay(Number(value)),
    },
    {
      kind: 'select',
      id: 'notary-notarial-type',
      label: t('list.filters.notarialType'),
      value: notarialType,
      choices: NOTARIAL_FILTERS.map((code) => ({ value: code, label: t(`list.notarialFilter.${code}`) })),
      onChange: (value) => onNotarial(Number(value)),
    },
    {
      kind: 'text',
      id: 'notary-order-no',
      label: t('list.filters.orderNo'),
      value: orderNo,
      maxLength: NOTARY_ORDER_NO_MAX,
      placeholder: t('list.filters.orderNoPlaceholder'),
      onChange: onOrderNo,
    },
  ];
  return (
    <ListFilters
      label={t('list.filters.label')}
      filters={filters}
      search={{ text: t('list.filters.search'), onSearch: onSubmit }}
      reset={{ text: t('list.filters.reset'), onReset }}
    />
  );
}

function Actions({ row }: { row: NotaryRow }) {
  const { t } = useTranslation('notary');
  const [stopping, onContinue, onEnd] = useUnit([$stopping, continueClicked, endClicked]);
  const forOrder = (action: string) => t('list.actionFor', { action, orderNo: row.orderNo });
  if (canContinue(row) || canEnd(row)) {
    return (
      <div className="notary-actions">
        <Button size="small" theme="solid" type="primary" onClick={() => onContinue(row)} aria-label={forOrder(t('list.continue'))}>
          {t('list.continue')}
        </Button>
        <Button size="small" type="danger" disabled={stopping} onClick={() => onEnd(row)} aria-label={forOrder(t('list.end'))}>
          {t('list.end')}
        </Button>
      </div>
    );
  }
  if (canViewDetails(row)) {
    return (
      <Link className="notary-actions__link" to={detailHref(row)} aria-label={forOrder(t('list.viewDetails'))}>
        {t('list.viewDetails')}
      </Link>
    );
  }
  // A terminated (or failed) order offers nothing: only a dash.
  return <span className="notary-muted">{DASH}</span>;
}

/** The step column: where an unfinished (or voided) order stands; a paid one went through all four. */
function StepText({ row }: { row: NotaryRow }) {
  const { t } = useTranslation('notary');
  return <>{row.notarialCode === 0 || row.notarialCode === 3 ? t(`step.${row.step}`) : t('list.allStepsDone')}</>;
}

/**
 * Points consumed: what a paid order cost in points; nothing for an unpaid one, one whose points went back,
 * or one paid by bank transfer (no points were spent: the payment column says what was paid and how).
 */
const pointsText = (row: NotaryRow) =>
  row.payCode === NOTARY_PAY.paid && row.payMethod !== NOTARY_PAY_METHOD.transfer ? formatAmount(row.money) : DASH;

/** The payment status, and for a bank transfer (sent or confirmed) the money and the way it went. */
function PayText({ row }: { row: NotaryRow }) {
  const { t } = useTranslation('notary');
  return (
    <>
      {orDash(row.pay)}
      {row.payMethod === NOTARY_PAY_METHOD.transfer ? (
        <span className="notary-pay__method" data-testid="notary-pay-method">
          {t('list.transferPaid', { amount: row.money })}
        </span>
      ) : null}
    </>
  );
}

function useColumns(): Array<ListColumn<NotaryRow>> {
  const { t } = useTranslation('notary');
  return [
    {
      label: t('list.columns.orderNo'),
      className: 'notary-number',
      card: 'head',
      cell: (row) => (
        <>
          {row.orderNo}
          <CopyButton value={row.orderNo} what={t('list.columns.orderNo')} />
        </>
      ),
    },
    { label: t('list.columns.addTime'), className: 'notary-time', card: 'wide', cell: (row) => row.addTime },
    { label: t('list.columns.number'), cell: (row) => row.number },
    { label: t('list.columns.step'), cell: (row) => <StepText row={row} /> },
    { label: t('list.columns.money'), className: 'notary-money', cell: pointsText },
    {
      label: t('list.columns.pay'),
      cell: (row) => (
        <span className={`notary-pay notary-pay--${row.payCode}`}>
          <PayText row={row} />
        </span>
      ),
    },
    {
      label: t('list.columns.notarial'),
      card: 'head',
      cell: (row) => <span className={`notary-status notary-status--${row.notarialCode}`}>{orDash(row.notarial)}</span>,
    },
    { label: t('list.columns.actions'), card: 'foot', cell: (row) => <Actions row={row} /> },
  ];
}

/** The notarisation orders: filters, table (cards on a phone), empty, loading and error states, 10 a page with the total and a jumper (spec section 2). */
export function NotaryTable() {
  useGate(NotaryListGate);
  const { t } = useTranslation('notary');
  const columns = useColumns();
  return (
    <ListPage
      model={notaryList}
      texts={listPageTexts(t, 'list')}
      filters={<Filters />}
      columns={columns}
      rowKey={(row) => row.id}
      rowProps={() => ({ 'data-testid': 'notary-row' })}
      emptyTestId="notary-empty"
      pager={{
        numbers: true,
        noPageText: true,
        numberLabel: (n) => t('list.pageNumber', { page: n }),
        totalTestId: 'notary-total',
        jump: (pages) => ({ id: 'notary-jump', label: t('list.jumpTo'), suffix: t('list.jumpPage', { pages }), go: t('list.jumpGo') }),
      }}
    />
  );
}
