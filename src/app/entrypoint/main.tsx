import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { allSettled, fork } from 'effector';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AUTH_TOKEN_KEY } from '@/shared/api';
import { i18n, initI18n } from '@/shared/i18n';
import { readText } from '@/shared/lib/storage';
import { routeChanged, routerCreated } from '@/shared/routing';
import { pageTitleChanged } from '../model';
import { AppProviders } from './app-providers';
import { createRouter } from '../routes/router';
import { titleKeyOf } from '../routes/title';
import '../styles/global.css';

dayjs.locale('zh-cn');

type AppRouter = ReturnType<typeof createRouter>;

/** Resolves once the router has loaded the lazy modules of the first location's routes. */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Hydration problems are reported, not hidden: the e2e test of the prerendered pages (tests/e2e/prerender.spec.ts)
 * fails on any of them.
 */
function reportHydrationError(error: unknown) {
  const list = ((window as { __hydrationErrors?: string[] }).__hydrationErrors ??= []);
  list.push(error instanceof Error ? error.message : String(error));
  console.error('hydration mismatch', error);
}

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
  const app = (
    <AppProviders scope={scope}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  // A page prerendered at build (issue 20) is hydrated once its route modules and copy are loaded, so the first
  // render matches the HTML. It was rendered for a visitor without a session: a signed-in visitor's header
  // differs, so the page is rendered afresh (the prerendered HTML stays on screen until then).
  const namespaces = root.dataset.prerendered?.split(',').filter(Boolean);
  if (namespaces && !readText('local', AUTH_TOKEN_KEY)) {
    await Promise.all([routerReady(router), i18n.loadNamespaces(namespaces)]);
    hydrateRoot(root, app, { onRecoverableError: reportHydrationError });
  } else {
    createRoot(root).render(app);
  }
}

void start();
