import { Button, TabPane, Tabs } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { CopyButton } from '@/shared/ui/copy-button';
import { FormField } from '@/shared/ui/form-field';
import { PersonalDataExportCard } from '@/features/export-personal-data';
import { CancelAccount } from './cancel-account';
import { $accountName, $pointsText, $user, $verification } from '@/entities/session';
import {
  $activeTab,
  $currentExtractCode,
  $extractCodeSaving,
  $passwordSaving,
  extractCodeForm,
  passwordForm,
  SettingGate,
  tabChosen,
} from '../model/setting';
import './setting-page.css';

const submitWith = (submit: () => void) => (event: FormEvent) => {
  event.preventDefault();
  submit();
};

function AccountSummary() {
  const { t } = useTranslation(['setting', 'common']);
  const [user, name, points, verification] = useUnit([$user, $accountName, $pointsText, $verification]);
  if (!user) return null;
  return (
    <dl className="setting__summary">
      <div>
        <dt>{t('summary.account')}</dt>
        <dd>{name}</dd>
      </div>
      <div>
        <dt>{t('summary.phone')}</dt>
        <dd>{user.phone}</dd>
      </div>
      <div>
        <dt>{t('summary.type')}</dt>
        <dd>{t(user.status === 2 ? 'summary.organisation' : 'summary.individual')}</dd>
      </div>
      <div>
        <dt>{t('summary.verification')}</dt>
        <dd>
          {verification && verification.label !== 'verified' ? (
            <Link to={verification.link}>{t(`common:verification.action.${verification.label}`)}</Link>
          ) : (
            t('common:verification.action.verified')
          )}
        </dd>
      </div>
      <div>
        <dt>{t('summary.points')}</dt>
        <dd>{points}</dd>
      </div>
    </dl>
  );
}

function ExtractCodePanel() {
  const { t } = useTranslation('setting');
  const [values, errors, changed, blurred, submitted, saving, current] = useUnit([
    extractCodeForm.$values,
    extractCodeForm.$errors,
    extractCodeForm.fieldChanged,
    extractCodeForm.fieldBlurred,
    extractCodeForm.submitted,
    $extractCodeSaving,
    $currentExtractCode,
  ]);
  return (
    <form className="setting__form" noValidate onSubmit={submitWith(submitted)}>
      <p className="setting__hint">{t('extractCode.hint')}</p>
      <p className="setting__current" data-testid="current-extract-code">
        {current ? t('extractCode.current', { code: current }) : t('extractCode.none')}
        {current ? <CopyButton value={current} what={t('extractCode.label')} testId="copy-extract-code" /> : null}
      </p>
      <FormField
        id="setting-extract-code"
        label={t('extractCode.label')}
        value={values.extractCode}
        error={errors.extractCode}
        maxLength={30}
        autoComplete="off"
        placeholder={t('extractCode.placeholder')}
        onChange={(value) => changed({ name: 'extractCode', value })}
        onBlur={() => blurred('extractCode')}
      />
      <Button htmlType="submit" theme="solid" type="primary" loading={saving}>
        {t('extractCode.save')}
      </Button>
    </form>
  );
}

function PasswordPanel() {
  const { t } = useTranslation('setting');
  const [values, errors, changed, blurred, submitted, saving] = useUnit([
    passwordForm.$values,
    passwordForm.$errors,
    passwordForm.fieldChanged,
    passwordForm.fieldBlurred,
    passwordForm.submitted,
    $passwordSaving,
  ]);
  const fields = [
    { name: 'oldPassword', autoComplete: 'current-password' },
    { name: 'password', autoComplete: 'new-password' },
    { name: 'confirmPassword', autoComplete: 'new-password' },
  ] as const;
  return (
    <form className="setting__form" noValidate onSubmit={submitWith(submitted)}>
      {fields.map((field) => (
        <FormField
          key={field.name}
          id={`setting-${field.name}`}
          label={t(`password.${field.name}`)}
          value={values[field.name]}
          error={errors[field.name]}
          type="password"
          maxLength={18}
          autoComplete={field.autoComplete}
          onChange={(value) => changed({ name: field.name, value })}
          onBlur={() => blurred(field.name)}
        />
      ))}
      <Button htmlType="submit" theme="solid" type="primary" loading={saving}>
        {t('password.submit')}
      </Button>
    </form>
  );
}

/** /setting: basic settings with the extraction-code tab; the change-password form is reached by ?tab=password. */
export function SettingPage() {
  useGate(SettingGate);
  const { t } = useTranslation('setting');
  const [tab, onTab] = useUnit([$activeTab, tabChosen]);
  return (
    <div className="page setting">
      <h1 className="setting__title">{t('title')}</h1>
      <section className="setting__card" aria-label={t('summary.title')}>
        <AccountSummary />
      </section>
      <section className="setting__card">
        {tab === 'password' ? (
          <>
            <h2 className="setting__subtitle">{t('password.title')}</h2>
            <PasswordPanel />
          </>
        ) : (
          <Tabs type="line" activeKey="extractCode" onChange={() => onTab('extractCode')} tabPaneMotion={false}>
            <TabPane itemKey="extractCode" tab={t('extractCode.tab')}>
              <ExtractCodePanel />
            </TabPane>
          </Tabs>
        )}
      </section>
      {tab === 'password' ? null : (
        <section className="setting__card">
          <PersonalDataExportCard />
        </section>
      )}
      <CancelAccountSection />
    </div>
  );
}

/** Account cancellation: its own card at the bottom of the page. */
function CancelAccountSection() {
  const user = useUnit($user);
  if (!user) return null;
  return (
    <section className="setting__card">
      <CancelAccount phone={user.phone} />
    </section>
  );
}
