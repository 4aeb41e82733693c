import { useUnit } from 'effector-react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { NOTARY_DESK_STATES, type NotaryDeskRow, type NotaryDeskState } from '@contracts';
import { paths } from '@/shared/routing';
import { DeskFilters, DeskRowsPage, listTexts, useCommonFilters, type DeskColumn } from '@/widgets/staff-desk';
import { drafts, queueList, stateChanged } from '../model/queue';

function Filters() {
  const { t } = useTranslation('staff-desks');
  const common = useCommonFilters();
  const [filters, draft, onState, onDraft] = useUnit([queueList.$filters, drafts.$drafts, stateChanged, drafts.draftChanged]);
  const states = NOTARY_DESK_STATES.map((state) => ({ value: state, label: t(`notary.states.${state}`) }));
  const orderNo = common.code('notary-order-no', t('common.orderNo'), t('common.orderNoPlaceholder'), draft.orderNo, (value) =>
    onDraft({ orderNo: value }),
  );
  return (
    <DeskFilters
      list={queueList}
      label={t('notary.filters.label')}
      filters={[
        {
          kind: 'select',
          id: 'notary-state',
          label: t('notary.filters.state'),
          value: filters.state,
          all: t('common.all'),
          choices: states,
          onChange: onState,
        },
        orderNo,
        common.phone('notary-phone', draft.phone, (phone) => onDraft({ phone })),
      ]}
    />
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
    t(row.payMethod === 2 ? 'common.yuan' : 'common.points', { amount: row.money });
}

function useColumns(): DeskColumn<NotaryDeskRow>[] {
  const { t } = useTranslation('staff-desks');
  const money = useMoneyText();
  const label = (key: SubKeys<'staff-desks', 'notary.fields'>) => t(`notary.fields.${key}`);
  const records = (row: NotaryDeskRow) =>
    t('notary.fields.recordsValue', { type: t(`notary.evidenceTypes.${row.type}`, { defaultValue: '' }), count: row.number });
  const open = (row: NotaryDeskRow) => (
    <Link to={`${paths.staffNotary}/${row.id}`} aria-label={t('common.openLabel', { what: row.orderNo })}>
      {t('common.open')}
    </Link>
  );
  return [
    { label: label('orderNo'), cell: (row) => row.orderNo, className: 'value-break' },
    { label: label('applicant'), cell: (row) => row.applicant },
    { label: label('phone'), cell: (row) => row.phone },
    { label: label('records'), cell: records },
    { label: label('money'), cell: money, className: 'nowrap' },
    { label: label('paidAt'), cell: (row) => row.paidAt || row.transferAt || t('common.none'), className: 'nowrap' },
    { label: label('state'), cell: (row) => <NotaryState state={row.state} /> },
    { label: t('common.actions'), cell: open },
  ];
}

/** `/staff/notary`: the notary office's queue. */
export function StaffNotaryPage() {
  const { t } = useTranslation('staff-desks');
  const texts = listTexts((key) => t(key), 'notary.list');
  return (
    <DeskRowsPage
      list={queueList}
      title={t('notary.title')}
      intro={t('notary.intro')}
      texts={texts}
      emptyTestId="notary-desk-empty"
      filters={<Filters />}
      columns={useColumns()}
      rowProps={(row) => ({ 'data-testid': 'notary-desk-row', 'data-order-no': row.orderNo })}
    />
  );
}
