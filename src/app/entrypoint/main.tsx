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
import { pageTitleChanged } from '../model';
import { createRouter } from '../routes/router';
import { titleKeyOf } from '../routes/title';
import '../styles/global.css';

dayjs.locale('zh-cn');

async function start() {
  await initI18n();
  const scope = fork();
  const router = createRouter(scope);
  await allSettled(routerCreated, { scope, params: router });

  // One routeChanged per settled location (the router also notifies for loading states), and the page's title.
  let lastKey = '';
  const notify = ({ location: { pathname, search }, matches }: typeof router.state) => {
    const key = `${pathname}${search}`;
    if (key === lastKey) return;
    lastKey = key;
    void allSettled(pageTitleChanged, { scope, params: titleKeyOf(matches.map((match) => match.route)) });
    void allSettled(routeChanged, { scope, params: { pathname, search } });
  };
  notify(router.state);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') notify(state);
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
