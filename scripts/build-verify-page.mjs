// Builds verify.html, the offline proof package's verifier: one self-contained page, its script and
// styles inlined, its copy inlined from the default language's proof-package.json; it fetches nothing. The server puts it in
// every proof package (server/modules/evidence/verify-page.ts): read from dist/verify/verify.html when built, else
// built in memory on first use.
// Usage: node scripts/build-verify-page.mjs [outfile]   (default dist/verify/verify.html)
import { build } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const VERIFY_PAGE_FILE = join(root, 'dist/verify/verify.html');

/** Replaced with `<script type="application/json" id="pv-keys">[...key ids]</script>` in each package. */
export const TRUSTED_KEYS_PLACEHOLDER = '<script type="application/json" id="pv-keys">[]</script>';

/** `</script` and `</style` cannot appear inside inline elements; `<!--` would start a comment state. */
const inlineSafe = (text) => text.replace(/<\/(script|style)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

/** The page as one HTML string. */
export async function buildVerifyPage() {
  // The default language of locales/languages.json: the package travels without the app, in one language.
  const language = JSON.parse(await readFile(join(root, 'locales/languages.json'), 'utf8')).default;
  const copy = JSON.parse(await readFile(join(root, 'locales', language, 'proof-package.json'), 'utf8'));
  const result = await build({
    absWorkingDir: root,
    stdin: {
      contents: [
        "import { mountProofVerifier } from '@/pages/proof-verifier';",
        'const read = (id) => JSON.parse(document.getElementById(id).textContent);',
        "mountProofVerifier(document.getElementById('pv-root'), read('pv-copy'), read('pv-keys'));",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
      sourcefile: 'verify-page-entry.ts',
    },
    bundle: true,
    write: false,
    outdir: 'verify-out',
    format: 'iife',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    tsconfig: join(root, 'tsconfig.app.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    // shared/lib/file-hash's worker helper (import.meta.url) is not used by the page and is shaken out; only hashBlob is.
    logOverride: { 'empty-import-meta': 'silent' },
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Nothing may be fetched: the page works from disk with the network off (WebAssembly: the SHA-256 of large files).
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'unsafe-inline'; img-src data:">`,
    `<title>${escapeHtml(copy.title)}</title>`,
    `<style>${inlineSafe(css)}</style>`,
    '</head>',
    '<body>',
    '<div id="pv-root"></div>',
    `<script type="application/json" id="pv-copy">${inlineSafe(JSON.stringify(copy))}</script>`,
    // The platform's published checkpoint keys: filled in by the server when it puts the page in a package.
    TRUSTED_KEYS_PLACEHOLDER,
    `<script>${inlineSafe(js)}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const outfile = process.argv[2] ? resolve(process.argv[2]) : VERIFY_PAGE_FILE;
  const html = await buildVerifyPage();
  await mkdir(dirname(outfile), { recursive: true });
  await writeFile(outfile, html);
  console.log(`build-verify-page: ${outfile} (${Math.round(html.length / 1024)} KiB, ${Math.round(performance.now() - started)} ms)`);
}
