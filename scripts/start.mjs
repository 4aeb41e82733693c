// `npm start`: builds the web app and the server bundle when missing or older than their sources, then runs
// the compiled API service (`node dist/server/index.js`, which also serves the web build) on one port: no
// TypeScript at run time. Signals go to the server; its exit code is ours.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'dist/web/index.html');
const SOURCES = ['src', 'locales', 'index.html', 'vite.config.ts'];
const builtServer = join(root, 'dist/server/index.js');
// What the bundle is made of (locales and migrations are read at run time, not bundled).
const SERVER_SOURCES = ['server', 'src/shared', 'scripts/build-server.mjs'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

if (!existsSync(join(root, 'index.html'))) {
  console.warn('start: no index.html yet, serving the API only');
} else if (needsBuild(builtIndex, SOURCES)) {
  console.log('start: building the web app (vite build)');
  const code = await run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build']);
  if (code !== 0) process.exit(code);
}

if (needsBuild(builtServer, SERVER_SOURCES)) {
  console.log('start: building the server (scripts/build-server.mjs)');
  const code = await run(process.execPath, [join(root, 'scripts/build-server.mjs')]);
  if (code !== 0) process.exit(code);
}

const server = spawn(process.execPath, ['--enable-source-maps', builtServer], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
