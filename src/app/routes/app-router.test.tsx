import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Link, Outlet, RouterProvider, useParams } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n';
import { staticRoute, appRouteObjects, useRouteHandles, type AppRoute } from './app-router';

/** A page module as `import()` gives it, resolved on the next turn like a real chunk. */
const page =
  (Component: () => React.ReactElement): (() => Promise<{ Component: () => React.ReactElement }>) =>
  () =>
    new Promise((resolve) => setTimeout(() => resolve({ Component }), 0));

function Layout() {
  const handles = useRouteHandles();
  return (
    <div>
      <nav>{JSON.stringify(handles.filter(Boolean))}</nav>
      <Outlet />
    </div>
  );
}

function Record() {
  const { no } = useParams();
  return <p>record {no}</p>;
}

function table(guard: AppRoute['guard'] = () => null): AppRoute[] {
  return [
    {
      lazy: page(Layout),
      handle: 'layout',
      errorElement: <p>route error</p>,
      children: [
        { path: '/home', handle: 'home', lazy: page(() => <Link to="/records/7">open</Link>) },
        { path: '/records/:no', handle: 'record', lazy: page(Record) },
        { path: '/login', handle: 'login', lazy: page(() => <p>login form</p>) },
        { path: '/broken', handle: 'broken', lazy: page(() => <p>fine</p>) },
        { guard, children: [{ path: '/setting', handle: 'setting', lazy: page(() => <p>settings</p>) }] },
      ],
    },
  ];
}

const handlesOf = (router: ReturnType<typeof createMemoryRouter>) =>
  router.state.matches.map((match) => match.route.handle as unknown).filter(Boolean);

async function settled(router: ReturnType<typeof createMemoryRouter>) {
  await vi.waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true));
}

beforeAll(async () => {
  await initI18n();
});

describe('one location rendered for the prerender step', () => {
  it('loads the matched modules, and renders them with their handles and params', async () => {
    const route = await staticRoute(table(), '/records/BQ1?x=1');
    expect(route.handles.filter(Boolean)).toEqual(['layout', 'record']);
    const html = renderToString(route.element);
    expect(html).toContain('record <!-- -->BQ1');
    expect(html).toContain('[&quot;layout&quot;,&quot;record&quot;]');
  });

  it('refuses a page a guard sends elsewhere, and one whose guard throws (a prerendered page needs no session)', async () => {
    await expect(
      staticRoute(
        table(() => '/login'),
        '/setting',
      ),
    ).rejects.toThrow('/setting answered 302 /login');
    const refusing = table(() => {
      throw new Error('refused');
    });
    await expect(staticRoute(refusing, '/setting')).rejects.toThrow('refused');
  });
});

describe('the data router over the table', () => {
  it('commits a navigation once the next page has loaded; the page on screen stays until then', async () => {
    const router = createMemoryRouter(appRouteObjects(table()), { initialEntries: ['/home'] });
    await settled(router);
    const going = router.navigate('/records/9');
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.navigation.state).toBe('loading');
    const pending = renderToString(<RouterProvider router={router} />);
    expect(pending).toContain(`role="progressbar" aria-label="${i18n.t('common:navigation.pending')}"`);
    await going;
    expect(renderToString(<RouterProvider router={router} />)).not.toContain('progressbar');
    expect(router.state.location.pathname).toBe('/records/9');
    expect(handlesOf(router)).toEqual(['layout', 'record']);
  });

  it('a guard sends the visitor where it says, with the full path to come back to; the guarded page never renders', async () => {
    const guard = vi.fn(
      ({ pathname, search }: { pathname: string; search: string }) => `/login?redirect=${encodeURIComponent(pathname + search)}`,
    );
    const router = createMemoryRouter(appRouteObjects(table(guard)), { initialEntries: ['/home'] });
    await settled(router);
    await router.navigate('/setting?tab=2');
    expect(router.state.location).toMatchObject({ pathname: '/login', search: '?redirect=%2Fsetting%3Ftab%3D2' });
    expect(handlesOf(router)).toEqual(['layout', 'login']);
    expect(guard).toHaveBeenCalledWith({ pathname: '/setting', search: '?tab=2' });
  });

  it('a later navigation wins over one still loading', async () => {
    const router = createMemoryRouter(appRouteObjects(table()), { initialEntries: ['/home'] });
    await settled(router);
    void router.navigate('/records/1');
    await router.navigate('/login');
    await settled(router);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a page whose module failed shows the error element inside the layout', async () => {
    const routes = table();
    const broken = routes[0]?.children?.[3];
    if (broken) broken.lazy = () => Promise.reject(new Error('chunk gone'));
    const router = createMemoryRouter(appRouteObjects(routes), { initialEntries: ['/home'] });
    await settled(router);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await router.navigate('/broken');
    const html = renderToString(<RouterProvider router={router} />);
    error.mockRestore();
    expect(router.state.location.pathname).toBe('/broken');
    expect(html).toContain('<nav>');
    expect(html).toContain('route error');
  });

  it('a guard that fails shows the error element inside the layout, not a page that does not answer', async () => {
    const routes = table(() => {
      throw new Error('storage refused');
    });
    const router = createMemoryRouter(appRouteObjects(routes), { initialEntries: ['/home'] });
    await settled(router);
    await router.navigate('/setting');
    expect(router.state.location.pathname).toBe('/setting');
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toContain('<nav>');
    expect(html).toContain('route error');
  });
});
