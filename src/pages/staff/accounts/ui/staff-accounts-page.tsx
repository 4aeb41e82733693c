import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useState, type FormEvent } from 'react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import { STAFF_ROLES, type StaffAccount, type StaffRole } from '@contracts';
import { CopyButton } from '@/shared/ui/copy-button';
import { Dialog } from '@/shared/ui/dialog';
import { FormField, SelectField, useField } from '@/shared/ui/form-field';
import { $staffProfile } from '@/entities/staff-member';
import { DeskFilters, DeskRowsPage, listTexts, type DeskColumn } from '@/widgets/staff-desk';
import {
  $acting,
  $createError,
  $createOpen,
  $createPending,
  $issued,
  $rolePending,
  $roleTarget,
  accountsList,
  actionClicked,
  createClosed,
  createOpened,
  createSubmitted,
  issuedClosed,
  newStaffForm,
  roleClicked,
  roleClosed,
  roleFilterChanged,
  roleSaved,
  textChanged,
  type AccountAction,
} from '../model/accounts';

function Filters() {
  const { t } = useTranslation('staff-console');
  const [filters, text, onRole, onText] = useUnit([accountsList.$filters, accountsList.$textDraft, roleFilterChanged, textChanged]);
  const roles = STAFF_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }));
  const role = {
    id: 'staff-accounts-role',
    label: t('accounts.filters.role'),
    value: filters.role,
    all: t('accounts.filters.allRoles'),
    choices: roles,
  };
  const search = {
    id: 'staff-accounts-text',
    label: t('accounts.filters.text'),
    placeholder: t('accounts.filters.textPlaceholder'),
    maxLength: 32,
  };
  return (
    <DeskFilters
      list={accountsList}
      label={t('accounts.filters.label')}
      filters={[
        { kind: 'select', ...role, onChange: (value) => onRole(value as StaffRole | '') },
        { kind: 'text', ...search, value: text, onChange: onText },
      ]}
    />
  );
}

function StateText({ account }: { account: StaffAccount }) {
  const { t } = useTranslation('staff-console');
  return (
    <span className="staff-tags">
      <span className={`staff-tag staff-tag--${account.disabled ? 'off' : 'on'}`}>
        {t(account.disabled ? 'accounts.state.disabled' : 'accounts.state.active')}
      </span>
      {account.lockedUntil ? (
        <span className="staff-tag staff-tag--warn">{t('accounts.state.locked', { until: account.lockedUntil })}</span>
      ) : null}
      {account.totpEnrolled ? null : <span className="staff-tag">{t('accounts.state.notEnrolled')}</span>}
      {account.mustChangePassword ? <span className="staff-tag">{t('accounts.state.mustChangePassword')}</span> : null}
    </span>
  );
}

function Actions({ account }: { account: StaffAccount }) {
  const { t } = useTranslation('staff-console');
  const [me, acting, onRole, onAction] = useUnit([$staffProfile, $acting, roleClicked, actionClicked]);
  if (me?.id === account.id) return <span className="staff-muted">{t('accounts.you')}</span>;
  const button = (action: AccountAction | 'role', danger = false) => {
    const text = t(`accounts.actions.${action}`);
    return (
      <Button
        key={action}
        size="small"
        type={danger ? 'danger' : 'tertiary'}
        disabled={acting}
        aria-label={t('accounts.actions.label', { action: text, name: account.name })}
        onClick={() => (action === 'role' ? onRole(account) : onAction({ action, account }))}
      >
        {text}
      </Button>
    );
  };
  return (
    <div className="staff-actions">
      {button('role')}
      {account.disabled ? button('enable') : button('disable', true)}
      {button('resetPassword')}
      {account.totpEnrolled ? button('resetTotp') : null}
      {account.lockedUntil ? button('unlock') : null}
    </div>
  );
}

function useColumns(): DeskColumn<StaffAccount>[] {
  const { t } = useTranslation('staff-console');
  const label = (key: SubKeys<'staff-console', 'accounts.fields'>) => t(`accounts.fields.${key}`);
  const role = (account: StaffAccount) => <span className={`staff-role staff-role--${account.role}`}>{t(`roles.${account.role}`)}</span>;
  return [
    { label: label('name'), cell: (account) => account.name, rowHeader: true },
    { label: label('username'), cell: (account) => account.username },
    { label: label('role'), cell: role },
    { label: label('state'), cell: (account) => <StateText account={account} /> },
    { label: label('createdAt'), cell: (account) => account.createdAt, className: 'nowrap' },
    { label: label('actions'), cell: (account) => <Actions account={account} /> },
  ];
}

const roleOptions = (t: (key: `roles.${StaffRole}`) => string) => STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));

