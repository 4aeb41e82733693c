import { useUnit } from 'effector-react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { KYC_REVIEW_KINDS, KYC_REVIEW_STATES, type KycReviewRow } from '@contracts';
import { paths } from '@/shared/routing';
import { DeskFilters, DeskRowsPage, listTexts, useCommonFilters, type DeskColumn } from '@/widgets/staff-desk';
import { RevealValue } from '@/entities/staff-member';
import { $queueFilters, kindChanged, phoneReveal, queueList, stateChanged } from '../model/queue';

function Filters() {
  const { t } = useTranslation('staff-desks');
  const common = useCommonFilters();
  const [filters, phone, onKind, onState, onPhone] = useUnit([
    $queueFilters,
    queueList.$textDraft,
    kindChanged,
    stateChanged,
    queueList.textChanged,
  ]);
  const all = t('common.all');
  const kinds = KYC_REVIEW_KINDS.map((kind) => ({ value: kind, label: t(`kyc.kinds.${kind}`) }));
  const states = KYC_REVIEW_STATES.map((state) => ({ value: state, label: t(`kyc.states.${state}`) }));
  return (
    <DeskFilters
      list={queueList}
      label={t('kyc.filters.label')}
      filters={[
        { kind: 'select', id: 'kyc-kind', label: t('kyc.filters.kind'), value: filters.kind, all, choices: kinds, onChange: onKind },
        { kind: 'select', id: 'kyc-state', label: t('kyc.filters.state'), value: filters.state, all, choices: states, onChange: onState },
        common.phone('kyc-phone', phone, onPhone),
      ]}
    />
  );
}

export function KycState({ state }: { state: KycReviewRow['state'] }) {
  const { t } = useTranslation('staff-desks');
  const tone = state === 'approved' ? 'on' : state === 'rejected' ? 'off' : 'warn';
  return <span className={`staff-tag staff-tag--${tone}`}>{t(`kyc.states.${state}`)}</span>;
}

function useColumns(): DeskColumn<KycReviewRow>[] {
  const { t } = useTranslation('staff-desks');
  const label = (key: SubKeys<'staff-desks', 'kyc.fields'>) => t(`kyc.fields.${key}`);
  const open = (row: KycReviewRow) => (
    <Link to={`${paths.staffVerification}/${row.id}`} aria-label={t('common.openLabel', { what: `#${row.id}` })}>
      {t('common.open')}
    </Link>
  );
  return [
    { label: label('id'), cell: (row) => row.id },
    { label: label('kind'), cell: (row) => t(`kyc.kinds.${row.kind}`) },
    { label: label('applicant'), cell: (row) => row.applicant || t('common.none') },
    {
      label: label('phone'),
      cell: (row) => <RevealValue reveal={phoneReveal} id={row.id} field="phone" masked={row.phone} what={label('phone')} />,
    },
    { label: label('submittedAt'), cell: (row) => row.submittedAt, className: 'nowrap' },
    { label: label('state'), cell: (row) => <KycState state={row.state} /> },
    { label: t('common.actions'), cell: open },
  ];
}

/** `/staff/verification`: the reviewers' queue. */
export function StaffVerificationPage() {
  const { t } = useTranslation('staff-desks');
  const filters = useUnit($queueFilters);
  const texts = {
    ...listTexts((key) => t(key), 'kyc.list'),
    empty: t(filters.state === 'pending' ? 'kyc.list.emptyPending' : 'kyc.list.empty'),
  };
  return (
    <DeskRowsPage
      list={queueList}
      title={t('kyc.title')}
      intro={t('kyc.intro')}
      texts={texts}
      emptyTestId="kyc-empty"
      filters={<Filters />}
      columns={useColumns()}
      rowProps={(row) => ({ 'data-testid': 'kyc-row', 'data-phone': row.phone })}
    />
  );
}
