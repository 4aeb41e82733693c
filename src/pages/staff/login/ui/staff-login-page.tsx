import { useGate, useUnit } from 'effector-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/routing';
import { Button } from '@/shared/ui/button';
import { CopyButton } from '@/shared/ui/copy-button';
import { FormCard } from '@/shared/ui/form-card';
import { FormField, useField } from '@/shared/ui/form-field';
import { QrCode } from '@/shared/ui/qr-code';
import { NewPasswordFields, RecoveryCodeList } from '@/entities/staff-member';
import {
  $enrolFailed,
  $enrolment,
  $enrolPending,
  $error,
  $pending,
  $recoveryCodes,
  $recoverySaved,
  $step,
  $useRecovery,
  continueClicked,
  credentialsForm,
  credentialsSubmitted,
  enrolForm,
  enrolRetried,
  enrolSubmitted,
  newPasswordForm,
  newPasswordSubmitted,
  recoverySavedToggled,
  recoveryToggled,
  restartClicked,
  StaffLoginGate,
  verifyForm,
  verifySubmitted,
  type SignInStep,
} from '../model/login';
import './staff-login-page.css';

const STEPS: readonly SignInStep[] = ['credentials', 'changePassword', 'enrol', 'verify', 'recoveryCodes'];

/** A step's form: fields, the server's refusal, the submit button, and a way back to the first step. */
function StepForm({
  onSubmit,
  submit,
  children,
  restart = true,
}: {
  onSubmit: () => void;
  submit: string;
  children: ReactNode;
  restart?: boolean;
}) {
  const { t } = useTranslation('staff-console');
  const [pending, error, onRestart] = useUnit([$pending, $error, restartClicked]);
  const submitted = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="form-stack" noValidate onSubmit={submitted}>
      {children}
      <div className="form-stack__alert" role="alert">
        {error}
      </div>
      <Button type="submit" block loading={pending}>
        {submit}
      </Button>
      {restart ? (
        <button type="button" className="staff-login__link" onClick={onRestart}>
          {t('login.restart')}
        </button>
      ) : null}
    </form>
  );
}

function CredentialsStep() {
  const { t } = useTranslation('staff-console');
  const submit = useUnit(credentialsSubmitted);
  return (
    <StepForm onSubmit={submit} submit={t('login.submit')} restart={false}>
      <FormField
        id="staff-username"
        label={t('login.username')}
        autoComplete="username"
        maxLength={32}
        placeholder={t('login.usernamePlaceholder')}
        {...useField(credentialsForm, 'username')}
      />
      <FormField
        id="staff-password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        maxLength={128}
        placeholder={t('login.passwordPlaceholder')}
        {...useField(credentialsForm, 'password')}
      />
    </StepForm>
  );
}

function ChangePasswordStep() {
  const { t } = useTranslation('staff-console');
  const submit = useUnit(newPasswordSubmitted);
  return (
    <StepForm onSubmit={submit} submit={t('login.changePassword.submit')}>
      <p className="staff-login__intro">{t('login.changePassword.intro')}</p>
      <NewPasswordFields
        form={newPasswordForm}
        ids={['staff-new-password', 'staff-confirm-password']}
        labels={[t('login.changePassword.password'), t('login.changePassword.confirmPassword')]}
      />
    </StepForm>
  );
}

