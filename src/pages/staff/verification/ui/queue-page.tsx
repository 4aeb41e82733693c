import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { KYC_REVIEW_KINDS, KYC_REVIEW_STATES, type KycReviewRow } from '@/shared/api';
import { paths } from '@/shared/routing';
import { ListBody } from '@/shared/ui/list-state';
import { StaffListPager } from '@/entities/staff-member';
import { $queueFilters, kindChanged, queueList, stateChanged, VerificationQueueGate } from '../model/queue';

function Filters() {
  const { t } = useTranslation('staff-desks');
  const [filters, phone, onKind, onState, onPhone, onSearch, onReset] = useUnit([
    $queueFilters,
    queueList.$textDraft,
    kindChanged,
    stateChanged,
    queueList.textChanged,
    queueList.textSubmitted,
    queueList.resetClicked,
  ]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className="staff-filters" aria-label={t('kyc.filters.label')} onSubmit={submit}>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="kyc-kind">
          {t('kyc.filters.kind')}
        </label>
        <select id="kyc-kind" className="ui-control" value={filters.kind} onChange={(event) => onKind(event.target.value)}>
          <option value="">{t('common.all')}</option>
          {KYC_REVIEW_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kyc.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="kyc-state">
          {t('kyc.filters.state')}
        </label>
        <select id="kyc-state" className="ui-control" value={filters.state} onChange={(event) => onState(event.target.value)}>
          <option value="">{t('common.all')}</option>
          {KYC_REVIEW_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`kyc.states.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="kyc-phone">
          {t('common.phone')}
        </label>
        <input
          id="kyc-phone"
          className="ui-control"
          inputMode="numeric"
          maxLength={11}
          value={phone}
          placeholder={t('common.phonePlaceholder')}
          onChange={(event) => onPhone(event.target.value.replace(/\D/g, ''))}
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

export function KycState({ state }: { state: KycReviewRow['state'] }) {
  const { t } = useTranslation('staff-desks');
  const tone = state === 'approved' ? 'on' : state === 'rejected' ? 'off' : 'warn';
  return <span className={`staff-tag staff-tag--${tone}`}>{t(`kyc.states.${state}`)}</span>;
}

function Table({ list }: { list: KycReviewRow[] }) {
  const { t } = useTranslation('staff-desks');
  const label = (key: string) => t(`kyc.fields.${key}`);
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('kyc.list.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{label('id')}</th>
          <th scope="col">{label('kind')}</th>
          <th scope="col">{label('applicant')}</th>
          <th scope="col">{label('phone')}</th>
          <th scope="col">{label('submittedAt')}</th>
          <th scope="col">{label('state')}</th>
          <th scope="col">{t('common.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((row) => (
          <tr key={row.id} data-testid="kyc-row" data-phone={row.phone}>
            <td data-label={label('id')}>{row.id}</td>
            <td data-label={label('kind')}>{t(`kyc.kinds.${row.kind}`)}</td>
            <td data-label={label('applicant')}>{row.applicant || t('common.none')}</td>
            <td data-label={label('phone')}>{row.phone}</td>
            <td data-label={label('submittedAt')} className="nowrap">
              {row.submittedAt}
            </td>
            <td data-label={label('state')}>
              <KycState state={row.state} />
            </td>
            <td data-label={t('common.actions')}>
              <Link to={`${paths.staffVerification}/${row.id}`} aria-label={t('common.openLabel', { what: `#${row.id}` })}>
                {t('common.open')}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `/staff/verification`: the reviewers' queue. */
export function StaffVerificationPage() {
  const { t } = useTranslation('staff-desks');
  useGate(VerificationQueueGate);
  const [list, view, pending, filters, filtered, onRetry] = useUnit([
    queueList.$list,
    queueList.$view,
    queueList.$pending,
    $queueFilters,
    queueList.$filtered,
    queueList.retryClicked,
  ]);
  const empty = filtered ? 'kyc.list.emptyFiltered' : filters.state === 'pending' ? 'kyc.list.emptyPending' : 'kyc.list.empty';
  return (
    <div className="staff-page">
      <h1 className="staff-page__title">{t('kyc.title')}</h1>
      <p className="staff-page__intro">{t('kyc.intro')}</p>
      <section className="staff-panel" aria-busy={pending} aria-label={t('kyc.list.caption')}>
        <Filters />
        <ListBody
          view={view}
          texts={{ loading: t('common.loading'), failed: t('kyc.list.failed'), retry: t('common.retry'), empty: t(empty) }}
          onRetry={onRetry}
          emptyTestId="kyc-empty"
        >
          <Table list={list} />
        </ListBody>
        <StaffListPager list={queueList} label={t('kyc.list.pagination')} />
      </section>
    </div>
  );
}
