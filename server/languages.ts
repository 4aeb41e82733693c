/**
 * The languages the server speaks, the first being the default: the one list on this side that names them (the
 * web app has its own in src/shared/config/languages.ts; the server imports nothing of the web app). Each has
 * its copy in `locales/<code>/` and a dayjs locale of the same name (lower case) set up in lib/time.ts.
 */
export const SUPPORTED_LANGUAGES = ['zh-CN'] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The language of every text and document today: the translator and dayjs both take it from here. */
export const DEFAULT_LANGUAGE: Language = SUPPORTED_LANGUAGES[0];
