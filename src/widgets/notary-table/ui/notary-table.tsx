import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOTARY_ORDER_NO_MAX, NOTARY_PAGE_SIZE, NOTARY_PAY, type NotaryRow } from '@/shared/api';
import { formatAmount } from '@/shared/lib/format';
import { useIsMobile } from '@/shared/lib/media';
import { canContinue, canEnd, canViewDetails, DASH, detailHref, orDash } from '@/entities/notary-order';
import {
  $count,
  $failed,
  $filtered,
  $list,
  $loaded,
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
const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (date: Date | null) => (date ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : '');
const parseDay = (value: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
};

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
      <fieldset className="notary-filters__item">
        <legend className="notary-filters__label">{t('list.filters.dateRange')}</legend>
        <div className="notary-filters__range">
          <input
            type="date"
            className="notary-input"
            aria-label={t('list.filters.startDate')}
            value={dayText(range[0])}
            max={dayText(range[1]) || undefined}
            onChange={(event) => onRange([parseDay(event.target.value), range[1]])}
          />
          <span aria-hidden="true">~</span>
          <input
            type="date"
            className="notary-input"
            aria-label={t('list.filters.endDate')}
            value={dayText(range[1])}
            min={dayText(range[0]) || undefined}
            onChange={(event) => onRange([range[0], parseDay(event.target.value)])}
          />
        </div>
      </fieldset>
      <div className="notary-filters__item">
        <label className="notary-filters__label" htmlFor="notary-pay-type">
          {t('list.filters.payType')}
        </label>
        <select id="notary-pay-type" className="notary-input" value={payType} onChange={(event) => onPay(Number(event.target.value))}>
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
        <select id="notary-notarial-type" className="notary-input" value={notarialType} onChange={(event) => onNotarial(Number(event.target.value))}>
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
          className="notary-input notary-input--search"
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

/** Points consumed: what a paid order cost; nothing for an unpaid one, nor for one whose points went back. */
const pointsText = (row: NotaryRow) => (row.payCode === NOTARY_PAY.paid ? formatAmount(row.money) : DASH);

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
              <td className="notary-number">{row.orderNo}</td>
              <td className="notary-time">{row.addTime}</td>
              <td>{row.number}</td>
              <td>
                <StepText row={row} />
              </td>
              <td className="notary-money">{pointsText(row)}</td>
              <td className={`notary-pay notary-pay--${row.payCode}`}>{orDash(row.pay)}</td>
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
            <span className="notary-number">{row.orderNo}</span>
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
              <dd className={`notary-pay notary-pay--${row.payCode}`}>{orDash(row.pay)}</dd>
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
function Pager() {
  const { t } = useTranslation('notary');
  const [page, count, onPage] = useUnit([$page, $count, pageChanged]);
  const [jump, setJump] = useState('');
  if (count === 0) return null;
  const pages = Math.max(1, Math.ceil(count / NOTARY_PAGE_SIZE));
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  const go = (event: FormEvent) => {
    event.preventDefault();
    const target = Number(jump);
    if (Number.isInteger(target) && target >= 1 && target <= pages && target !== page) onPage(target);
    setJump('');
  };
  return (
    <div className="notary-pager">
      <span className="notary-muted" data-testid="notary-total">
        {t('list.total', { count })}
      </span>
      {pages > 1 ? (
        <>
          <nav className="notary-pager__nav" aria-label={t('list.pagination')}>
            <button type="button" className="notary-pager__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              {t('list.prev')}
            </button>
            {numbers.map((n) => (
              <button
                key={n}
                type="button"
                className={`notary-pager__button notary-pager__button--number${n === page ? ' notary-pager__button--current' : ''}`}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('list.pageNumber', { page: n })}
                onClick={() => onPage(n)}
              >
                {n}
              </button>
            ))}
            <button type="button" className="notary-pager__button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
              {t('list.next')}
            </button>
          </nav>
          <form className="notary-pager__jump" onSubmit={go}>
            <label htmlFor="notary-jump">{t('list.jumpTo')}</label>
            <input
              id="notary-jump"
              className="notary-input notary-input--jump"
              inputMode="numeric"
              value={jump}
              onChange={(event) => setJump(event.target.value.replace(/\D/g, '').slice(0, 6))}
            />
            <span>{t('list.jumpPage', { pages })}</span>
            <button type="submit" className="notary-pager__button">
              {t('list.jumpGo')}
            </button>
          </form>
        </>
      ) : null}
    </div>
  );
}

/** The notarisation orders: filters, table (cards on a phone), empty, loading and error states, pager. */
export function NotaryTable() {
  useGate(NotaryListGate);
  const { t } = useTranslation('notary');
  const mobile = useIsMobile();
  const [list, pending, failed, loaded, filtered, onRetry] = useUnit([$list, $pending, $failed, $loaded, $filtered, retryClicked]);

  let body: ReactNode;
  if (failed && !pending) {
    body = (
      <div className="notary-state" role="alert">
        <p>{t('list.failed')}</p>
        <Button onClick={onRetry}>{t('list.retry')}</Button>
      </div>
    );
  } else if (!loaded || (pending && list.length === 0)) {
    body = (
      <div className="notary-state" aria-busy="true">
        <span className="notary-spinner" aria-hidden="true" />
        <span>{t('list.loading')}</span>
      </div>
    );
  } else if (list.length === 0) {
    body = (
      <div className="notary-state" data-testid="notary-empty">
        <p>{t(filtered ? 'list.emptyFiltered' : 'list.empty')}</p>
      </div>
    );
  } else {
    body = mobile ? <Cards list={list} /> : <Table list={list} />;
  }

  return (
    <section className="notary-box" aria-busy={pending} aria-label={t('list.caption')}>
      <Filters />
      {body}
      <Pager />
    </section>
  );
}
