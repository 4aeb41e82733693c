import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOTARY_DESK_STATES, type NotaryDeskRow, type NotaryDeskState } from '@/shared/api';
import { paths } from '@/shared/routing';
import { ListBody } from '@/shared/ui/list-state';
import { StaffListPager } from '@/entities/staff-member';
import { drafts, NotaryQueueGate, queueList, stateChanged } from '../model/queue';

function Filters() {
  const { t } = useTranslation('staff-desks');
  const [filters, draft, onState, onDraft, onSearch, onReset] = useUnit([
    queueList.$filters,
    drafts.$drafts,
    stateChanged,
    drafts.draftChanged,
    drafts.draftsSubmitted,
    queueList.resetClicked,
  ]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className="staff-filters" aria-label={t('notary.filters.label')} onSubmit={submit}>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="notary-state">
          {t('notary.filters.state')}
        </label>
        <select id="notary-state" className="ui-control" value={filters.state} onChange={(event) => onState(event.target.value)}>
          <option value="">{t('common.all')}</option>
          {NOTARY_DESK_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`notary.states.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="notary-order-no">
          {t('common.orderNo')}
        </label>
        <input
          id="notary-order-no"
          className="ui-control"
          maxLength={40}
          value={draft.orderNo}
          placeholder={t('common.orderNoPlaceholder')}
          onChange={(event) => onDraft({ orderNo: event.target.value.replace(/[^A-Za-z0-9]/g, '') })}
        />
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="notary-phone">
          {t('common.phone')}
        </label>
        <input
          id="notary-phone"
          className="ui-control"
          inputMode="numeric"
          maxLength={11}
          value={draft.phone}
          placeholder={t('common.phonePlaceholder')}
          onChange={(event) => onDraft({ phone: event.target.value.replace(/\D/g, '') })}
        />
      </div>
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

export function NotaryState({ state }: { state: NotaryDeskState }) {
  const { t } = useTranslation('staff-desks');
  const tone = state === 'succeeded' ? 'on' : state === 'failed' || state === 'voided' ? 'off' : 'warn';
  return <span className={`staff-tag staff-tag--${tone}`}>{t(`notary.states.${state}`)}</span>;
}

/** Points, or yuan for an order paid by bank transfer. */
export function useMoneyText() {
  const { t } = useTranslation('staff-desks');
  return (row: Pick<NotaryDeskRow, 'money' | 'payMethod'>) =>
    t(row.payMethod === 2 ? 'common.yuan' : 'common.points', { amount: row.money.toFixed(2) });
}

function Table({ list }: { list: NotaryDeskRow[] }) {
  const { t } = useTranslation('staff-desks');
  const money = useMoneyText();
  const label = (key: string) => t(`notary.fields.${key}`);
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('notary.list.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{label('orderNo')}</th>
          <th scope="col">{label('applicant')}</th>
          <th scope="col">{label('phone')}</th>
          <th scope="col">{label('records')}</th>
          <th scope="col">{label('money')}</th>
          <th scope="col">{label('paidAt')}</th>
          <th scope="col">{label('state')}</th>
          <th scope="col">{t('common.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((row) => (
          <tr key={row.id} data-testid="notary-desk-row" data-order-no={row.orderNo}>
            <td data-label={label('orderNo')} className="value-break">
              {row.orderNo}
            </td>
            <td data-label={label('applicant')}>{row.applicant}</td>
            <td data-label={label('phone')}>{row.phone}</td>
            <td data-label={label('records')}>
              {t('notary.fields.recordsValue', { type: t(`notary.evidenceTypes.${row.type}`, { defaultValue: '' }), count: row.number })}
            </td>
            <td data-label={label('money')} className="nowrap">
              {money(row)}
            </td>
            <td data-label={label('paidAt')} className="nowrap">
              {row.paidAt || row.transferAt || t('common.none')}
            </td>
            <td data-label={label('state')}>
              <NotaryState state={row.state} />
            </td>
            <td data-label={t('common.actions')}>
              <Link to={`${paths.staffNotary}/${row.id}`} aria-label={t('common.openLabel', { what: row.orderNo })}>
                {t('common.open')}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `/staff/notary`: the notary office's queue. */
export function StaffNotaryPage() {
  const { t } = useTranslation('staff-desks');
  useGate(NotaryQueueGate);
  const [list, view, pending, filtered, onRetry] = useUnit([
    queueList.$list,
    queueList.$view,
    queueList.$pending,
    queueList.$filtered,
    queueList.retryClicked,
  ]);
  return (
    <div className="staff-page">
      <h1 className="staff-page__title">{t('notary.title')}</h1>
      <p className="staff-page__intro">{t('notary.intro')}</p>
      <section className="staff-panel" aria-busy={pending} aria-label={t('notary.list.caption')}>
        <Filters />
        <ListBody
          view={view}
          texts={{
            loading: t('common.loading'),
            failed: t('notary.list.failed'),
            retry: t('common.retry'),
            empty: t(filtered ? 'notary.list.emptyFiltered' : 'notary.list.empty'),
          }}
          onRetry={onRetry}
          emptyTestId="notary-desk-empty"
        >
          <Table list={list} />
        </ListBody>
        <StaffListPager list={queueList} label={t('notary.list.pagination')} />
      </section>
    </div>
  );
}
