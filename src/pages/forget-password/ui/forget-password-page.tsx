import { useUnit } from 'effector-react';
import { useTranslation, Trans } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { withRedirectQuery } from '@/shared/lib/url';
import { $location, paths } from '@/shared/routing';
import { FormCard } from '@/shared/ui/form-card';
import { ResetPasswordForm } from '@/features/reset-password';

/** /forgetpwd: reset the password with an SMS code. */
export function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  const { search } = useUnit($location);
  return (
    <FormCard
      titleId="forget-password-title"
      title={t('reset.title')}
      footer={
        <span>
          <Trans t={t} i18nKey="reset.remembered" components={{ login: <Link to={withRedirectQuery(paths.login, search)} /> }} />
        </span>
      }
    >
      <p className="form-card__intro">{t('reset.intro')}</p>
      <ResetPasswordForm />
    </FormCard>
  );
}
