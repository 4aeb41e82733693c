import languages from '../locales/languages.json';

/**
 * The languages the copy exists in, the first the default: read from locales/languages.json, the one list shared
 * with the web app (the server imports nothing of the web app). Each has its files in `locales/<code>/` and its
 * dayjs locale in lib/time.ts.
 */
export type Language = string;
export const SUPPORTED_LANGUAGES: readonly Language[] = languages.supported;
export const DEFAULT_LANGUAGE: Language = languages.default;
