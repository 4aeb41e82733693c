import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import {
  createBrowserRouter,
  createStaticHandler,
  createStaticRouter,
  redirect,
  Outlet,
  StaticRouterProvider,
  useMatches,
  useNavigation,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';

/**
 * Where a route may not be opened: the path to go to instead (the visitor is redirected, the page never renders),
 * or null to open it. It is the route's loader, so it runs before the navigation to the route commits.
 */
export type RouteGuard = (location: { pathname: string; search: string }) => Promise<string | null> | string | null;

/** One route of the app's table, in react-router's terms plus a guard. */
export interface AppRoute {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /**
   * The page's module, loaded before the navigation to it commits (the previous page stays until then), and the
   * loader of what the page shows without a user (run by the prerender's static handler too, so it is in the HTML).
   */
  lazy?: () => Promise<{ Component: ComponentType; loader?: () => Promise<unknown> }>;
  guard?: RouteGuard;
  /** What the route names for the app (its document title, the console page it is). */
  handle?: unknown;
  /**
   * Shown when the route fails to load or render. For a layout route the routes inside it show it in their place,
   * inside the layout (the header and footer stay), unless they name another.
   */
  errorElement?: ReactNode;
  children?: AppRoute[];
}

const guardLoader =
  (guard: RouteGuard) =>
  async ({ request }: LoaderFunctionArgs) => {
    const { pathname, search } = new URL(request.url);
    const to = await guard({ pathname, search });
    return to === null ? null : redirect(to);
  };

/** The table as react-router's route objects: a guard becomes the loader, a layout's error element moves inside it. */
function toRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const shared = {
      path: route.path,
      handle: route.handle,
      element: route.element,
      lazy: route.lazy,
      loader: route.guard ? guardLoader(route.guard) : undefined,
      errorElement: route.errorElement,
    };
    if (route.index) return { ...shared, index: true };
    const children = route.children ? toRouteObjects(route.children) : undefined;
    const isLayout = route.lazy !== undefined || route.element !== undefined;
    // react-router shows an error element in place of its route; one pathless route inside the layout keeps the
    // layout on screen around the error of a page in it.
    const inside = route.errorElement && children && isLayout ? [{ errorElement: route.errorElement, children }] : children;
    return { ...shared, children: inside };
  });
}

/** A thin bar at the top while the next page's guards run and its module loads (the page on screen stays). */
function NavigationPending() {
  const { state } = useNavigation();
  const { t } = useTranslation('common');
  if (state === 'idle') return null;
  return <div className="navigation-pending" role="progressbar" aria-label={t('navigation.pending')} />;
}

function Root() {
  return (
    <>
      <NavigationPending />
      <Outlet />
    </>
  );
}

/** The whole tree: one root route that shows the pending navigation, with the table inside. */
export const appRouteObjects = (routes: readonly AppRoute[]): RouteObject[] => [{ element: <Root />, children: toRouteObjects(routes) }];

/** The browser's router; resolves once the first location's guards have run and its modules have loaded. */
export async function createAppRouter(routes: readonly AppRoute[]) {
  const router = createBrowserRouter(appRouteObjects(routes));
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  return router;
}

export type AppDataRouter = Awaited<ReturnType<typeof createAppRouter>>;

/**
 * One location rendered as the browser's first render would (the prerender step), through react-router's static
 * handler. A route that redirects or fails there cannot be prerendered: the build stops.
 */
export async function staticRoute(routes: readonly AppRoute[], path: string) {
  const handler = createStaticHandler(appRouteObjects(routes));
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} ${context.headers.get('Location') ?? ''}`);
  const errors = context.errors ? Object.values(context.errors) : [];
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(`${path}: ${String(errors[0])}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    element: <StaticRouterProvider router={router} context={context} hydrate={false} />,
    handles: context.matches.map((match) => match.route.handle as unknown),
  };
}

/** The `handle` of every matched route, outermost first. */
export function useRouteHandles(): unknown[] {
  return useMatches().map((match) => match.handle);
}
