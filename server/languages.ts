import { readLanguages } from './i18n';

/**
 * The languages the copy exists in, the first the default: locales/languages.json, the one list shared with the
 * web app, read by the same reader as the copy itself. Each has its files in `locales/<code>/` and its dayjs
 * locale in lib/time.ts.
 */
const languages = readLanguages();

export type Language = string;
export const SUPPORTED_LANGUAGES: readonly Language[] = languages.supported;
export const DEFAULT_LANGUAGE: Language = languages.default;
/** The language for a browser that asks only for unsupported ones (zh for any Chinese, this for the rest). */
export const FALLBACK_LANGUAGE: Language | undefined = languages.fallback;
