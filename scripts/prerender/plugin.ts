import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';
import { pageFileIn } from '../../server/http/page-files';
import { RECORD_PARAM, RECORD_SHELL_FILE } from '../../server/http/record-shell';
import { SUBMIT_GUARD_SOURCE } from '../../contracts/index';
import { CORE_NAMESPACES } from '../../src/shared/i18n/core-namespaces';

/**
 * Public pages that need no user data, prerendered at build in every supported language to
 * `dist/web/<path>/index.html` (another language L: `index.L.html`, server/http/page-files.ts), and the
 * source modules each one's route loads lazily (app/routes/router.tsx): their JS is preloaded and their CSS
 * linked in the page's head, so the prerendered HTML paints styled before any JS has run. A module missing
 * from the client build fails the build.
 *
 * A path ending in `/[param]` is the shell of a page of one record (the certificate, the explorer): the page as
 * it renders before its data arrives (header, the loading state, footer), rendered at `sample` and written to
 * `<parent>/[param].html`, which the server sends for every `<parent>/<one segment>` (server/http/web-app.ts).
 * Its chunks are preloaded with the HTML instead of being discovered one after another by the router.
 */
export const PRERENDERED_ROUTES: readonly { path: string; sample?: string; modules: readonly string[] }[] = [
  { path: '/home', modules: ['src/app/routes/app-layout.tsx', 'src/pages/home/index.ts'] },
  { path: '/login', modules: ['src/pages/login/index.ts'] },
  { path: '/register', modules: ['src/pages/register/index.ts'] },
  { path: '/forgetpwd', modules: ['src/pages/forget-password/index.ts'] },
  { path: '/helpCenter', modules: ['src/app/routes/app-layout.tsx', 'src/pages/content/help-center/index.ts'] },
  { path: '/appDownload', modules: ['src/app/routes/app-layout.tsx', 'src/pages/content/app-download/index.ts'] },
  ...['/clause', '/user/clause', '/user-agreement', '/privacy', '/privacy-main', '/privacy-list', '/privacy-slist', '/privacy-ilist'].map(
    (path) => ({ path, modules: ['src/app/routes/app-layout.tsx', 'src/pages/content/legal/index.ts'] }),
  ),
  { path: '/queryAuthentication', modules: ['src/app/routes/app-layout.tsx', 'src/pages/query-authentication/index.ts'] },
  {
    path: '/attestation/[param]',
    sample: '/attestation/BQ00000000000000000',
    modules: ['src/app/routes/app-layout.tsx', 'src/pages/certificate/index.ts'],
  },
  {
    path: '/explorer/[param]',
    sample: `/explorer/${'0'.repeat(64)}`,
    modules: ['src/app/routes/app-layout.tsx', 'src/pages/explorer/index.ts'],
  },
];

/** locales/languages.json: the pages are prerendered in every supported language, the default's under the plain names. */
const LANGUAGES = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../locales/languages.json'), 'utf8')) as {
  default: string;
  supported: readonly string[];
};

/**
 * The file a prerendered path is written to in `language`, relative to dist/web (docs/decisions/speed.md: the server
 * sends it for the path to a visitor of that language).
 */
export const prerenderedFile = (path: string, language = LANGUAGES.default) => {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  const file = trimmed.endsWith(`/${RECORD_PARAM}`)
    ? `${trimmed.slice(0, -RECORD_PARAM.length)}${RECORD_SHELL_FILE}`
    : `${trimmed}/index.html`;
  return pageFileIn(file, language, LANGUAGES.default);
};

/**
 * What the `document-copy` plugin (vite.config.ts) offers: the built index.html (its asset tags in place) with its
 * words and `<html lang>` in a language.
 */
export interface DocumentCopyApi {
  documentIn(language: string): string;
}

const ENTRY = 'src/app/entrypoint/prerender.tsx';

interface PrerenderModule {
  prerenderPage: (path: string, language: string) => Promise<{ html: string; title: string; namespaces: string[] }>;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The JS files a chunk loads statically (itself included) and the CSS they bring, in load order. */
function assetsOf(bundle: Rollup.OutputBundle, root: string, module: string) {
  const id = resolve(root, module);
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId === id);
  if (!start) throw new Error(`prerender: ${module} is not the entry of any chunk of the client build`);
  const js: string[] = [];
  const css: string[] = [];
  const visit = (chunk: Rollup.OutputChunk) => {
    if (js.includes(chunk.fileName)) return;
    js.push(chunk.fileName);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
    for (const file of chunk.viteMetadata?.importedCss ?? []) if (!css.includes(file)) css.push(file);
  };
  visit(start);
  return { js, css };
}

