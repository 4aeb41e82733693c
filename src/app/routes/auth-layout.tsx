import { Suspense } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link, Outlet } from 'react-router-dom';
import { paths } from '@/shared/routing';
import { PageLoader } from '@/shared/ui';
import { LanguageSwitch } from '@/features/switch-language';
import { Footer } from '@/widgets/footer';

/** Sign-in, sign-up and reset: a light brand bar, the form, the footer. */
export function AuthLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="app-shell app-shell--auth">
      <header className="auth-bar">
        <Link to={paths.home} className="auth-bar__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('brand')}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main className="app-shell__main app-shell__main--auth" id="main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
