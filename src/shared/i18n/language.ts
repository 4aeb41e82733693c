import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, languageForRanges, supportedLanguage } from '@contracts';
import { setDayjsLanguage } from '@formats';
import languages from '../../../locales/languages.json' with { type: 'json' };
import { i18n } from './i18n';

/**
 * The language a page starts in: the one the server wrote into `<html lang>` (it chose the prerendered page by the
 * visitor's cookie or browser, docs/decisions/copy-and-languages.md), so the first render matches the HTML; else (a
 * page without it) the browser's languages, zh for any Chinese and English for the rest.
 */
export function initialLanguage(): string {
  if (typeof document === 'undefined') return languages.default;
  const fromPage = supportedLanguage(document.documentElement.lang, languages.supported);
  if (fromPage) return fromPage;
  return languageForRanges(typeof navigator === 'undefined' ? [] : navigator.languages, languages);
}

/** The language the app shows now. */
export const currentLanguage = (): string => i18n.language || languages.default;

/** The language names, each written in itself, for the switch (locales/languages.json `names`). */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = languages.names;

/**
 * Shows the app in `language`: its copy (every namespace in use is loaded before the switch), `<html lang>`, dayjs's
 * names. `remember` keeps it in the cookie the server reads, so the next page it sends is in this language.
 */
export async function showLanguage(language: string, { remember }: { remember: boolean }): Promise<void> {
  const chosen = supportedLanguage(language, languages.supported);
  if (!chosen) return;
  if (remember && typeof document !== 'undefined') {
    const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(chosen)}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  }
  if (chosen !== i18n.language) await i18n.changeLanguage(chosen);
  setDayjsLanguage(chosen);
  if (typeof document !== 'undefined') document.documentElement.lang = chosen;
}
