import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '@/shared/ui';
import { Footer } from '@/widgets/footer';
import { Header } from '@/widgets/header';

/**
 * Pages with the site header (menu, bell, points, account) and footer, loaded as its own chunk. Semi's
 * locale is added only around the signed-in pages (semi-locale-layout.tsx).
 */
export function AppLayout() {
  return (
    <div className="app-shell">
      <Header />
      <main className="app-shell__main" id="main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
