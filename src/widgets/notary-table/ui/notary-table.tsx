import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { NOTARY_ORDER_NO_MAX, NOTARY_PAGE_SIZE, NOTARY_PAY, NOTARY_PAY_METHOD, type NotaryRow } from '@contracts';
import { formatAmount } from '@/shared/lib/format';
import { useIsMobile } from '@/shared/lib/media';
import { CopyButton } from '@/shared/ui/copy-button';
import { DateRangeInput } from '@/shared/ui/date-range-input';
import { ListBody } from '@/shared/ui/list-state';
import { Pager } from '@/shared/ui/pager';
import { canContinue, canEnd, canViewDetails, DASH, detailHref, orDash } from '@/entities/notary-order';
import {
  $count,
  $filtered,
  $list,
  $view,
  $notarialType,
  $orderNoDraft,
  $page,
  $payType,
  $pending,
  $rangeDraft,
  $stopping,
  continueClicked,
  endClicked,
  notarialTypeChanged,
  NotaryListGate,
  orderNoChanged,
  orderNoSubmitted,
  pageChanged,
  payTypeChanged,
  rangeChanged,
  resetClicked,
  retryClicked,
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
  return (
    <form
      className="notary-filters"
      aria-label={t('list.filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DateRangeInput
        className="notary-filters__item"
        legendClassName="notary-filters__label"
        legend={t('list.filters.dateRange')}
        startLabel={t('list.filters.startDate')}
        endLabel={t('list.filters.endDate')}
        value={range}
        onChange={onRange}
      />
      <div className="notary-filters__item">
        <label className="notary-filters__label" htmlFor="notary-pay-type">
          {t('list.filters.payType')}
        </label>
        <select
          id="notary-pay-type"
          className="ui-control notary-input"
          value={payType}
          onChange={(event) => onPay(Number(event.target.value))}
        >
          {PAY_FILTERS.map((code) => (
            <option key={code} value={code}>
              {t(`list.payFilter.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="notary-filters__item">
        <label className="notary-filters__label" htmlFor="notary-notarial-type">
          {t('list.filters.notarialType')}
        </label>
        <select
          id="notary-notarial-type"
          className="ui-control notary-input"
          value={notarialType}
          onChange={(event) => onNotarial(Number(event.target.value))}
        >
          {NOTARIAL_FILTERS.map((code) => (
            <option key={code} value={code}>
              {t(`list.notarialFilter.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="notary-filters__item">
        <label className="notary-filters__label" htmlFor="notary-order-no">
          {t('list.filters.orderNo')}
        </label>
        <input
          id="notary-order-no"
          className="ui-control notary-input notary-input--search"
          value={orderNo}
          maxLength={NOTARY_ORDER_NO_MAX}
          placeholder={t('list.filters.orderNoPlaceholder')}
          onChange={(event) => onOrderNo(event.target.value)}
        />
      </div>
      <div className="notary-filters__buttons">
        <Button htmlType="submit" theme="solid" type="primary">
          {t('list.filters.search')}
        </Button>
        <Button type="tertiary" onClick={onReset}>
          {t('list.filters.reset')}
        </Button>
      </div>
    </form>
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

function Table({ list }: { list: NotaryRow[] }) {
  const { t } = useTranslation('notary');
  return (
    <div className="notary-table-wrap">
      <table className="notary-table">
        <caption className="visually-hidden">{t('list.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('list.columns.orderNo')}</th>
            <th scope="col">{t('list.columns.addTime')}</th>
            <th scope="col">{t('list.columns.number')}</th>
            <th scope="col">{t('list.columns.step')}</th>
            <th scope="col">{t('list.columns.money')}</th>
            <th scope="col">{t('list.columns.pay')}</th>
            <th scope="col">{t('list.columns.notarial')}</th>
            <th scope="col">{t('list.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((row) => (
            <tr key={row.id} data-testid="notary-row">
              <td className="notary-number">
                {row.orderNo}
                <CopyButton value={row.orderNo} what={t('list.columns.orderNo')} />
              </td>
              <td className="notary-time">{row.addTime}</td>
              <td>{row.number}</td>
              <td>
                <StepText row={row} />
              </td>
              <td className="notary-money">{pointsText(row)}</td>
              <td className={`notary-pay notary-pay--${row.payCode}`}>
                <PayText row={row} />
              </td>
              <td className={`notary-status notary-status--${row.notarialCode}`}>{orDash(row.notarial)}</td>
              <td>
                <Actions row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards({ list }: { list: NotaryRow[] }) {
  const { t } = useTranslation('notary');
  return (
    <ul className="notary-cards" aria-label={t('list.caption')}>
      {list.map((row) => (
        <li key={row.id} className="notary-card" data-testid="notary-row">
          <div className="notary-card__head">
            <span className="notary-number">
              {row.orderNo}
              <CopyButton value={row.orderNo} what={t('list.columns.orderNo')} />
            </span>
            <span className={`notary-status notary-status--${row.notarialCode}`}>{orDash(row.notarial)}</span>
          </div>
          <dl className="notary-card__facts">
            <div>
              <dt>{t('list.columns.number')}</dt>
              <dd>{row.number}</dd>
            </div>
            <div>
              <dt>{t('list.columns.step')}</dt>
              <dd>
                <StepText row={row} />
              </dd>
            </div>
            <div>
              <dt>{t('list.columns.money')}</dt>
              <dd className="notary-money">{pointsText(row)}</dd>
            </div>
            <div>
              <dt>{t('list.columns.pay')}</dt>
              <dd className={`notary-pay notary-pay--${row.payCode}`}>
                <PayText row={row} />
              </dd>
            </div>
            <div className="notary-card__wide">
              <dt>{t('list.columns.addTime')}</dt>
              <dd>{row.addTime}</dd>
            </div>
          </dl>
          <Actions row={row} />
        </li>
      ))}
    </ul>
  );
}

/** 10 a page with the total and a jumper (spec section 2). */
function NotaryPager() {
  const { t } = useTranslation('notary');
  const [page, count, onPage] = useUnit([$page, $count, pageChanged]);
  if (count === 0) return null;
  const pages = Math.max(1, Math.ceil(count / NOTARY_PAGE_SIZE));
  return (
    <Pager
      page={page}
      pages={pages}
      onPage={onPage}
      total={t('list.total', { count })}
      totalTestId="notary-total"
      label={t('list.pagination')}
      prev={t('list.prev')}
      next={t('list.next')}
      numbers
      numberLabel={(n) => t('list.pageNumber', { page: n })}
      jump={{ id: 'notary-jump', label: t('list.jumpTo'), suffix: t('list.jumpPage', { pages }), go: t('list.jumpGo') }}
    />
  );
}

/** The notarisation orders: filters, table (cards on a phone), empty, loading and error states, pager. */
export function NotaryTable() {
  useGate(NotaryListGate);
  const { t } = useTranslation('notary');
  const mobile = useIsMobile();
  const [list, view, pending, filtered, onRetry] = useUnit([$list, $view, $pending, $filtered, retryClicked]);

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
      emptyTestId="notary-empty"
    >
      {mobile ? <Cards list={list} /> : <Table list={list} />}
    </ListBody>
  );

  return (
    <section className="notary-box" aria-busy={pending} aria-label={t('list.caption')}>
      <Filters />
      {body}
      <NotaryPager />
    </section>
  );
}
