import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (the one holding package.json and locales/), found by walking up from this module.
 * The same code runs as TypeScript from server/ (tsx, tests) and bundled into dist/server/index.js
 * (production), so folders are resolved from here rather than relative to the running file.
 * APP_ROOT overrides the search (a layout where the bundle lives elsewhere).
 */
function findProjectRoot(): string {
  const override = process.env.APP_ROOT?.trim();
  if (override) return resolve(override);
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'locales'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no project folder (package.json and locales/) above ${start}; set APP_ROOT`);
  }
}

export const PROJECT_ROOT = findProjectRoot();
/** The SQL migrations, shipped as files next to the code (server/db/migrations). */
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'server', 'db', 'migrations');
export const LOCALES_DIR = join(PROJECT_ROOT, 'locales');
/** The built web app (vite build). */
export const WEB_ROOT = join(PROJECT_ROOT, 'dist', 'web');