function CreateDialog() {
  const { t } = useTranslation('staff-console');
  const [open, error, pending, onClose, onSubmit] = useUnit([$createOpen, $createError, $createPending, createClosed, createSubmitted]);
  const username = useField(newStaffForm, 'username');
  const name = useField(newStaffForm, 'name');
  const role = useField(newStaffForm, 'role');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog title={t('accounts.createDialog.title')} open={open} onClose={onClose} closeLabel={t('accounts.dialogClose')} width="460px">
      <form className="form-stack" noValidate onSubmit={submit}>
        <FormField
          id="staff-create-username"
          label={t('accounts.createDialog.username')}
          autoComplete="off"
          maxLength={32}
          placeholder={t('accounts.createDialog.usernameHint')}
          {...username}
        />
        <FormField id="staff-create-name" label={t('accounts.createDialog.name')} autoComplete="off" maxLength={30} {...name} />
        <SelectField
          id="staff-create-role"
          label={t('accounts.createDialog.role')}
          placeholder={t('accounts.createDialog.chooseRole')}
          options={roleOptions((key) => t(key))}
          {...role}
        />
        <div className="form-stack__alert" role="alert">
          {error}
        </div>
        <div className="staff-dialog-buttons">
          <Button type="tertiary" onClick={onClose}>
            {t('accounts.createDialog.cancel')}
          </Button>
          <Button htmlType="submit" theme="solid" type="primary" loading={pending}>
            {t('accounts.createDialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RoleForm({ account }: { account: StaffAccount }) {
  const { t } = useTranslation('staff-console');
  const [pending, onClose, onSave] = useUnit([$rolePending, roleClosed, roleSaved]);
  const [role, setRole] = useState<StaffRole>(account.role);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(role);
  };
  return (
    <form className="form-stack" noValidate onSubmit={submit}>
      <SelectField
        id="staff-role-new"
        label={t('accounts.roleDialog.role')}
        value={role}
        options={roleOptions((key) => t(key))}
        onChange={(value) => setRole(value as StaffRole)}
      />
      <div className="staff-dialog-buttons">
        <Button type="tertiary" onClick={onClose}>
          {t('accounts.roleDialog.cancel')}
        </Button>
        <Button htmlType="submit" theme="solid" type="primary" loading={pending}>
          {t('accounts.roleDialog.submit')}
        </Button>
      </div>
    </form>
  );
}

function RoleDialog() {
  const { t } = useTranslation('staff-console');
  const [target, onClose] = useUnit([$roleTarget, roleClosed]);
  return (
    <Dialog
      title={t('accounts.roleDialog.title', { name: target?.name ?? '' })}
      open={target !== null}
      onClose={onClose}
      closeLabel={t('accounts.dialogClose')}
      width="400px"
    >
      {target ? <RoleForm key={target.id} account={target} /> : null}
    </Dialog>
  );
}

function IssuedDialog() {
  const { t } = useTranslation('staff-console');
  const [issued, onClose] = useUnit([$issued, issuedClosed]);
  return (
    <Dialog
      title={t(issued?.kind === 'reset' ? 'accounts.passwordDialog.resetTitle' : 'accounts.passwordDialog.createdTitle')}
      open={issued !== null}
      onClose={onClose}
      closeLabel={t('accounts.dialogClose')}
      width="460px"
      footer={
        <Button theme="solid" type="primary" onClick={onClose}>
          {t('accounts.passwordDialog.close')}
        </Button>
      }
    >
      {issued ? (
        <div className="staff-issued">
          <p className="staff-panel__intro">{t('accounts.passwordDialog.intro', { name: issued.name, username: issued.username })}</p>
          <div className="staff-issued__password">
            <span>{t('accounts.passwordDialog.password')}</span>
            <code data-testid="staff-one-time-password">{issued.password}</code>
            <CopyButton value={issued.password} what={t('accounts.passwordDialog.password')} />
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

/** `/staff/accounts`: the administrators' list of staff accounts and what they do to them. */
export function StaffAccountsPage() {
  const { t } = useTranslation('staff-console');
  const onCreate = useUnit(createOpened);
  const texts = { ...listTexts((key) => t(key), 'accounts.list'), total: (count: number) => t('accounts.list.total', { count }) };
  const create = (
    <Button theme="solid" type="primary" onClick={onCreate}>
      {t('accounts.create')}
    </Button>
  );
  const dialogs = (
    <>
      <CreateDialog />
      <RoleDialog />
      <IssuedDialog />
    </>
  );
  return (
    <DeskRowsPage
      list={accountsList}
      title={t('accounts.title')}
      action={create}
      texts={texts}
      emptyTestId="staff-accounts-empty"
      filters={<Filters />}
      dialogs={dialogs}
      columns={useColumns()}
      rowProps={(account) => ({ 'data-testid': 'staff-account-row', 'data-username': account.username })}
    />
  );
}
