import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compressTree } from './server/http/precompress';
import { prerender, type DocumentCopyApi } from './scripts/prerender/plugin';

/** The default language of locales/languages.json, the one list of languages: its copy is what the build inlines. */
const DEFAULT_LANGUAGE = (JSON.parse(readFileSync(new URL('./locales/languages.json', import.meta.url), 'utf8')) as { default: string })
  .default;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The repository's root as module ids write it: the top-level modules (contracts/, formats/) are matched under it only. */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The copy folder: `<language>/document.json` holds each language's words of index.html. */
const LOCALES_DIR = fileURLToPath(new URL('./locales', import.meta.url));

/** index.html with `{{language}}` and `{{document.key}}` filled in `language` (escaped; a missing text fails). */
export function fillDocumentCopy(html: string, language: string, localesDir = LOCALES_DIR): string {
  const file = join(localesDir, language, 'document.json');
  const copy = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return html.replace(/\{\{\s*language\s*\}\}/g, escapeHtml(language)).replace(/\{\{\s*document\.(\w+)\s*\}\}/g, (_, key: string) => {
    const text = copy[key];
    if (typeof text !== 'string') throw new Error(`${file} has no text "${key}" that index.html asks for`);
    return escapeHtml(text);
  });
}

/**
 * index.html's words (title, description, the old-browser notice, noscript) live in each language's document.json
 * like every other copy; the page keeps `{{document.key}}` placeholders, and `{{language}}` for `<html lang>`,
 * filled here in the default language at build and in dev. Filled last (`post`), after the build has put its asset
 * tags in: the page as built, placeholders and all, is kept for the prerender plugin, which writes it in every
 * language (`api.documentIn`).
 */
export function documentCopy(localesDir = LOCALES_DIR, language = DEFAULT_LANGUAGE): Plugin & { api: DocumentCopyApi } {
  let built: string | null = null;
  return {
    name: 'document-copy',
    api: {
      documentIn(wanted) {
        if (built === null) throw new Error('document-copy: index.html has not been built yet');
        return fillDocumentCopy(built, wanted, localesDir);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        built = html;
        return fillDocumentCopy(html, language, localesDir);
      },
    },
  };
}

/**
 * react-router's package exports name only its development build, whose dev warnings (ENABLE_DEV_WARNINGS) and
 * their messages every visitor would download; the build resolves the package to its production build, the same
 * code with the warnings off.
 */
export function reactRouterProduction(): Plugin {
  const dist = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url));
  const files: Record<string, string> = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' };
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      const file = files[id];
      return file ? `${dist}${file}` : null;
    },
  };
}

/** Brotli and gzip siblings of every compressible file of the build (server/http/precompress.ts). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = fileURLToPath(new URL(config.build.outDir, `file://${config.root}/`));
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const started = performance.now();
        const s = compressTree(outDir);
        const kb = (n: number) => (n / 1024).toFixed(1);
        this.info(
          `${s.compressed}/${s.files} files, ${kb(s.bytes)} KB -> br ${kb(s.brBytes)} KB, gzip ${kb(s.gzBytes)} KB (${Math.round(performance.now() - started)} ms)`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [reactRouterProduction(), react(), documentCopy(), prerender(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^@contracts$/, replacement: fileURLToPath(new URL('./contracts/index.ts', import.meta.url)) },
      { find: /^@formats$/, replacement: fileURLToPath(new URL('./formats/index.ts', import.meta.url)) },
      { find: /^@proof\/(merkle|package|timestamp-token)$/, replacement: fileURLToPath(new URL('./proof/$1/index.ts', import.meta.url)) },
      // Semi imports lodash function by function from the CommonJS build; the ES build of the same
      // functions bundles smaller and tree-shakes.
      { find: /^lodash\/(.+)$/, replacement: 'lodash-es/$1' },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sandbox': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Once a dozen lazy pages share Semi's overlays (Table and DatePicker use Tooltip/Popover, pages ask
          // for Modal, the toasts are loaded on demand), rolldown's automatic common chunk put them, with the
          // zh_CN locale and date-fns, into the entry: every first visit grew by about 30 KB gzipped (/404
          // 179 -> 209 KB). Named groups keep them in chunks of their own, loaded by the pages that use them.
          groups: [
            {
              // What every page loads besides the framework: the API client, the translator with the core copy
              // (common, validation, fields, errors) with its formatters and the China-time dayjs they use, the
              // form rules, and the bundler's own helpers. Left alone,
              // rolldown cut them into eight small chunks (one request and one gzip header each).
              name: 'app-core',
              // The default language's core copy only: another language's is fetched when it is chosen.
              test: new RegExp(
                String.raw`src[\\/]shared[\\/](api[\\/](?!staff)[\w-]+\.ts|i18n[\\/]|config[\\/]|lib[\\/]storage[\\/])|` +
                  escapeRegExp(ROOT) +
                  String.raw`(contracts[\\/](common|messages|rules|language)|formats[\\/](amount|china-dayjs|china-time|text-formats))\.ts|node_modules[\\/]dayjs[\\/](esm[\\/])?(index|dayjs\.min|plugin[\\/](utc|timezone|customParseFormat)|locale[\\/]zh-cn)|locales[\\/]` +
                  escapeRegExp(DEFAULT_LANGUAGE) +
                  String.raw`[\\/](common|validation|fields|errors)\.json|locales[\\/]languages\.json|preload-helper|rolldown[\\/]runtime`,
              ),
              includeDependenciesRecursively: false,
            },
            {
              // What every page runs (React, the router, effector, farfetched, zod) in one chunk: as
              // more lazy pages share pieces of it, automatic splitting cut it into many small chunks that
              // compress worse and cost a request each (/login grew by 5 KB gzipped without a new byte of code).
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|effector|effector-react|patronum|@farfetched[\\/](core|zod)|zod|use-sync-external-store)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'semi-overlays',
              test: /semi-(ui-19|foundation)[\\/]lib[\\/]es[\\/](modal|toast|tooltip|popover|typography)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              // Positioning, portals and clipboard helpers of Semi's overlays and pickers: shared by several
              // signed-in pages, never needed by the sign-in forms, so kept out of the entry as well.
              name: 'semi-overlay-base',
              // Babel's class helpers go with them: left alone they landed in the one lazy page that also uses
              // them (the address page), and this chunk importing that page's chunk, which imports the overlays
              // back, made a cycle that left Semi's constants undefined when a toast was shown elsewhere. Their
              // own dependencies (prop-types, Semi's base component) come along, so this chunk never imports the
              // automatic common chunk that imports it (scripts/check-chunk-cycles.mjs fails the build check on a
              // cycle; one made /setting open on the route error page).
              test: /semi-ui-19[\\/]lib[\\/]es[\\/](_portal|resizeObserver|trigger)[\\/]|copy-text-to-clipboard|react-window|memoize-one|@babel[\\/]runtime[\\/]/,
            },
            {
              name: 'semi-locale',
              test: /semi-ui-19[\\/]lib[\\/]es[\\/]locale[\\/]source|date-fns[\\/]esm[\\/]locale/,
            },
          ],
        },
      },
    },
  },
});
