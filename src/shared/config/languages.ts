import languages from '../../../locales/languages.json' with { type: 'json' };

/**
 * The languages the copy exists in, the first the default: read from locales/languages.json, the one list a new
 * language is added to (with its files in `locales/<code>/` and its dayjs locale in `shared/lib/time`).
 */
export type Language = string;
export const SUPPORTED_LANGUAGES: readonly Language[] = languages.supported;
export const DEFAULT_LANGUAGE: Language = languages.default;
