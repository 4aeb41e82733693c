// Bundles the API service (server/index.ts and everything it imports from server/ and src/shared) into one
// ESM file for Node 20, packages left to node_modules: production runs JavaScript, no TypeScript at run time.
// Files read at run time (locales/, server/db/migrations/, dist/web/) are found from the project folder
// (server/paths.ts), so the bundle works from dist/server/ or any folder inside the project.
// Usage: node scripts/build-server.mjs [outfile]   (default dist/server/index.js)
import { build } from 'esbuild';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the server to `outfile`; returns the file's path. */
export async function buildServer(outfile = join(root, 'dist/server/index.js')) {
  await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'server/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Stack traces name the TypeScript files (node --enable-source-maps is set by scripts/start.mjs).
    logLevel: 'warning',
    tsconfig: join(root, 'tsconfig.node.json'),
  });
  return outfile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const outfile = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`build-server: ${outfile} (${Math.round(performance.now() - started)} ms)`);
}
