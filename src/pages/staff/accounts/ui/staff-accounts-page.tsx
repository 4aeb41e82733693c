import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffAccount, type StaffRole } from '@/shared/api';
import { CopyButton } from '@/shared/ui/copy-button';
import { Dialog } from '@/shared/ui/dialog';
import { FormField, SelectField, useField } from '@/shared/ui/form-field';
import { ListBody } from '@/shared/ui/list-state';
import { Pager } from '@/shared/ui/pager';
import { $staffProfile } from '@/entities/staff-member';
import {
  $acting,
  $count,
  $createError,
  $createOpen,
  $createPending,
  $filtered,
  $issued,
  $list,
  $page,
  $pages,
  $pending,
  $roleFilter,
  $rolePending,
  $roleTarget,
  $textDraft,
  $view,
  actionClicked,
  createClosed,
  createOpened,
  createSubmitted,
  issuedClosed,
  newStaffForm,
  pageChanged,
  resetClicked,
  retryClicked,
  roleClicked,
  roleClosed,
  roleFilterChanged,
  roleSaved,
  StaffAccountsGate,
  textChanged,
  textSubmitted,
  type AccountAction,
} from '../model/accounts';

function Filters() {
  const { t } = useTranslation('staff-console');
  const [role, text, onRole, onText, onSearch, onReset] = useUnit([
    $roleFilter,
    $textDraft,
    roleFilterChanged,
    textChanged,
    textSubmitted,
    resetClicked,
  ]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className="staff-filters" aria-label={t('accounts.filters.label')} onSubmit={submit}>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="staff-accounts-role">
          {t('accounts.filters.role')}
        </label>
        <select
          id="staff-accounts-role"
          className="ui-control"
          value={role}
          onChange={(event) => onRole(event.target.value as StaffRole | '')}
        >
          <option value="">{t('accounts.filters.allRoles')}</option>
          {STAFF_ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`roles.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__item">
        <label className="staff-filters__label" htmlFor="staff-accounts-text">
          {t('accounts.filters.text')}
        </label>
        <input
          id="staff-accounts-text"
          className="ui-control"
          value={text}
          maxLength={32}
          placeholder={t('accounts.filters.textPlaceholder')}
          onChange={(event) => onText(event.target.value)}
        />
      </div>
      <div className="staff-filters__buttons">
        <Button htmlType="submit" type="primary">
          {t('accounts.filters.search')}
        </Button>
        <Button type="tertiary" onClick={onReset}>
          {t('accounts.filters.reset')}
        </Button>
      </div>
    </form>
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

function Table({ list }: { list: StaffAccount[] }) {
  const { t } = useTranslation('staff-console');
  const label = (key: string) => t(`accounts.fields.${key}`);
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('accounts.list.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{label('name')}</th>
          <th scope="col">{label('username')}</th>
          <th scope="col">{label('role')}</th>
          <th scope="col">{label('state')}</th>
          <th scope="col">{label('createdAt')}</th>
          <th scope="col">{label('actions')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((account) => (
          <tr key={account.id} data-testid="staff-account-row" data-username={account.username}>
            <th scope="row" data-label={label('name')}>
              {account.name}
            </th>
            <td data-label={label('username')}>{account.username}</td>
            <td data-label={label('role')}>
              <span className={`staff-role staff-role--${account.role}`}>{t(`roles.${account.role}`)}</span>
            </td>
            <td data-label={label('state')}>
              <StateText account={account} />
            </td>
            <td data-label={label('createdAt')} className="nowrap">
              {account.createdAt}
            </td>
            <td data-label={label('actions')}>
              <Actions account={account} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const roleOptions = (t: (key: string) => string) => STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));

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
          options={roleOptions(t)}
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
        options={roleOptions(t)}
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

function AccountsPager() {
  const { t } = useTranslation('staff-console');
  const [page, pages, count, onPage] = useUnit([$page, $pages, $count, pageChanged]);
  if (count === 0) return null;
  return (
    <Pager
      page={page}
      pages={pages}
      onPage={onPage}
      total={t('accounts.list.total', { count })}
      label={t('accounts.list.pagination')}
      prev={t('accounts.list.prev')}
      next={t('accounts.list.next')}
      pageText={t('accounts.list.page', { page, pages })}
    />
  );
}

/** `/staff/accounts`: the administrators' list of staff accounts and what they do to them. */
export function StaffAccountsPage() {
  const { t } = useTranslation('staff-console');
  useGate(StaffAccountsGate);
  const [list, view, pending, filtered, onRetry, onCreate] = useUnit([$list, $view, $pending, $filtered, retryClicked, createOpened]);
  return (
    <div className="staff-page">
      <div className="staff-page__head">
        <h1 className="staff-page__title">{t('accounts.title')}</h1>
        <Button theme="solid" type="primary" onClick={onCreate}>
          {t('accounts.create')}
        </Button>
      </div>
      <section className="staff-panel" aria-busy={pending} aria-label={t('accounts.list.caption')}>
        <Filters />
        <ListBody
          view={view}
          texts={{
            loading: t('accounts.list.loading'),
            failed: t('accounts.list.failed'),
            retry: t('accounts.list.retry'),
            empty: t(filtered ? 'accounts.list.emptyFiltered' : 'accounts.list.empty'),
          }}
          onRetry={onRetry}
          emptyTestId="staff-accounts-empty"
        >
          <Table list={list} />
        </ListBody>
        <AccountsPager />
      </section>
      <CreateDialog />
      <RoleDialog />
      <IssuedDialog />
    </div>
  );
}
