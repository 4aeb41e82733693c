import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES_DIR } from './paths';

/**
 * The languages the copy exists in, the first the default: read from locales/languages.json, the one list shared
 * with the web app (the server imports nothing of the web app). Each has its files in `locales/<code>/` and its
 * dayjs locale in lib/time.ts. Read as a file, not imported: Node needs an import attribute for JSON, which the
 * test runners' loaders do not all pass on.
 */
const languages = JSON.parse(readFileSync(join(LOCALES_DIR, 'languages.json'), 'utf8')) as { default: string; supported: string[] };

export type Language = string;
export const SUPPORTED_LANGUAGES: readonly Language[] = languages.supported;
export const DEFAULT_LANGUAGE: Language = languages.default;
