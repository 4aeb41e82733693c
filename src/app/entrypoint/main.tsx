import { allSettled, fork } from 'effector';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AUTH_TOKEN_KEY } from '@/shared/api';
import { i18n, initialLanguage, initI18n, showLanguage } from '@/shared/i18n';
import { keepTypedValues } from '@/shared/lib/form';
import { listenForInstallPrompt } from '@/shared/lib/install-prompt';
import { readText } from '@/shared/lib/storage';
import { routeChanged, routerCreated } from '@/shared/routing';
import { pageTitleChanged } from '../model';
import { AppProviders } from './app-providers';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from '../routes/router';
import { titleKeyOf } from '../routes/title';
import '../styles/global.css';

/** Resolves after the browser has painted the next frame (a task queued from the frame's callback runs after it). */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

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
  listenForInstallPrompt();
  const root = document.getElementById('root');
  // A page prerendered at build names the copy it shows: it loads with the core copy and the route's modules, all
  // at once rather than one after another (the chain cost the certificate page about 0.6 s at 4x CPU).
  const namespaces = root?.dataset.prerendered?.split(',').filter(Boolean);
  const language = initialLanguage();
  const copy = initI18n(namespaces, language).then(() => showLanguage(language, { remember: false }));
  const scope = fork();
  // Creating the router starts loading the first location's lazy route modules, beside the copy.
  const [router] = await Promise.all([createRouter(scope), copy]);
  await allSettled(routerCreated, { scope, params: router });
  // Loaders that read a language's content (help, legal texts) run again when the language changes.
  i18n.on('languageChanged', () => void router.revalidate());

  // One routeChanged per settled location, and the page's title.
  let lastKey = '';
  const notify = ({ location: { pathname, search }, matches }: typeof router.state) => {
    const key = `${pathname}${search}`;
    if (key === lastKey) return;
    lastKey = key;
    void allSettled(pageTitleChanged, { scope, params: titleKeyOf(matches.map((match) => match.route)) });
    void allSettled(routeChanged, { scope, params: { pathname, search } });
  };
  router.subscribe(notify);
  notify(router.state);

  if (!root) return;
  const app = (
    <AppProviders scope={scope}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  // A page prerendered at build is hydrated once its route modules and copy are loaded, so the first
  // render matches the HTML. It was rendered for a visitor without a session: a signed-in visitor's header
  // differs, so the page is rendered afresh (the prerendered HTML stays on screen until then).
  if (namespaces && !readText('local', AUTH_TOKEN_KEY)) {
    // Hydrating is one long task: the prerendered page is painted first (its paint is the page's LCP).
    await afterNextPaint();
    hydrateRoot(root, app, { onRecoverableError: reportHydrationError });
  } else if (namespaces) {
    // Rendered afresh over the prerendered page: its fields are replaced by new ones, which take what was typed into
    // them. Read and replaced in one task, so no keystroke falls in between.
    keepTypedValues(root);
    const fresh = createRoot(root);
    flushSync(() => fresh.render(app));
  } else {
    createRoot(root).render(app);
  }
}

void start();
