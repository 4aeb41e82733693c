import { createContext, use, useContext, type ReactNode } from 'react';
import type { TFunction, Translator } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

/** Gives the components below a translator (the app's, or a test's). */
export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext value={i18n}>{children}</TranslatorContext>;
}

/**
 * The translate function of one namespace, as react-i18next's hook gave it: the component suspends until the
 * namespace's copy has loaded, and the namespace is recorded as used (the prerender step loads those before
 * hydrating).
 */
export function useTranslation(ns = 'common'): { t: TFunction; i18n: Translator } {
  const i18n = useContext(TranslatorContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it');
  i18n.usedNamespaces.add(ns);
  // Always `use` (never conditionally): React matches the promises of a component by call order.
  use(i18n.loadNamespaces(ns));
  return { t: i18n.fixedT(ns), i18n };
}