/** The chunks holding copy namespaces in a language (`locales/<language>/<ns>.json`), found in the client build. */
function copyChunks(bundle: Rollup.OutputBundle, namespaces: readonly string[], language: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const files = namespaces.map((ns) => {
    const end = `/locales/${language}/${ns}.json`;
    // A namespace is its own chunk, or one module of a named group (vite.config.ts, `app-core`, the default's core).
    const chunk = chunks.find((item) => item.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(end)));
    if (!chunk) throw new Error(`prerender: no chunk holds the copy "${language}/${ns}"`);
    return chunk.fileName;
  });
  return [...new Set(files)];
}

const preloadLinks = (base: string, files: readonly string[]) =>
  files.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`).join('\n    ');

/** A prerendered page's HTML: `template` (index.html in the page's language) with the page's head and markup. */
function pageHtml(
  template: string,
  page: Awaited<ReturnType<PrerenderModule['prerenderPage']>>,
  assets: { css: readonly string[]; js: readonly string[] },
  base: string,
): string {
  // React writes what a page hoists into <head> (its <title>, <meta>, preloads) before its markup: they go
  // into the head, ahead of the route's title as React would put them in the browser.
  const hoisted = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)*/.exec(page.html)?.[0] ?? '';
  const markup = page.html.slice(hoisted.length);
  const head = [
    // First in the head: a form submitted before the page is live must not be sent by the browser itself.
    `<script>${SUBMIT_GUARD_SOURCE}</script>`,
    ...assets.css.filter((file) => !template.includes(file)).map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    preloadLinks(
      base,
      assets.js.filter((file) => !template.includes(file)),
    ),
  ].join('\n    ');
  return template
    .replace(
      /(<title id="route-title">)[^<]*(<\/title>)/,
      (_, open: string, close: string) => `${hoisted}${open}${escapeHtml(page.title)}${close}`,
    )
    .replace('</head>', `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${escapeHtml(page.namespaces.join(','))}">${markup}</div>`);
}

function writePage(webRoot: string, file: string, html: string): void {
  const path = join(webRoot, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, html);
}

/**
 * After the client build: builds the prerender entry for Node once, and in every supported language writes the app
 * shell (`index.html`, `index.L.html`: `<html lang>`, document copy and core copy preloads in L) and renders every
 * route of PRERENDERED_ROUTES into its page (title, the route's CSS and module preloads, the markup in #root with the
 * namespaces main.tsx loads before hydrating, their chunks in L).
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  let bundle: Rollup.OutputBundle | null = null;
  return {
    name: 'prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr && process.env.PRERENDER !== '0',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      if (!bundle) return;
      const documentCopy = config.plugins.find((plugin) => plugin.name === 'document-copy')?.api as DocumentCopyApi | undefined;
      if (!documentCopy) throw new Error('prerender: the document-copy plugin (vite.config.ts) writes index.html in each language');
      const { build } = await import('vite');
      const outDir = join(config.root, 'dist/.prerender');
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'error',
        ssr: { noExternal: true },
        // One file for Node: the browser build's chunk groups (vite.config.ts) are not wanted here, and chunks
        // split by them left a page's lazy module unresolved (its boundary prerendered as the loader).
        build: {
          ssr: ENTRY,
          outDir,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          rolldownOptions: { output: { codeSplitting: false } },
        },
      });
      const { prerenderPage } = (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as PrerenderModule;
      const webRoot = resolve(config.root, config.build.outDir);
      const base = config.base.endsWith('/') ? config.base : `${config.base}/`;
      // A route's own modules and CSS are the same in every language.
      const routeAssets = PRERENDERED_ROUTES.map((route) => {
        const js: string[] = [];
        const css: string[] = [];
        for (const module of route.modules) {
          const found = assetsOf(bundle!, config.root, module);
          js.push(...found.js.filter((file) => !js.includes(file)));
          css.push(...found.css.filter((file) => !css.includes(file)));
        }
        return { route, js, css };
      });
      // One language after the other: the translator switches language once, its copy loaded once.
      for (const language of LANGUAGES.supported) {
        // Every page needs the core copy before its first render: the shell preloads it beside the entry, so it is
        // not discovered only once the entry has run.
        const core = copyChunks(bundle, CORE_NAMESPACES, language);
        const template = documentCopy.documentIn(language).replace('</head>', `  ${preloadLinks(base, core)}\n  </head>`);
        writePage(webRoot, pageFileIn('index.html', language, LANGUAGES.default), template);
        for (const { route, js, css } of routeAssets) {
          const page = await prerenderPage(route.sample ?? route.path, language);
          // The page's own copy too: main.tsx loads it with the core copy before hydrating.
          const copy = copyChunks(bundle, page.namespaces, language).filter((file) => !js.includes(file));
          writePage(webRoot, prerenderedFile(route.path, language), pageHtml(template, page, { css, js: [...js, ...copy] }, base));
        }
      }
      rmSync(outDir, { recursive: true, force: true });
      config.logger.info(`prerendered ${PRERENDERED_ROUTES.length} public pages in ${LANGUAGES.supported.join(', ')}`);
    },
  };
}
