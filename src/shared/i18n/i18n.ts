import { parseMessage } from '../api/contracts/messages';
import { DEFAULT_LANGUAGE } from '../config';
import { CORE_NAMESPACES } from './core-namespaces';
import { createTranslator, type Resources } from './translator';

export { CORE_NAMESPACES };

/**
 * Copy lives in locales/<language>/<namespace>.json (the language of shared/config/languages). Each namespace is its own chunk, fetched when a page
 * asks for it (useTranslation(ns) suspends until then); the core namespaces load before the first render.
 */
const loaders = import.meta.glob<{ default: Resources }>('../../../locales/*/*.json');
const loaderOf = (ns: string) => loaders[`../../../locales/${DEFAULT_LANGUAGE}/${ns}.json`];

export const i18n = createTranslator({
  language: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  load: (ns) => loaderOf(ns)?.().then((module) => module.default),
  isNamespace: (ns) => Boolean(loaderOf(ns)),
});

export function initI18n(): Promise<unknown> {
  return i18n.loadNamespaces([...CORE_NAMESPACES]);
}

/** Translates a validation message reference from the shared contracts (`key` or `key|field`). */
export function translateMessage(ref: string, values: Record<string, unknown> = {}): string {
  const { key, field } = parseMessage(ref);
  const fieldLabel = field ? i18n.t(field, { ns: 'fields' }) : undefined;
  return i18n.t(key, { ns: 'validation', ...values, ...(fieldLabel ? { field: fieldLabel } : {}) });
}

/** Plain lookup for models (toasts and the like), outside React. */
export function translate(key: string, values?: Record<string, unknown>): string {
  return i18n.t(key, values ?? {});
}
