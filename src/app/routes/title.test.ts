import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from './app-router';
import { routeTable } from './router';
import { pageTitle, titleKeyOf } from './title';
import { DEFAULT_LANGUAGE } from '@/shared/config';

const common = JSON.parse(readFileSync(join(import.meta.dirname, `../../../locales/${DEFAULT_LANGUAGE}/common.json`), 'utf8')) as {
  titles: Record<string, string>;
};

function pages(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [...(route.path !== undefined && route.lazy ? [route] : []), ...pages(route.children ?? [])]);
}

describe('document titles of the route table', () => {
  const table = routeTable(() => Promise.resolve(null));

  it('every page route names a title that the locale file has', () => {
    const routes = pages(table);
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((route) => {
      const key = titleKeyOf([{ handle: route.handle }]);
      return !key || typeof common.titles[key] !== 'string' || common.titles[key] === '';
    });
    expect(missing.map((route) => route.path)).toEqual([]);
  });

  it('the main routes carry the expected titles', () => {
    const byPath = new Map(pages(table).map((route) => [route.path, titleKeyOf([{ handle: route.handle }])]));
    expect(byPath.get('/login')).toBe('login');
    expect(byPath.get('/home')).toBe('home');
    expect(byPath.get('/attestation-all/data')).toBe('attestationData');
    expect(byPath.get('/notary')).toBe('notary');
    expect(byPath.get('*')).toBe('notFound');
  });
});

describe('titleKeyOf', () => {
  it('takes the deepest match that names a title', () => {
    expect(titleKeyOf([{ handle: pageTitle('home') }, { handle: undefined }, { handle: pageTitle('login') }, {}])).toBe('login');
  });

  it('answers null when no match names one (or a handle is something else)', () => {
    expect(titleKeyOf([])).toBeNull();
    expect(titleKeyOf([{ handle: { crumb: 'x' } }, { handle: 'home' }, { handle: null }])).toBeNull();
  });
});
