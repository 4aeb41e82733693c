/**
 * The prerender entry: built by Vite for Node (vite.config.ts, `prerender` plugin) and run once at build
 * time, it renders a public page's React tree in one language as the browser's first render in that language would
 * (empty effector scope, no session, no API data) so the page's HTML paints before its JS has run; main.tsx then
 * hydrates it.
 */
import { fork } from 'effector';
import { prerenderToNodeStream } from 'react-dom/static';
import { initI18n, showLanguage, takeUsedNamespaces } from '@/shared/i18n';
import { documentTitleText } from '../model';
import { AppProviders } from './app-providers';
import { staticRoute } from '../routes/app-router';
import { routeTable } from '../routes/router';
import { titleKeyOf } from '../routes/title';

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The document title (the route's, as the browser would write it). */
  title: string;
  /** The copy namespaces the page used: the browser loads them before hydrating. */
  namespaces: string[];
}

const refuse = () => {
  throw new Error('a prerendered page must not need a signed-in user');
};

let ready: Promise<unknown> | null = null;

/**
 * A boundary left pending (its fallback in place, the content moved in later by an inline script) does not hydrate
 * as the browser renders it. The page is rendered again (what it waited for has loaded by then); one still pending
 * after that fails the build.
 */
const PENDING_BOUNDARY = '<!--$?-->';
const ATTEMPTS = 3;

/** The page of `path` in `language` (one of the supported languages). */
export async function prerenderPage(path: string, language: string): Promise<PrerenderedPage> {
  for (let attempt = 1; ; attempt++) {
    const page = await renderOnce(path, language);
    if (!page.html.includes(PENDING_BOUNDARY)) return page;
    if (attempt === ATTEMPTS) throw new Error(`${path} (${language}): a part of the page was still loading after ${ATTEMPTS} renders`);
  }
}

async function renderOnce(path: string, language: string): Promise<PrerenderedPage> {
  ready ??= initI18n([], language);
  await ready;
  // One translator for every page, switched between languages (the plugin renders one language's pages together)
  // as main.tsx starts in one: its core copy and dayjs's names; a page's own copy loads as it asks for it.
  await showLanguage(language, { remember: false });
  const route = await staticRoute(routeTable(refuse, refuse), path);
  const scope = fork();
  // The namespaces this page uses, not those of the pages rendered before it.
  takeUsedNamespaces();
  const { prelude } = await prerenderToNodeStream(
    <AppProviders scope={scope}>{route.element}</AppProviders>,
    // React outlines a boundary larger than this (its fallback in place, the content at the end with an inline
    // script that moves it): the help centre's topics are. A page is written whole, in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const title = documentTitleText(titleKeyOf(route.handles.map((handle) => ({ handle }))));
  return {
    html: Buffer.concat(chunks).toString('utf8'),
    title,
    namespaces: takeUsedNamespaces(),
  };
}
