import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { i18n, initI18n } from '@/shared/i18n';
import { routeChanged, routerCreated } from '@/shared/routing';
import { PageLoader } from '@/shared/ui';
import '../model';
import { createRouter } from '../routes/router';
import '../styles/global.css';

dayjs.locale('zh-cn');

async function start() {
  await initI18n();
  const scope = fork();
  const router = createRouter(scope);
  await allSettled(routerCreated, { scope, params: router });

  // One routeChanged per settled location (the router also notifies for loading states).
  let lastKey = '';
  const notify = ({ pathname, search }: { pathname: string; search: string }) => {
    const key = `${pathname}${search}`;
    if (key === lastKey) return;
    lastKey = key;
    void allSettled(routeChanged, { scope, params: { pathname, search } });
  };
  notify(router.state.location);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') notify(state.location);
  });

  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Provider value={scope}>
          <Suspense fallback={<PageLoader />}>
            <RouterProvider router={router} />
          </Suspense>
        </Provider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