/** The secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function EnrolStep() {
  const { t } = useTranslation('staff-console');
  const [enrolment, loading, failed, submit, retry] = useUnit([$enrolment, $enrolPending, $enrolFailed, enrolSubmitted, enrolRetried]);
  return (
    <StepForm onSubmit={submit} submit={t('login.enrol.submit')}>
      <p className="staff-login__intro">{t('login.enrol.intro')}</p>
      <div className="staff-login__enrol" aria-busy={loading}>
        {enrolment ? (
          <>
            <QrCode value={enrolment.uri} label={t('login.enrol.qr')} size={176} />
            <div className="staff-login__secret">
              <span className="staff-login__secret-label">{t('login.enrol.secret')}</span>
              <code data-testid="staff-totp-secret" data-secret={enrolment.secret}>
                {grouped(enrolment.secret)}
              </code>
              <CopyButton value={enrolment.secret} what={t('login.enrol.secret')} />
            </div>
          </>
        ) : failed ? (
          <div className="staff-login__enrol-failed">
            <span>{t('login.enrol.failed')}</span>
            <button type="button" className="staff-login__link" onClick={() => retry()}>
              {t('login.enrol.retry')}
            </button>
          </div>
        ) : (
          <span>{t('login.enrol.loading')}</span>
        )}
      </div>
      <FormField
        id="staff-enrol-code"
        label={t('login.enrol.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...useField(enrolForm, 'code')}
      />
    </StepForm>
  );
}

function VerifyStep() {
  const { t } = useTranslation('staff-console');
  const [useRecovery, submit, toggle] = useUnit([$useRecovery, verifySubmitted, recoveryToggled]);
  const code = useField(verifyForm, 'code');
  const recoveryCode = useField(verifyForm, 'recoveryCode');
  return (
    <StepForm onSubmit={submit} submit={t('login.verify.submit')}>
      <p className="staff-login__intro">{t(useRecovery ? 'login.verify.recoveryIntro' : 'login.verify.intro')}</p>
      {useRecovery ? (
        <FormField id="staff-recovery-code" label={t('login.verify.recoveryCode')} autoComplete="off" maxLength={16} {...recoveryCode} />
      ) : (
        <FormField
          id="staff-totp-code"
          label={t('login.verify.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...code}
        />
      )}
      <button type="button" className="staff-login__link" onClick={() => toggle()}>
        {t(useRecovery ? 'login.verify.useCode' : 'login.verify.useRecovery')}
      </button>
    </StepForm>
  );
}

function RecoveryCodesStep() {
  const { t } = useTranslation('staff-console');
  const [codes, saved, onSaved, onContinue] = useUnit([$recoveryCodes, $recoverySaved, recoverySavedToggled, continueClicked]);
  return (
    <div className="form-stack">
      <p className="staff-login__intro staff-login__intro--warning">{t('login.recovery.intro')}</p>
      <RecoveryCodeList codes={codes} />
      <label className="staff-login__check">
        <input type="checkbox" checked={saved} onChange={(event) => onSaved(event.target.checked)} />
        <span>{t('login.recovery.saved')}</span>
      </label>
      <Button block disabled={!saved} onClick={() => onContinue()}>
        {t('login.recovery.continue')}
      </Button>
    </div>
  );
}

const TITLES = {
  credentials: 'login.title',
  changePassword: 'login.changePassword.title',
  enrol: 'login.enrol.title',
  verify: 'login.verify.title',
  recoveryCodes: 'login.recovery.title',
} as const satisfies Record<SignInStep, string>;

/** The steps as a list, the current one marked (only the steps this sign-in goes through are known as it goes). */
function StepList({ step }: { step: SignInStep }) {
  const { t } = useTranslation('staff-console');
  const shown: readonly SignInStep[] =
    step === 'verify' ? ['credentials', 'verify'] : step === 'credentials' ? ['credentials'] : STEPS.filter((s) => s !== 'verify');
  return (
    <ol className="staff-login__steps" aria-label={t('login.steps.label')}>
      {shown.map((s) => (
        <li
          key={s}
          className={s === step ? 'staff-login__step staff-login__step--current' : 'staff-login__step'}
          aria-current={s === step ? 'step' : undefined}
        >
          {t(`login.steps.${s}`)}
        </li>
      ))}
    </ol>
  );
}

/** `/staff/login`: the staff console's sign-in (its own page, not the user site's /login). */
export function StaffLoginPage() {
  const { t } = useTranslation('staff-console');
  const { t: tc } = useTranslation('common');
  useGate(StaffLoginGate);
  const step = useUnit($step);
  return (
    <div className="app-shell app-shell--auth">
      <header className="auth-bar">
        <span className="auth-bar__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{tc('brand')}</span>
          <span className="staff-login__console">{t('brand')}</span>
        </span>
      </header>
      <main className="app-shell__main app-shell__main--auth" id="main">
        <FormCard
          titleId="staff-login-title"
          title={t(TITLES[step])}
          footer={
            step === 'credentials' ? (
              <span>
                {t('login.intro')}
                <Link to={paths.login}>{t('login.userLogin')}</Link>
              </span>
            ) : undefined
          }
        >
          {step !== 'credentials' ? <StepList step={step} /> : null}
          {step === 'credentials' ? <CredentialsStep /> : null}
          {step === 'changePassword' ? <ChangePasswordStep /> : null}
          {step === 'enrol' ? <EnrolStep /> : null}
          {step === 'verify' ? <VerifyStep /> : null}
          {step === 'recoveryCodes' ? <RecoveryCodesStep /> : null}
        </FormCard>
      </main>
    </div>
  );
}
