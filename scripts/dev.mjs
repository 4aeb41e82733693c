// `npm run dev`: the API service on PORT (default 8080, restarted on change by tsx watch) and the Vite dev
// server with hot reload, which proxies /api and /sandbox to it (vite.config.ts). One process tree: when
// either child stops, or we are signalled, both stop.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, PORT: process.env.PORT ?? '8080' };

const children = [
  spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'server/index.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit', env }),
];

let exiting = false;
function stopAll(code, signal = 'SIGTERM') {
  if (exiting) return;
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
  Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0, signal));
