// Bundles the API service (server/index.ts and everything it imports from server/ and src/shared) into one
// ESM file for Node 20, packages left to node_modules: production runs JavaScript, no TypeScript at run time.
// Files read at run time (locales/, server/db/migrations/, dist/web/) are found from the project folder
// (server/paths.ts), so the bundle works from dist/server/ or any folder inside the project.
// Usage: node scripts/build-server.mjs [outfile]   (default dist/server/index.js)
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const EXTERNAL = [
  '@electric-sql/pglite',
  'playwright-core',
  'pg',
  '@aws-sdk/*',
  'alipay-sdk',
  '@alicloud/*',
  'tencentcloud-sdk-nodejs-sms',
  'china-area-data',
];

const options = (entry, outfile) => ({
  absWorkingDir: root,
  entryPoints: [join(root, entry)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Pure-JavaScript packages are bundled: Node loads one file instead of resolving and reading a few hundred
  // (about 0.45 s of every start). Kept outside: PGlite (its WebAssembly and data files sit beside its
  // code), the browser driver, and the SDKs the server loads only when configured (createRequire at run time).
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle still call require() for Node's built-in modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  sourcemap: true,
  // Stack traces name the TypeScript files (node --enable-source-maps is set by scripts/start.mjs). Node reads and
  // parses the whole map at start: without the sources' text in it (they are in the repository) it is a third
  // of the size, about 70 ms less of every start.
  sourcesContent: false,
  logLevel: 'warning',
  tsconfig: join(root, 'tsconfig.node.json'),
});

/** Builds the server to `outfile`; returns the file's path. */
export async function buildServer(outfile = join(root, 'dist/server/index.js')) {
  await build(options('server/index.ts', outfile));
  return outfile;
}

/**
 * The migrated empty database a new data folder starts from (server/db/template.ts), next to the default bundle:
 * built like the server and run once with Node (no TypeScript at run time here either).
 */
export async function buildTemplate() {
  const cli = join(root, 'dist/server/template-cli.js');
  await build(options('server/db/template-cli.ts', cli));
  execFileSync(process.execPath, [cli, join(dirname(cli), 'pglite-template.tar.gz')], { stdio: 'inherit' });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const outfile = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`build-server: ${outfile} (${Math.round(performance.now() - started)} ms)`);
  if (!process.argv[2]) await buildTemplate();
}
