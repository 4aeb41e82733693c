import { useGate, useUnit } from 'effector-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { FormField, useField } from '@/shared/ui/form-field';
import { $staffProfile, NewPasswordFields, RecoveryCodeList } from '@/entities/staff-member';
import {
  $newCodes,
  $passwordError,
  $passwordPending,
  $recoveryError,
  $recoveryPending,
  codesClosed,
  passwordForm,
  passwordSubmitted,
  recoveryForm,
  recoverySubmitted,
  StaffProfileGate,
} from '../model/profile';
import './staff-profile-page.css';

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="staff-panel" aria-labelledby={id}>
      <h2 id={id} className="staff-panel__title">
        {title}
      </h2>
      {intro ? <p className="staff-panel__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

const submitting = (handler: () => void) => (event: FormEvent) => {
  event.preventDefault();
  handler();
};

function PasswordForm() {
  const { t } = useTranslation('staff-console');
  const [error, pending, submit] = useUnit([$passwordError, $passwordPending, passwordSubmitted]);
  return (
    <form className="form-stack staff-profile__form" noValidate onSubmit={submitting(submit)}>
      <FormField
        id="staff-old-password"
        label={t('profile.password.oldPassword')}
        type="password"
        autoComplete="current-password"
        maxLength={128}
        {...useField(passwordForm, 'oldPassword')}
      />
      <NewPasswordFields
        form={passwordForm}
        ids={['staff-profile-password', 'staff-profile-confirm']}
        labels={[t('profile.password.password'), t('profile.password.confirmPassword')]}
      />
      <div className="form-stack__alert" role="alert">
        {error}
      </div>
      <Button type="submit" loading={pending}>
        {t('profile.password.submit')}
      </Button>
    </form>
  );
}

function RecoveryForm() {
  const { t } = useTranslation('staff-console');
  const [error, pending, submit, codes, close] = useUnit([$recoveryError, $recoveryPending, recoverySubmitted, $newCodes, codesClosed]);
  return (
    <>
      <form className="form-stack staff-profile__form" noValidate onSubmit={submitting(submit)}>
        <FormField
          id="staff-renew-code"
          label={t('profile.recovery.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...useField(recoveryForm, 'code')}
        />
        <div className="form-stack__alert" role="alert">
          {error}
        </div>
        <Button type="submit" loading={pending}>
          {t('profile.recovery.submit')}
        </Button>
      </form>
      <Dialog
        title={t('profile.recovery.resultTitle')}
        open={codes.length > 0}
        onClose={close}
        closeLabel={t('accounts.dialogClose')}
        width="440px"
        footer={<Button onClick={() => close()}>{t('profile.recovery.close')}</Button>}
      >
        <p className="staff-panel__intro">{t('profile.recovery.resultIntro')}</p>
        <RecoveryCodeList codes={codes} />
      </Dialog>
    </>
  );
}

/** `/staff/profile`: who is signed in, a new password, new recovery codes. */
export function StaffProfilePage() {
  const { t } = useTranslation('staff-console');
  useGate(StaffProfileGate);
  const profile = useUnit($staffProfile);
  if (!profile) return null;
  return (
    <div className="staff-page">
      <h1 className="staff-page__title">{t('profile.title')}</h1>
      <Section id="staff-profile-facts" title={t('profile.facts')}>
        <dl className="staff-facts">
          <div>
            <dt>{t('profile.username')}</dt>
            <dd>{profile.username}</dd>
          </div>
          <div>
            <dt>{t('profile.name')}</dt>
            <dd>{profile.name}</dd>
          </div>
          <div>
            <dt>{t('profile.role')}</dt>
            <dd>{t(`roles.${profile.role}`)}</dd>
          </div>
          <div>
            <dt>{t('profile.recoveryLeft')}</dt>
            <dd data-testid="staff-recovery-left">{t('profile.recoveryLeftValue', { count: profile.recoveryCodesLeft })}</dd>
          </div>
          <div>
            <dt>{t('profile.idle')}</dt>
            <dd>{t('profile.idleValue', { minutes: profile.idleMinutes })}</dd>
          </div>
        </dl>
      </Section>
      <div className="staff-profile__columns">
        <Section id="staff-profile-password" title={t('profile.password.title')} intro={t('profile.password.intro')}>
          <PasswordForm />
        </Section>
        <Section id="staff-profile-recovery" title={t('profile.recovery.title')} intro={t('profile.recovery.intro')}>
          <RecoveryForm />
        </Section>
      </div>
    </div>
  );
}
