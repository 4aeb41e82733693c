/** What a route's `handle` carries: the key of its page title under `titles.` in the common namespace of the copy. */
export type RouteTitle = { title: string };

export const pageTitle = (key: string): RouteTitle => ({ title: key });

const isRouteTitle = (handle: unknown): handle is RouteTitle =>
  typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';

/** The title key of the deepest matched route (outermost first) that names one (null: the site's name alone). */
export function titleKeyOf(routes: readonly { handle?: unknown }[]): string | null {
  for (let index = routes.length - 1; index >= 0; index -= 1) {
    const handle = routes[index]?.handle;
    if (isRouteTitle(handle)) return handle.title;
  }
  return null;
}
