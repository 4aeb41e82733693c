/**
 * The languages the web app speaks, the first being the default: the one list that names them. Each has its
 * copy in `locales/<code>/` and a dayjs locale of the same name (lower case) set up in `shared/lib/time`.
 */
export const SUPPORTED_LANGUAGES = ['zh-CN'] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The language of every page today: the i18n setup and dayjs both take it from here. */
export const DEFAULT_LANGUAGE: Language = SUPPORTED_LANGUAGES[0];
