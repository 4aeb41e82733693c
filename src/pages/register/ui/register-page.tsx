import { useUnit } from 'effector-react';
import { useTranslation, Trans } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { withRedirectQuery } from '@/shared/lib/url';
import { $location, paths } from '@/shared/routing';
import { FormCard } from '@/shared/ui/form-card';
import { RegisterForm } from '@/features/register';

/** /register */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { search } = useUnit($location);
  return (
    <FormCard
      titleId="register-title"
      title={t('register.title')}
      footer={
        <span>
          <Trans t={t} i18nKey="register.hasAccount" components={{ login: <Link to={withRedirectQuery(paths.login, search)} /> }} />
        </span>
      }
    >
      <RegisterForm />
    </FormCard>
  );
}
