import { LocaleProvider } from '@douyinfe/semi-ui-19';
import type { Locale } from '@douyinfe/semi-ui-19/lib/es/locale/interface';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { DEFAULT_LANGUAGE, useTranslation } from '@/shared/i18n';

/**
 * Semi's locale module of each language the copy exists in, keyed by Semi's own name (`xx_YY` for `xx-YY`), each
 * imported only when a page needs it. A new language adds its line here when Semi has its words; without one, the
 * default language's is used.
 */
const SEMI_LOCALES: Record<string, () => Promise<{ default: Locale }>> = {
  zh_CN: () => import('@douyinfe/semi-ui-19/lib/es/locale/source/zh_CN'),
  // The copy is British English.
  en: () => import('@douyinfe/semi-ui-19/lib/es/locale/source/en_GB'),
};

const semiName = (language: string) => language.replace('-', '_');
const loaded = new Map<string, Locale>();

/** Loads (once) Semi's locale for `language`, falling back to the default language's. */
export async function loadSemiLocale(language: string): Promise<Locale> {
  const name = SEMI_LOCALES[semiName(language)] ? semiName(language) : semiName(DEFAULT_LANGUAGE);
  const known = loaded.get(name);
  if (known) return known;
  const load = SEMI_LOCALES[name];
  if (!load) throw new Error(`no Semi locale for ${language}`);
  const locale = (await load()).default;
  loaded.set(name, locale);
  return locale;
}

const loadedFor = (language: string): Locale | undefined =>
  loaded.get(SEMI_LOCALES[semiName(language)] ? semiName(language) : semiName(DEFAULT_LANGUAGE));

/**
 * Semi's locale of the current language (date pickers, pagination, tables) around the signed-in pages that use
 * Semi. Public pages do not, so they are not wrapped: the locale and its provider stay out of their first visit.
 * The route loads the locale before the layout first renders (router.tsx); a later change of language loads the
 * new one and renders again.
 */
export function SemiLocaleLayout() {
  const { i18n } = useTranslation();
  const language = i18n.language || DEFAULT_LANGUAGE;
  const [locale, setLocale] = useState<Locale | undefined>(() => loadedFor(language));
  useEffect(() => {
    let live = true;
    void loadSemiLocale(language).then((next) => {
      if (live) setLocale(next);
    });
    return () => {
      live = false;
    };
  }, [language]);
  return locale ? (
    <LocaleProvider locale={locale}>
      <Outlet />
    </LocaleProvider>
  ) : (
    <Outlet />
  );
}
