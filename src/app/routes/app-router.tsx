import { Component, createContext, startTransition, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import {
  createPath,
  matchRoutes,
  Outlet,
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
  /**
   * Shown in place of the route's content when it fails to load or render; the routes inside it show it in place
   * of their own content (inside this route's layout: the header and footer stay) unless they name another.
   */
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

/** A path as the address bar holds it (percent-encoded), as react-router's browser history writes it. */
const encoded = (to: To) => {
  const url = new URL(typeof to === 'string' ? to : createPath(to), 'http://app.local');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

const toLocation = (to: To, state: unknown, key: string): Location => ({ ...encoded(to), state, key });

/** Writes a committed navigation into the session history; where the browser refuses (Safari limits the rate of
 * history calls), the page is loaded at that address instead. */
function writeAddress(target: Location, mode: Mode) {
  const entry = { key: target.key, usr: target.state as unknown };
  const path = createPath(target);
  try {
    if (mode === 'push') window.history.pushState(entry, '', path);
    else if (mode === 'replace' || path !== createPath(browserLocation())) window.history.replaceState(entry, '', path);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
    if (mode === 'push') window.location.assign(path);
    else window.location.replace(path);
  }
}

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
  // What a matched route failed with at the last navigation (its guard or its module): its error element shows it.
  const thrown = new WeakMap<AppRoute, unknown>();
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
    if (!route.lazy || loaded.has(route)) return;
    try {
      loaded.set(route, (await route.lazy()).Component);
    } catch (error) {
      // The nearest error element shows it; the next navigation to the route loads it again.
      thrown.set(route, error);
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
    for (const route of found) thrown.delete(route);
    for (const route of found) {
      if (!route.guard) continue;
      let redirect: string | null;
      try {
        redirect = await route.guard({ pathname: target.pathname, search: target.search });
      } catch (error) {
        // At build a guarded page cannot be prerendered; in the browser the route's error element says it failed.
        if (isStatic) throw error;
        thrown.set(route, error);
        break;
      }
      if (id !== navigation) return;
      if (redirect !== null) {
        // A redirect replaces the address the visitor was sent to (or came back to); a link followed stays one step.
        return go(toLocation(redirect, null, newKey()), mode === 'push' ? 'push' : 'replace');
      }
    }
    await Promise.all(found.map(load));
    if (id !== navigation) return;
    if (!isStatic) writeAddress(target, mode);
    commit({ location: target, routes: found, initialized: true });
  }

  const navigate = (to: To, options: { replace?: boolean; state?: unknown } = {}): Promise<void> => {
    if (isStatic) return Promise.resolve();
    return go(toLocation(to, options.state ?? null, newKey()), options.replace ? 'replace' : 'push');
  };

  const navigator: Navigator = {
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    encodeLocation: encoded,
    go: (delta) => window.history.go(delta),
    push: (to, routeState) => void navigate(to, { state: routeState }),
    replace: (to, routeState) => void navigate(to, { replace: true, state: routeState }),
  };

  const convert = (route: AppRoute, inherited?: ReactNode): RouteObject => {
    const errorElement = route.errorElement ?? inherited;
    // A component, not an element made once: rendered again at every location, it picks up a module loaded since.
    const Element = () => <RouteElement route={route} errorElement={errorElement} loaded={loaded} thrown={thrown} />;
    const object: RouteObject = route.index
      ? { index: true, path: route.path, handle: route.handle, Component: Element }
      : {
          path: route.path,
          handle: route.handle,
          Component: Element,
          children: route.children?.map((child) => convert(child, errorElement)),
        };
    byObject.set(object, route);
    return object;
  };
  const objects = routes.map((route) => convert(route));

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

type RouteElementProps = {
  route: AppRoute;
  /** The route's own error element, or the nearest one around it. */
  errorElement: ReactNode;
  loaded: WeakMap<AppRoute, ComponentType>;
  thrown: WeakMap<AppRoute, unknown>;
};

function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

function RouteElement({ route, errorElement, loaded, thrown }: RouteElementProps) {
  const Page = loaded.get(route);
  const content = thrown.has(route) ? <Rethrow error={thrown.get(route)} /> : Page ? <Page /> : (route.element ?? <Outlet />);
  return errorElement ? <RouteErrorBoundary fallback={errorElement}>{content}</RouteErrorBoundary> : content;
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
type BoundaryState = { failed: boolean; key: string };

/** Shows its fallback after a render error, until the location's key changes (a navigation, back or forward). */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }
  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('route error', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
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
