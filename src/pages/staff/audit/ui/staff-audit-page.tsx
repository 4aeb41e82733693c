import { useUnit } from 'effector-react';
import { useId, useState } from 'react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import { STAFF_AUDIT_ACTIONS, STAFF_RECORD_TYPES, STAFF_ROLES, type StaffAuditEntry } from '@contracts';
import { DeskFilters, DeskRowsPage, listTexts, useCommonFilters, type DeskColumn } from '@/widgets/staff-desk';
import { changeRows, valueText } from '../lib/changes';
import { $staffChoices, actionChanged, auditList, recordIdChanged, recordTypeChanged, staffChanged } from '../model/audit';
import './staff-audit-page.css';

function Filters() {
  const { t } = useTranslation('staff-console');
  const common = useCommonFilters();
  const [filters, recordId, staff, onStaff, onAction, onType, onRecordId] = useUnit([
    auditList.$filters,
    auditList.$textDraft,
    $staffChoices,
    staffChanged,
    actionChanged,
    recordTypeChanged,
    recordIdChanged,
  ]);
  const f = (key: SubKeys<'staff-console', 'audit.filters'>) => t(`audit.filters.${key}`);
  const choices = {
    staff: staff.map(({ id, name, username }) => ({ value: String(id), label: t('audit.filters.staffOption', { name, username }) })),
    action: STAFF_AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.actions.${action}`) })),
    type: STAFF_RECORD_TYPES.map((type) => ({ value: type, label: t(`audit.recordTypes.${type}`) })),
  };
  const record = { id: 'staff-audit-record', label: f('recordId'), placeholder: f('recordIdPlaceholder'), maxLength: 40 };
  return (
    <DeskFilters
      list={auditList}
      label={f('label')}
      filters={[
        {
          kind: 'select',
          id: 'staff-audit-staff',
          label: f('staff'),
          value: filters.staffId,
          all: f('allStaff'),
          choices: choices.staff,
          onChange: onStaff,
        },
        {
          kind: 'select',
          id: 'staff-audit-action',
          label: f('action'),
          value: filters.action,
          all: f('allActions'),
          choices: choices.action,
          onChange: onAction,
        },
        {
          kind: 'select',
          id: 'staff-audit-type',
          label: f('recordType'),
          value: filters.recordType,
          all: f('allRecordTypes'),
          choices: choices.type,
          onChange: onType,
        },
        { kind: 'text', ...record, value: recordId, onChange: onRecordId },
        common.days(),
      ]}
    />
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
      const role = key === 'role' ? STAFF_ROLES.find((known) => known === value) : undefined;
      if (key === 'role') return role ? t(`roles.${role}`) : null;
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

function useColumns(): DeskColumn<StaffAuditEntry>[] {
  const { t } = useTranslation('staff-console');
  const label = (key: SubKeys<'staff-console', 'audit.fields'>) => t(`audit.fields.${key}`);
  const record = (entry: StaffAuditEntry) =>
    entry.recordType
      ? `${t(`audit.recordTypes.${entry.recordType}`, { defaultValue: entry.recordType })} ${entry.recordId}`
      : t('audit.noRecord');
  return [
    { label: label('at'), cell: (entry) => entry.at, className: 'nowrap' },
    { label: label('staff'), cell: (entry) => <Who entry={entry} /> },
    { label: label('action'), cell: (entry) => t(`audit.actions.${entry.action}`, { defaultValue: entry.action }) },
    { label: label('record'), cell: record },
    { label: label('ip'), cell: (entry) => entry.ip, className: 'value-break' },
    { label: label('changes'), cell: (entry) => <Changes entry={entry} /> },
  ];
}

/** `/staff/audit`: the audit log for administrators, read-only. */
export function StaffAuditPage() {
  const { t } = useTranslation('staff-console');
  const texts = listTexts((key) => t(key), 'audit.list');
  return (
    <DeskRowsPage
      list={auditList}
      title={t('audit.title')}
      intro={t('audit.intro')}
      texts={texts}
      emptyTestId="staff-audit-empty"
      filters={<Filters />}
      columns={useColumns()}
      rowProps={(entry) => ({ 'data-testid': 'staff-audit-row', 'data-action': entry.action })}
    />
  );
}
