import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the single-page app must never answer: the API, the sandbox pages and missing build assets. */
export const isReservedPath = (path: string) =>
  path === '/api' || path.startsWith('/api/') || path === '/sandbox' || path.startsWith('/sandbox/') || path.startsWith('/assets/');

export function hasWebBuild(root: string): boolean {
  return existsSync(join(root, 'index.html'));
}

/**
 * Serves the built web app. Hashed files under /assets never change, so browsers keep them for a year;
 * index.html is revalidated on every visit so a new build is picked up at once.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    setHeaders(reply, filePath) {
      if (filePath.endsWith('index.html')) reply.header('cache-control', 'no-cache');
      else if (/[\\/]assets[\\/]/.test(filePath)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else reply.header('cache-control', 'public, max-age=3600');
    },
  });
}

/**
 * A public page prerendered at build (issue 20, scripts/prerender/plugin.ts) is `<path>/index.html` under the web
 * root: its file, or null when the path has none.
 */
export function prerenderedFile(root: string, path: string): string | null {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  if (!trimmed || !/^[A-Za-z0-9/_-]+$/.test(trimmed) || trimmed.split('/').includes('assets')) return null;
  const file = `${trimmed}/index.html`;
  return existsSync(join(root, file)) ? file : null;
}

/**
 * Client-side routes (e.g. /login, /notary/detail) are answered with index.html, or with the route's prerendered
 * page when the build made one; the router takes over.
 */
export function sendSpaFallback(request: FastifyRequest, reply: FastifyReply, root?: string): FastifyReply | null {
  const path = request.url.split('?')[0] ?? '/';
  if ((request.method !== 'GET' && request.method !== 'HEAD') || isReservedPath(path)) return null;
  return reply.header('cache-control', 'no-cache').sendFile((root && prerenderedFile(root, path)) || 'index.html');
}
