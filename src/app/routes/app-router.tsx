import { Component, createContext, startTransition, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import {
  createPath,
  matchRoutes,
  Outlet,
  parsePath,
  Router,
  useLocation,
  useRoutes,
  type Location,
  type Navigator,
  type RouteObject,
  type To,
} from 'react-router-dom';
import type { AppRouter } from '@/shared/routing';

/**
 * Where a route may not be opened: the path to go to instead (the visitor is redirected, the page never renders),
 * or null to open it. Runs before the route's modules load, on every navigation to it.
 */
export type RouteGuard = (location: { pathname: string; search: string }) => Promise<string | null> | string | null;

/** One route of the app's table: react-router's path matching, with our own loading, guards and error boundaries. */
export interface AppRoute {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** The page's module, loaded before the navigation to it commits (the previous page stays until then). */
  lazy?: () => Promise<{ Component: ComponentType }>;
  guard?: RouteGuard;
  /** What the route names for the app (its document title, the console page it is). */
  handle?: unknown;
  /** Shown in place of the route's content when it, or a route inside it, fails to load or render. */
  errorElement?: ReactNode;
  children?: AppRoute[];
}

export interface AppRouterState {
  location: Location;
  /** The matched routes, outermost first. */
  routes: AppRoute[];
  /** False until the first location's guards have run and its modules have loaded. */
  initialized: boolean;
}

export interface AppRouterInstance extends AppRouter {
  readonly state: AppRouterState;
  subscribe: (listener: (state: AppRouterState) => void) => () => void;
  /** Resolves once the first location is ready to render. */
  readonly ready: Promise<void>;
  /** @internal what AppRouterProvider renders */
  readonly tree: { objects: RouteObject[]; navigator: Navigator; isStatic: boolean };
}

type Mode = 'push' | 'replace' | 'pop' | 'initial';

const newKey = () => Math.random().toString(36).slice(2, 10);

const toLocation = (to: To, state: unknown, key: string): Location => {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: path.pathname || '/', search: path.search ?? '', hash: path.hash ?? '', state, key };
};

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as { key?: string; usr?: unknown } | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/**
 * The app's router (issue 20): react-router's declarative `<Router>` and route matching, with the navigation work
 * that react-router's data router did for us written here: each navigation runs the matched routes' guards, loads
 * their page modules, and only then changes the address and renders. The data router (createBrowserRouter with
 * loaders, lazy routes and error elements) was 17.7 KB of gzipped JS on every first visit for these three things.
 *
 * In the browser it keeps the address bar (History API); with `location` it stays on that one location and
 * changes nothing (the prerender step renders a page with it).
 */
