import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_AUDIT_ACTIONS, STAFF_RECORD_TYPES, STAFF_ROLES, type StaffAuditEntry } from '@/shared/api';
import { DateRangeInput } from '@/shared/ui/date-range-input';
import { ListBody } from '@/shared/ui/list-state';
import { Pager } from '@/shared/ui/pager';
import { changeRows, valueText } from '../lib/changes';
import {
  $count,
  $filtered,
  $filters,
  $list,
  $page,
  $pages,
  $pending,
  $rangeDraft,
  $recordIdDraft,
  $staffChoices,
  $view,
  actionChanged,
  pageChanged,
  rangeChanged,
  recordIdChanged,
  recordTypeChanged,
  resetClicked,
  retryClicked,
  searchSubmitted,
  staffChanged,
  StaffAuditGate,
} from '../model/audit';
import './staff-audit-page.css';

function Filters() {
  const { t } = useTranslation('staff-console');
  const [filters, recordId, range, choices, onStaff, onAction, onType, onRecordId, onRange, onSearch, onReset] = useUnit([
    $filters,
    $recordIdDraft,
    $rangeDraft,
    $staffChoices,
    staffChanged,
    actionChanged,
    recordTypeChanged,
    recordIdChanged,
    rangeChanged,
    searchSubmitted,
    resetClicked,
  ]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  const f = (key: string) => t(`audit.filters.${key}`);
  return (
    <form className="staff-filters" aria-label={f('label')} onSubmit={submit}>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="staff-audit-staff">
          {f('staff')}
        </label>
        <select id="staff-audit-staff" className="ui-control" value={filters.staffId} onChange={(event) => onStaff(event.target.value)}>
          <option value="">{f('allStaff')}</option>
          {choices.map((staff) => (
            <option key={staff.id} value={String(staff.id)}>
              {t('audit.filters.staffOption', { name: staff.name, username: staff.username })}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="staff-audit-action">
          {f('action')}
        </label>
        <select id="staff-audit-action" className="ui-control" value={filters.action} onChange={(event) => onAction(event.target.value)}>
          <option value="">{f('allActions')}</option>
          {STAFF_AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`audit.actions.${action}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="staff-audit-type">
          {f('recordType')}
        </label>
        <select id="staff-audit-type" className="ui-control" value={filters.recordType} onChange={(event) => onType(event.target.value)}>
          <option value="">{f('allRecordTypes')}</option>
          {STAFF_RECORD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`audit.recordTypes.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="staff-audit-record">
          {f('recordId')}
        </label>
        <input
          id="staff-audit-record"
          className="ui-control"
          value={recordId}
          maxLength={40}
          placeholder={f('recordIdPlaceholder')}
          onChange={(event) => onRecordId(event.target.value)}
        />
      </div>
      <DateRangeInput
        className="staff-filters__item"
        legendClassName="staff-filters__label"
        legend={f('dateRange')}
        startLabel={f('startDate')}
        endLabel={f('endDate')}
        value={range}
        onChange={onRange}
      />
      <div className="staff-filters__buttons">
        <Button htmlType="submit" type="primary">
          {f('search')}
        </Button>
        <Button type="tertiary" onClick={onReset}>
          {f('reset')}
        </Button>
      </div>
    </form>
  );
}

function Changes({ entry }: { entry: StaffAuditEntry }) {
  const { t } = useTranslation('staff-console');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rows = changeRows(entry.before, entry.after);
  if (rows.length === 0) return <span className="staff-muted">{t('audit.changes.none')}</span>;
  const words = {
    empty: t('audit.changes.empty'),
    yes: t('audit.changes.yes'),
    no: t('audit.changes.no'),
    separator: t('audit.changes.separator'),
    named: (key: string, value: string) => {
      if (key === 'role') return (STAFF_ROLES as readonly string[]).includes(value) ? t(`roles.${value}`) : null;
      const name = t(`audit.values.${key}.${value}`, { defaultValue: '' });
      return name || null;
    },
  };
  const keyName = (key: string) => t(`audit.keys.${key}`, { defaultValue: key });
  const actionName = t(`audit.actions.${entry.action}`, { defaultValue: entry.action });
  return (
    <div className="staff-changes">
      <button type="button" className="staff-link-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {t(open ? 'audit.changes.hide' : 'audit.changes.show')}
      </button>
      <div id={panelId} hidden={!open}>
        {open ? (
          <table className="staff-changes__table" data-testid="staff-audit-changes">
            <caption className="visually-hidden">{t('audit.changes.label', { action: actionName })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.changes.field')}</th>
                {entry.before ? <th scope="col">{t('audit.changes.before')}</th> : null}
                {entry.after ? <th scope="col">{t('audit.changes.after')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className={row.changed && entry.before && entry.after ? 'staff-changes__changed' : undefined}>
                  <th scope="row">{keyName(row.key)}</th>
                  {entry.before ? <td>{valueText(row.key, row.before, words)}</td> : null}
                  {entry.after ? <td>{valueText(row.key, row.after, words)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </div>
  );
}

function Who({ entry }: { entry: StaffAuditEntry }) {
  const { t } = useTranslation('staff-console');
  if (entry.staffId === null) return <span>{entry.username ? entry.username : t('audit.cli')}</span>;
  return (
    <span>
      {entry.staffName || t('audit.unknownStaff')}
      {entry.username ? <span className="staff-muted">{` ${entry.username}`}</span> : null}
    </span>
  );
}

function Table({ list }: { list: StaffAuditEntry[] }) {
  const { t } = useTranslation('staff-console');
  const label = (key: string) => t(`audit.fields.${key}`);
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('audit.list.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{label('at')}</th>
          <th scope="col">{label('staff')}</th>
          <th scope="col">{label('action')}</th>
          <th scope="col">{label('record')}</th>
          <th scope="col">{label('ip')}</th>
          <th scope="col">{label('changes')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((entry) => (
          <tr key={entry.id} data-testid="staff-audit-row" data-action={entry.action}>
            <td data-label={label('at')} className="nowrap">
              {entry.at}
            </td>
            <td data-label={label('staff')}>
              <Who entry={entry} />
            </td>
            <td data-label={label('action')}>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</td>
            <td data-label={label('record')}>
              {entry.recordType
                ? `${t(`audit.recordTypes.${entry.recordType}`, { defaultValue: entry.recordType })} ${entry.recordId}`
                : t('audit.noRecord')}
            </td>
            <td data-label={label('ip')} className="value-break">
              {entry.ip}
            </td>
            <td data-label={label('changes')}>
              <Changes entry={entry} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AuditPager() {
  const { t } = useTranslation('staff-console');
  const [page, pages, count, onPage] = useUnit([$page, $pages, $count, pageChanged]);
  if (count === 0) return null;
  return (
    <Pager
      page={page}
      pages={pages}
      onPage={onPage}
      total={t('audit.list.total', { count })}
      label={t('audit.list.pagination')}
      prev={t('audit.list.prev')}
      next={t('audit.list.next')}
      pageText={t('audit.list.page', { page, pages })}
    />
  );
}

/** `/staff/audit`: the audit log for administrators, read-only. */
export function StaffAuditPage() {
  const { t } = useTranslation('staff-console');
  useGate(StaffAuditGate);
  const [list, view, pending, filtered, onRetry] = useUnit([$list, $view, $pending, $filtered, retryClicked]);
  return (
    <div className="staff-page">
      <div className="staff-page__head">
        <h1 className="staff-page__title">{t('audit.title')}</h1>
      </div>
      <p className="staff-page__intro">{t('audit.intro')}</p>
      <section className="staff-panel" aria-busy={pending} aria-label={t('audit.list.caption')}>
        <Filters />
        <ListBody
          view={view}
          texts={{
            loading: t('audit.list.loading'),
            failed: t('audit.list.failed'),
            retry: t('audit.list.retry'),
            empty: t(filtered ? 'audit.list.emptyFiltered' : 'audit.list.empty'),
          }}
          onRetry={onRetry}
          emptyTestId="staff-audit-empty"
        >
          <Table list={list} />
        </ListBody>
        <AuditPager />
      </section>
    </div>
  );
}
