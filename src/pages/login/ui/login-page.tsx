import { useGate, useUnit } from 'effector-react';
import { useTranslation, Trans } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { withRedirectQuery } from '@/shared/lib/url';
import { $location, paths } from '@/shared/routing';
import { FormCard } from '@/shared/ui/form-card';
import { Tabs } from '@/shared/ui/tabs';
import { CodeLoginForm } from '@/features/login-by-code';
import { PasswordLoginForm } from '@/features/login-by-password';
import { $activeTab, LoginPageGate, tabSelected } from '../model/login-page';

/** /login: password sign-in and SMS-code sign-in on two tabs (`?type=sms` opens the second). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  useGate(LoginPageGate);
  const [activeTab, selected, { search }] = useUnit([$activeTab, tabSelected, $location]);
  return (
    <FormCard
      titleId="login-title"
      title={t('login.title')}
      footer={
        <>
          <Link to={withRedirectQuery(paths.forgetPassword, search)}>{t('login.forgotPassword')}</Link>
          <span>
            <Trans t={t} i18nKey="login.noAccount" components={{ register: <Link to={withRedirectQuery(paths.register, search)} /> }} />
          </span>
        </>
      }
    >
      <Tabs
        id="login"
        label={t('login.tabsLabel')}
        activeKey={activeTab}
        onChange={selected}
        items={[
          { key: 'password', title: t('login.passwordTab'), panel: <PasswordLoginForm /> },
          { key: 'sms', title: t('login.smsTab'), panel: <CodeLoginForm /> },
        ]}
      />
    </FormCard>
  );
}