export function createAppRouter(routes: AppRoute[], { location }: { location?: string } = {}): AppRouterInstance {
  const isStatic = location !== undefined;
  const listeners = new Set<(state: AppRouterState) => void>();
  const loaded = new WeakMap<AppRoute, ComponentType>();
  const failed = new WeakSet<AppRoute>();
  const byObject = new WeakMap<RouteObject, AppRoute>();
  let navigation = 0;
  let state: AppRouterState = {
    location: isStatic ? toLocation(location, null, 'default') : browserLocation(),
    routes: [],
    initialized: false,
  };

  let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const commit = (next: AppRouterState) => {
    state = next;
    settle?.resolve();
    for (const listener of listeners) listener(state);
  };

  const load = async (route: AppRoute) => {
    if (!route.lazy || (loaded.has(route) && !failed.has(route))) return;
    try {
      const { Component: Page } = await route.lazy();
      loaded.set(route, Page);
      failed.delete(route);
    } catch (error) {
      // Rendered as a page that throws: the nearest error element shows it; the next navigation tries again.
      loaded.set(route, () => {
        throw error;
      });
      failed.add(route);
    }
  };

  const matched = (location: Location): AppRoute[] =>
    (matchRoutes(objects, location) ?? []).flatMap(({ route }) => {
      const app = byObject.get(route);
      return app ? [app] : [];
    });

  async function go(target: Location, mode: Mode): Promise<void> {
    const id = ++navigation;
    const found = matched(target);
    for (const route of found) {
      if (!route.guard) continue;
      const redirect = await route.guard({ pathname: target.pathname, search: target.search });
      if (id !== navigation) return;
      if (redirect !== null) {
        // A redirect replaces the address the visitor was sent to (or came back to); a link followed stays one step.
        return go(toLocation(redirect, null, newKey()), mode === 'push' ? 'push' : 'replace');
      }
    }
    await Promise.all(found.map(load));
    if (id !== navigation) return;
    if (!isStatic) {
      const entry = { key: target.key, usr: target.state as unknown };
      if (mode === 'push') window.history.pushState(entry, '', createPath(target));
      else if (mode === 'replace' || createPath(target) !== createPath(browserLocation()))
        window.history.replaceState(entry, '', createPath(target));
    }
    commit({ location: target, routes: found, initialized: true });
  }

  const navigate = (to: To, options: { replace?: boolean; state?: unknown } = {}): Promise<void> => {
    if (isStatic) return Promise.resolve();
    return go(toLocation(to, options.state ?? null, newKey()), options.replace ? 'replace' : 'push');
  };

  const navigator: Navigator = {
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    encodeLocation: (to) => {
      const path = typeof to === 'string' ? parsePath(to) : to;
      return { pathname: path.pathname ?? '', search: path.search ?? '', hash: path.hash ?? '' };
    },
    go: (delta) => window.history.go(delta),
    push: (to, routeState) => void navigate(to, { state: routeState }),
    replace: (to, routeState) => void navigate(to, { replace: true, state: routeState }),
  };

  const convert = (route: AppRoute): RouteObject => {
    const element = <RouteElement route={route} loaded={loaded} />;
    const object: RouteObject = route.index
      ? { index: true, path: route.path, handle: route.handle, element }
      : { path: route.path, handle: route.handle, element, children: route.children?.map(convert) };
    byObject.set(object, route);
    return object;
  };
  const objects = routes.map(convert);

  if (!isStatic) window.addEventListener('popstate', () => void go(browserLocation(), 'pop'));
  // Ready at the first commit, whichever navigation makes it (one started before the first location settled wins).
  go(state.location, 'initial').catch((error: unknown) => settle?.reject(error));

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate,
    ready,
    tree: { objects, navigator, isStatic },
  };
}

const MatchedRoutesContext = createContext<readonly AppRoute[]>([]);

/** The `handle` of every matched route, outermost first (what the data router's useMatches gave). */
export function useRouteHandles(): unknown[] {
  return useContext(MatchedRoutesContext).map((route) => route.handle);
}

function RouteElement({ route, loaded }: { route: AppRoute; loaded: WeakMap<AppRoute, ComponentType> }) {
  const Page = loaded.get(route);
  const content = Page ? <Page /> : (route.element ?? <Outlet />);
  return route.errorElement ? <RouteErrorBoundary fallback={route.errorElement}>{content}</RouteErrorBoundary> : content;
}

/** A route's error element in place of its content, until the location changes (the route stays mounted). */
function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary resetKey={key} fallback={fallback}>
      {children}
    </ErrorBoundary>
  );
}

type BoundaryProps = { resetKey: string; fallback: ReactNode; children: ReactNode };

class ErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state: { failedAt: string | null } = { failedAt: null };
  static getDerivedStateFromError() {
    // The key is filled in by componentDidCatch; any non-null value shows the fallback until then.
    return { failedAt: '' };
  }
  override componentDidCatch(error: unknown) {
    console.error('route error', error);
    this.setState({ failedAt: this.props.resetKey });
  }
  override render() {
    const { failedAt } = this.state;
    const failed = failedAt !== null && (failedAt === '' || failedAt === this.props.resetKey);
    return failed ? this.props.fallback : this.props.children;
  }
}

function MatchedRoutes({ objects }: { objects: RouteObject[] }) {
  return useRoutes(objects);
}

/** Renders the router's current location (the browser's and the prerender's first render are the same tree). */
export function AppRouterProvider({ router }: { router: AppRouterInstance }) {
  const [state, setState] = useState(router.state);
  useEffect(() => {
    // A navigation commits as a transition: the page on screen stays while the next one's copy loads.
    const update = (next: AppRouterState) => startTransition(() => setState(next));
    const stop = router.subscribe(update);
    if (router.state !== state) update(router.state);
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribed once per router; the check above covers the gap
  }, [router]);
  const { objects, navigator, isStatic } = router.tree;
  if (!state.initialized) return null;
  return (
    <MatchedRoutesContext.Provider value={state.routes}>
      <Router location={state.location} navigator={navigator} static={isStatic}>
        <MatchedRoutes objects={objects} />
      </Router>
    </MatchedRoutesContext.Provider>
  );
}
