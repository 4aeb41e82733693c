import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../paths';

/**
 * verify.html for the proof packages. Built from the sources by scripts/build-verify-page.mjs (esbuild,
 * about half a second) on first use and kept for the life of the process, so the page always matches the shared
 * verification code the server runs; where the build tools are not installed, the copy `npm run build` left in
 * dist/verify/ is read instead.
 */
let page: Promise<Buffer> | null = null;

async function load(): Promise<Buffer> {
  try {
    const script = pathToFileURL(join(PROJECT_ROOT, 'scripts/build-verify-page.mjs')).href;
    const { buildVerifyPage } = (await import(script)) as { buildVerifyPage: () => Promise<string> };
    return Buffer.from(await buildVerifyPage(), 'utf8');
  } catch (error) {
    try {
      return await readFile(join(PROJECT_ROOT, 'dist/verify/verify.html'));
    } catch {
      throw error;
    }
  }
}

const KEYS_PLACEHOLDER = '<script type="application/json" id="pv-keys">[]</script>';

/** The page, trusting the given checkpoint key fingerprints (the log's published keys when the package is made). */
export async function verifyPage(trustedKeyIds: readonly string[]): Promise<Buffer> {
  const html = (
    await (page ??= load().catch((error: unknown) => {
      page = null;
      throw error;
    }))
  ).toString('utf8');
  if (!html.includes(KEYS_PLACEHOLDER)) throw new Error('verify.html has no place for the trusted keys');
  const keys = JSON.stringify(trustedKeyIds.filter((id) => /^[0-9a-f]{64}$/.test(id)));
  return Buffer.from(
    html.replace(KEYS_PLACEHOLDER, () => `<script type="application/json" id="pv-keys">${keys}</script>`),
    'utf8',
  );
}
