import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../../languages';
import { PROJECT_ROOT } from '../../paths';

/**
 * verify.html for the proof packages, one page per supported language (its copy inlined). Built from the sources by
 * scripts/build-verify-page.mjs (esbuild, about half a second) on first use of each language and kept for the life
 * of the process, so the page always matches the shared verification code the server runs; where the build tools
 * are not installed, the copy `npm run build` left in dist/verify/ is read instead.
 */
const pages = new Map<Language, Promise<Buffer>>();

/** The file `npm run build` writes for `language` (the script's `verifyPageName`): verify.html for the default. */
const builtFile = (language: Language) =>
  join(PROJECT_ROOT, 'dist/verify', language === DEFAULT_LANGUAGE ? 'verify.html' : `verify.${language}.html`);

async function load(language: Language): Promise<Buffer> {
  try {
    const script = pathToFileURL(join(PROJECT_ROOT, 'scripts/build-verify-page.mjs')).href;
    const { buildVerifyPage } = (await import(script)) as { buildVerifyPage: (language: string) => Promise<string> };
    return Buffer.from(await buildVerifyPage(language), 'utf8');
  } catch (error) {
    try {
      return await readFile(builtFile(language));
    } catch {
      throw error;
    }
  }
}

const KEYS_PLACEHOLDER = '<script type="application/json" id="pv-keys">[]</script>';

/**
 * The page in `language` (the request's; an unsupported one gives the default's), trusting the given checkpoint key
 * fingerprints (the log's published keys when the package is made).
 */
export async function verifyPage(language: string, trustedKeyIds: readonly string[]): Promise<Buffer> {
  const chosen = SUPPORTED_LANGUAGES.includes(language) ? language : DEFAULT_LANGUAGE;
  let page = pages.get(chosen);
  if (!page) {
    page = load(chosen).catch((error: unknown) => {
      pages.delete(chosen);
      throw error;
    });
    pages.set(chosen, page);
  }
  const html = (await page).toString('utf8');
  if (!html.includes(KEYS_PLACEHOLDER)) throw new Error('verify.html has no place for the trusted keys');
  const keys = JSON.stringify(trustedKeyIds.filter((id) => /^[0-9a-f]{64}$/.test(id)));
  return Buffer.from(
    html.replace(KEYS_PLACEHOLDER, () => `<script type="application/json" id="pv-keys">${keys}</script>`),
    'utf8',
  );
}
