import i18next, { type ResourceKey } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { parseMessage } from '@contracts';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../config/languages';
import { CORE_NAMESPACES } from './core-namespaces';
import { addTextFormats } from '@formats';

export { CORE_NAMESPACES };

export { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES };

/**
 * Copy lives in locales/<language>/<namespace>.json. Each file is its own chunk, fetched when a page asks for its
 * namespace (react-i18next's useTranslation suspends until then); the core namespaces load before the first render.
 */
const loaders = import.meta.glob<{ default: ResourceKey }>('../../../locales/*/*.json');

export const i18n = i18next.createInstance();
i18n
  .use(
    resourcesToBackend((language: string, ns: string) => {
      const load = loaders[`../../../locales/${language}/${ns}.json`];
      if (!load) return Promise.reject(new Error(`no copy for ${language}/${ns}`));
      return load().then((module) => module.default);
    }),
  )
  .use(initReactI18next);

let initialised: Promise<unknown> | null = null;

/**
 * Starts i18next (once) in `language` with the core namespaces and `namespaces` (a prerendered page's) loaded, all
 * at once.
 */
export function initI18n(namespaces: readonly string[] = [], language: string = DEFAULT_LANGUAGE): Promise<unknown> {
  if (initialised) return initialised;
  initialised = i18n.init({
    lng: language,
    supportedLngs: SUPPORTED_LANGUAGES,
    // One language per page: a missing key shows as the key (the copy check in `npm test` finds it first).
    fallbackLng: false,
    load: 'currentOnly',
    ns: [...new Set([...CORE_NAMESPACES, ...namespaces])],
    defaultNS: 'common',
    // React escapes what it renders; the copy is ours.
    interpolation: { escapeValue: false },
    returnEmptyString: true,
    react: { useSuspense: true },
  });
  // init has made the formatter by now (it is created before the first namespace loads).
  addTextFormats(i18n);
  return initialised;
}

/** The namespaces components asked for since the last call (the prerender step loads those before hydrating). */
export function takeUsedNamespaces(): string[] {
  // react-i18next keeps them on the instance (`reportNamespaces`, set by its first useTranslation).
  const report = (i18n as { reportNamespaces?: { usedNamespaces: Record<string, boolean> } }).reportNamespaces;
  if (!report) return [];
  const used = Object.keys(report.usedNamespaces);
  report.usedNamespaces = {};
  return used;
}

/**
 * Lookup by a key that arrives at run time (a validation reference from the contracts, a key a model picked from a
 * table): tsc cannot know it, so it is not typed here; the copy check in `npm test` proves every such key exists.
 */
const tAtRunTime = i18n.t.bind(i18n) as unknown as (key: string, options?: Record<string, unknown>) => string;

/** Translates a validation message reference from the shared contracts (`key` or `key|field`). */
export function translateMessage(ref: string, values: Record<string, unknown> = {}): string {
  const { key, field } = parseMessage(ref);
  const fieldLabel = field ? tAtRunTime(field, { ns: 'fields' }) : undefined;
  return tAtRunTime(key, { ns: 'validation', ...values, ...(fieldLabel ? { field: fieldLabel } : {}) });
}

/** Plain lookup for models (toasts and the like), outside React. */
export function translate(key: string, values?: Record<string, unknown>): string {
  return tAtRunTime(key, values ?? {});
}
