// Builds verify.html, the offline proof package's verifier: one self-contained page per supported language, its
// script and styles inlined, its copy inlined from that language's proof-package.json; it fetches nothing. The server
// puts the page of the request's language in every proof package (server/modules/evidence/verify-page.ts), always
// named verify.html inside the zip: built in memory on first use, else read from dist/verify/ (verifyPageFile).
// Usage: node scripts/build-verify-page.mjs [outdir]   (default dist/verify: verify.html for the default language,
// verify.<language>.html for each other one)
import { build } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const VERIFY_PAGE_DIR = join(root, 'dist/verify');

const readJson = async (...path) => JSON.parse(await readFile(join(root, ...path), 'utf8'));

/** locales/languages.json: `default` and `supported`. */
export const readLanguages = () => readJson('locales/languages.json');

/** The built page's file name: the default language keeps verify.html (what `npm run build` always made). */
export const verifyPageName = (language, defaultLanguage) => (language === defaultLanguage ? 'verify.html' : `verify.${language}.html`);

/** Where `npm run build` leaves the page of `language`. */
export async function verifyPageFile(language, dir = VERIFY_PAGE_DIR) {
  return join(dir, verifyPageName(language, (await readLanguages()).default));
}

/** Replaced with `<script type="application/json" id="pv-keys">[...key ids]</script>` in each package. */
export const TRUSTED_KEYS_PLACEHOLDER = '<script type="application/json" id="pv-keys">[]</script>';

/** `</script` and `</style` cannot appear inside inline elements; `<!--` would start a comment state. */
const inlineSafe = (text) => text.replace(/<\/(script|style)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

/** The verifier's script and styles, the same for every language (bundled once per process). */
let bundled = null;

async function bundle() {
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
  return {
    js: result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '',
    css: result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '',
  };
}

/**
 * The page of `language` (a supported one, else the default) as one HTML string: the package travels without the
 * app, so the page holds the copy of the one language the package was asked in.
 */
export async function buildVerifyPage(language) {
  const languages = await readLanguages();
  const chosen = languages.supported.includes(language) ? language : languages.default;
  const copy = await readJson('locales', chosen, 'proof-package.json');
  const { js, css } = await (bundled ??= bundle().catch((error) => {
    bundled = null;
    throw error;
  }));
  const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(chosen)}">`,
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
  const outdir = process.argv[2] ? resolve(process.argv[2]) : VERIFY_PAGE_DIR;
  await mkdir(outdir, { recursive: true });
  for (const language of (await readLanguages()).supported) {
    const outfile = await verifyPageFile(language, outdir);
    const html = await buildVerifyPage(language);
    await writeFile(outfile, html);
    console.log(`build-verify-page: ${outfile} (${Math.round(html.length / 1024)} KiB)`);
  }
  console.log(`build-verify-page: ${Math.round(performance.now() - started)} ms`);
}
