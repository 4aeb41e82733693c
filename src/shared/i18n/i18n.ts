import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { parseMessage } from '../api/contracts/messages';

/**
 * Copy lives in locales/zh-CN/<namespace>.json. Each namespace is its own chunk, fetched when a page
 * asks for it (useTranslation(ns) suspends until then); the core namespaces load before the first render.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/zh-CN/*.json');

export const CORE_NAMESPACES = ['common', 'validation', 'fields', 'errors'] as const;

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(_language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../../../locales/zh-CN/${namespace}.json`];
    if (!load) {
      callback(new Error(`missing namespace ${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default as never),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

export function initI18n(): Promise<unknown> {
  return i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: 'zh-CN',
      fallbackLng: false,
      ns: [...CORE_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
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
