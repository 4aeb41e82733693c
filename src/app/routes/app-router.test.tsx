import { renderToString } from 'react-dom/server';
import { Link, Outlet, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRouterProvider, createAppRouter, useRouteHandles, type AppRoute } from './app-router';

/** A page module as `import()` gives it, resolved on the next turn like a real chunk. */
const page =
  (Component: () => React.ReactElement): (() => Promise<{ Component: () => React.ReactElement }>) =>
  () =>
    new Promise((resolve) => setTimeout(() => resolve({ Component }), 0));

function Layout() {
  const handles = useRouteHandles();
  return (
    <div>
      <nav>{JSON.stringify(handles)}</nav>
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

describe('the app router at one location (the prerender step)', () => {
  it('loads the matched modules before it is ready, and renders them with their handles and params', async () => {
    const router = createAppRouter(table(), { location: '/records/BQ1?x=1' });
    expect(router.state.initialized).toBe(false);
    await router.ready;
    expect(router.state.routes.map((route) => route.handle)).toEqual(['layout', 'record']);
    expect(router.state.location).toMatchObject({ pathname: '/records/BQ1', search: '?x=1' });
    const html = renderToString(<AppRouterProvider router={router} />);
    expect(html).toContain('record <!-- -->BQ1');
    expect(html).toContain('[&quot;layout&quot;,&quot;record&quot;]');
  });

  it('follows a guard to where it sends the visitor, without loading the guarded page', async () => {
    const settings = vi.fn(page(() => <p>settings</p>));
    const routes = table(({ pathname, search }) => `/login?redirect=${encodeURIComponent(pathname + search)}`);
    const guarded = routes[0]?.children?.[4]?.children?.[0];
    if (guarded) guarded.lazy = settings;
    const router = createAppRouter(routes, { location: '/setting?tab=2' });
    await router.ready;
    expect(router.state.location).toMatchObject({ pathname: '/login', search: '?redirect=%2Fsetting%3Ftab%3D2' });
    expect(renderToString(<AppRouterProvider router={router} />)).toContain('login form');
    expect(settings).not.toHaveBeenCalled();
  });

  it('is not ready when a guard throws (a prerendered page must not need a session)', async () => {
    const router = createAppRouter(
      table(() => {
        throw new Error('refused');
      }),
      { location: '/setting' },
    );
    await expect(router.ready).rejects.toThrow('refused');
  });

  it('commits a location whose module failed to load (its error element shows), and loads it again next time', async () => {
    const load = vi.fn<() => Promise<{ Component: () => React.ReactElement }>>().mockRejectedValueOnce(new Error('chunk gone'));
    load.mockImplementation(page(() => <p>fine</p>));
    const routes = table();
    const broken = routes[0]?.children?.[3];
    if (broken) broken.lazy = load;
    const router = createAppRouter(routes, { location: '/broken' });
    await router.ready;
    expect(router.state.location.pathname).toBe('/broken');
    // Server rendering has no error boundaries: the page that failed throws its error where the browser shows the element.
    expect(() => renderToString(<AppRouterProvider router={router} />)).toThrow('chunk gone');
    expect(load).toHaveBeenCalledTimes(1);
  });
});

/** Just enough of a browser window for the router: the address, the history entries and popstate. */
function fakeWindow(start: string) {
  const entries: { url: string; state: unknown }[] = [{ url: start, state: null }];
  let index = 0;
  const listeners: (() => void)[] = [];
  const current = () => new URL(entries[index]?.url ?? '/', 'http://app.test');
  const window = {
    get location() {
      const { pathname, search, hash } = current();
      return { pathname, search, hash };
    },
    history: {
      get state() {
        return entries[index]?.state ?? null;
      },
      pushState: vi.fn((state: unknown, _title: string, url: string) => {
        entries.splice(index + 1, entries.length, { url, state });
        index = entries.length - 1;
      }),
      replaceState: vi.fn((state: unknown, _title: string, url: string) => {
        entries[index] = { url, state };
      }),
      go(delta: number) {
        index += delta;
        for (const listener of listeners) listener();
      },
    },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  vi.stubGlobal('window', window);
  return { window, urls: () => entries.map((entry) => entry.url), at: () => entries[index]?.url };
}

describe('the app router in the browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('changes the address only once the next page has loaded, one history entry per link followed', async () => {
    const browser = fakeWindow('/home');
    const router = createAppRouter(table());
    await router.ready;
    const seen: string[] = [];
    router.subscribe((state) => seen.push(state.location.pathname));
    const going = router.navigate('/records/9');
    expect(browser.at()).toBe('/home');
    await going;
    expect(browser.urls()).toEqual(['/home', '/records/9']);
    expect(router.state.routes.map((route) => route.handle)).toEqual(['layout', 'record']);
    await router.navigate('/login', { replace: true });
    expect(browser.urls()).toEqual(['/home', '/login']);
    expect(seen).toEqual(['/records/9', '/login']);
  });

  it('a guarded link goes to where the guard sends the visitor, as one entry; back returns to the page before', async () => {
    const browser = fakeWindow('/home');
    const router = createAppRouter(table(() => '/login?redirect=%2Fsetting'));
    await router.ready;
    await router.navigate('/setting');
    expect(browser.urls()).toEqual(['/home', '/login?redirect=%2Fsetting']);
    browser.window.history.go(-1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('a later navigation wins over one still loading', async () => {
    const browser = fakeWindow('/home');
    const router = createAppRouter(table());
    await router.ready;
    const first = router.navigate('/records/1');
    const second = router.navigate('/login');
    await Promise.all([first, second]);
    expect(browser.urls()).toEqual(['/home', '/login']);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('loads a module that failed again on the next navigation to it', async () => {
    fakeWindow('/home');
    const load = vi.fn<() => Promise<{ Component: () => React.ReactElement }>>().mockRejectedValueOnce(new Error('chunk gone'));
    load.mockImplementation(page(() => <p>fine</p>));
    const routes = table();
    const broken = routes[0]?.children?.[3];
    if (broken) broken.lazy = load;
    const router = createAppRouter(routes);
    await router.ready;
    await router.navigate('/broken');
    expect(router.state.location.pathname).toBe('/broken');
    await router.navigate('/home');
    await router.navigate('/broken');
    await router.navigate('/home');
    await router.navigate('/broken');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps an address as the address bar holds it (percent-encoded)', async () => {
    const browser = fakeWindow('/home');
    const router = createAppRouter(table());
    await router.ready;
    await router.navigate('/records/a b?q=x y#top');
    expect(router.state.location).toMatchObject({ pathname: '/records/a%20b', search: '?q=x%20y', hash: '#top' });
    expect(browser.at()).toBe('/records/a%20b?q=x%20y#top');
  });

  it('commits a navigation whose guard failed, so its error element shows instead of a page that does not answer', async () => {
    const browser = fakeWindow('/home');
    const router = createAppRouter(
      table(() => {
        throw new Error('storage refused');
      }),
    );
    await router.ready;
    await router.navigate('/setting');
    expect(browser.at()).toBe('/setting');
    expect(router.state.routes.map((route) => route.handle)).toEqual(['layout', undefined, 'setting']);
  });
});
