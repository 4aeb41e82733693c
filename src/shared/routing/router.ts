import { attach, createEffect, createEvent, createStore } from 'effector';

/** The part of the app's router (app/routes/app-router.tsx) the models use; kept structural so shared stays framework-light. */
export type AppRouter = {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void;
  subscribe: (listener: (state: { location: { pathname: string; search: string } }) => void) => () => void;
  state: { location: { pathname: string; search: string } };
};

export const $router = createStore<AppRouter | null>(null, { serialize: 'ignore' });
export const routerCreated = createEvent<AppRouter>();
$router.on(routerCreated, (_, router) => router);

export type NavigateParams = string | { to: string; replace?: boolean };

/** Navigation from models (after login, on session expiry, after logout). */
export const navigateFx = attach({
  source: $router,
  effect: async (router, params: NavigateParams) => {
    const { to, replace } = typeof params === 'string' ? { to: params, replace: false } : params;
    if (router) await router.navigate(to, { replace: replace ?? false });
    else globalThis.location?.assign(to);
  },
});

export const reloadPageFx = createEffect(() => {
  globalThis.location?.reload();
});

/** Fired by the app on every route change, with the new location. */
export const routeChanged = createEvent<{ pathname: string; search: string }>();

/** The current location as the router sees it, for guards and redirect targets. */
export const $location = createStore<{ pathname: string; search: string }>({ pathname: '/', search: '' }).on(
  routeChanged,
  (_, location) => location,
);
