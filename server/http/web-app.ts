import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LanguageList } from '../../contracts/index';
import { DEFAULT_LANGUAGE } from '../languages';
import { markPageLanguage, PAGE_LANGUAGES, pageLanguage } from './page-language';
import { pageFileIn } from './page-files';
import { compressTree } from './precompress';
import { RECORD_SHELL_FILE } from './record-shell';

/** Paths the single-page app must never answer: the API, the sandbox pages and missing build assets. */
export const isReservedPath = (path: string) =>
  path === '/api' || path.startsWith('/api/') || path === '/sandbox' || path.startsWith('/sandbox/') || path.startsWith('/assets/');

export function hasWebBuild(root: string): boolean {
  return existsSync(join(root, 'index.html'));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** `index.html` and every prerendered page, whether sent as it is or as its .br/.gz sibling. */
const HTML_FILE = /\.html(?:\.br|\.gz)?$/;
const ASSET_FILE = /[\\/]assets[\\/]/;

/**
 * Serves the built web app. Every compressible file has brotli and gzip siblings made at build
 * (vite's `precompress` plugin); @fastify/static sends the one `Accept-Encoding` prefers (br > gzip >
 * identity, q-values respected, `q=0` refused), always with `Vary: Accept-Encoding`, and answers
 * `If-None-Match` / `If-Modified-Since` with 304 (ETag and Last-Modified of the file sent). Hashed files under
 * /assets never change, so browsers keep them for a year; HTML is revalidated on every visit so a new build
 * is picked up at once; anything else (favicon) for an hour.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  // HTML written after the build (prerendered pages) gets its siblings here; a read-only folder is no reason
  // not to serve (the plain file is sent then).
  try {
    compressTree(root, { filter: (path) => path.endsWith('.html'), onlyStale: true });
  } catch (error) {
    app.log.warn({ err: error }, 'could not precompress the HTML of the web build');
  }
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    cacheControl: false,
    // Files have an extension; every other path (/, /login, /login/: a client route or the folder of a
    // prerendered page) goes to the not-found handler, which answers it with sendSpaFallback. An unknown API
    // path never reaches the file system, whatever its ending (`/api/x.json`): the API's own 404.
    index: false,
    allowedPath: (pathname) => !pathname.startsWith('/api/') && /\.[^/]*$/.test(pathname),
    setHeaders(reply, filePath) {
      if (HTML_FILE.test(filePath)) reply.header('cache-control', 'no-cache');
      else if (ASSET_FILE.test(filePath)) reply.header('cache-control', IMMUTABLE);
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
}

/**
 * The HTML file answering a client-side route, and its language: the page prerendered at build (`<path>/index.html`
 * or `<path>.html`, or `<parent>/[param].html` for `<parent>/<one segment>`) when there is one, else `index.html`
 * (the router takes over), each in `language` (page-files.ts). A language's own app shell wins over the default
 * language's prerendered page: a page opens in the visitor's language, prerendered or not. A language the build has
 * no file of gets the default language's. Never outside `root`.
 */
export function htmlFileFor(
  root: string,
  path: string,
  language: string = DEFAULT_LANGUAGE,
  defaultLanguage: string = DEFAULT_LANGUAGE,
): { file: string; language: string } {
  const candidates = [...pageCandidates(path), 'index.html'];
  for (const option of language === defaultLanguage ? [language] : [language, defaultLanguage]) {
    for (const candidate of candidates) {
      const file = pageFileIn(candidate, option, defaultLanguage);
      if (isFileUnder(root, file)) return { file, language: option };
    }
  }
  return { file: 'index.html', language: defaultLanguage };
}

/** The files (in the default language) that could hold a path's prerendered page, most specific first. */
function pageCandidates(path: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return [];
  }
  const trimmed = decoded.replace(/\/+$/, '');
  if (trimmed === '' || decoded.includes('\0') || decoded.includes('\\')) return [];
  const relative = normalize(trimmed).replace(/^[/\\]+/, '');
  if (relative.startsWith('..') || relative.split(sep).includes('..')) return [];
  // A page of one record (`/attestation/<no>`) has a shell prerendered for its parent: `attestation/[param].html`.
  const parent = dirname(relative);
  const shell = parent === '.' || relative.includes('[') ? [] : [join(parent, RECORD_SHELL_FILE)];
  return [join(relative, 'index.html'), `${relative}.html`, ...shell];
}

function isFileUnder(root: string, relative: string): boolean {
  const file = join(root, relative);
  if (!file.startsWith(root + sep)) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Client-side routes (e.g. /login, /notary/detail) are answered with their prerendered page or the app shell, in the
 * language of the visitor's cookie or browser (page-language.ts), named in Content-Language.
 */
export function sendSpaFallback(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  languages: LanguageList = PAGE_LANGUAGES,
): FastifyReply | null {
  const path = request.url.split('?')[0] ?? '/';
  if ((request.method !== 'GET' && request.method !== 'HEAD') || isReservedPath(path)) return null;
  const page = htmlFileFor(root, path, pageLanguage(request, languages), languages.default);
  markPageLanguage(reply, page.language);
  return reply.sendFile(page.file);
}
