import { LocaleProvider } from '@douyinfe/semi-ui-19';
import zhCN from '@douyinfe/semi-ui-19/lib/es/locale/source/zh_CN';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '@/shared/ui';
import { Footer } from '@/widgets/footer';
import { Header } from '@/widgets/header';

/**
 * Pages with the site header (menu, bell, points, account) and footer. Loaded as its own chunk, with
 * Semi's zh_CN locale (date pickers, pagination), so the sign-in pages do not download them.
 */
export function AppLayout() {
  return (
    <LocaleProvider locale={zhCN}>
      <div className="app-shell">
        <Header />
        <main className="app-shell__main" id="main">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </LocaleProvider>
  );
}
