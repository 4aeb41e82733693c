/**
 * A small translator for our one language (issue 20): i18next and react-i18next were about 15 KB of every first
 * visit's JavaScript (gzipped) for what the app uses of them: namespaces loaded on demand, `ns:key` and nested
 * `a.b` keys, `{{value}}` interpolation, `count`, `context` and `defaultValue`. Its behaviour follows i18next's
 * where the app relies on it:
 * - a key that is not found comes back as written (without a namespace prefix), or as `defaultValue`;
 * - `{{name}}` is replaced by the value passed (nothing escaped: React escapes); a name passed as undefined or
 *   null gives an empty text, a name not passed at all stays as written;
 * - with `count`, `key_other` (the only plural form of Chinese) is tried before `key`; with `context`,
 *   `key_<context>` first;
 * - `ns:key` names another namespace when `ns` is one of ours; other keys with a colon are plain keys.
 */
import { DEFAULT_LANGUAGE } from '../config';

export type Resources = Record<string, unknown>;
export type TranslateOptions = Record<string, unknown> & { ns?: string | readonly string[]; defaultValue?: string };
export type TFunction = (key: string, options?: TranslateOptions | string) => string;

export interface Translator {
  readonly language: string;
  /** Translates `key` in `options.ns`, else the default namespace (`common`). */
  t: TFunction;
  /** The translate function of one namespace (the same function each time it is asked for). */
  fixedT(ns: string): TFunction;
  /** Loads namespaces not loaded yet; resolves (never rejects) once they are done. */
  loadNamespaces(ns: string | readonly string[]): Promise<void>;
  hasLoadedNamespace(ns: string): boolean;
  /** Namespaces asked for by components since the set was last cleared (the prerender step reads it). */
  readonly usedNamespaces: Set<string>;
}

export interface TranslatorOptions {
  language?: string;
  defaultNS?: string;
  /** Copy already at hand, by namespace. */
  resources?: Record<string, Resources>;
  /** Loads a namespace's copy; undefined when the namespace does not exist. */
  load?: (ns: string) => Promise<Resources> | undefined;
  /** Tells whether `ns` is a namespace of ours (for `ns:key`); defaults to "has resources or a loader answer". */
  isNamespace?: (ns: string) => boolean;
}

/** i18next's lookup: `a.b.c` walks nested objects, and a key that itself contains dots is found as well. */
function deepFind(tree: unknown, path: string): unknown {
  if (tree === null || typeof tree !== 'object') return undefined;
  const record = tree as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(record, path)) return record[path];
  const parts = path.split('.');
  for (let i = 1; i < parts.length; i++) {
    const head = parts.slice(0, i).join('.');
    if (!Object.prototype.hasOwnProperty.call(record, head)) continue;
    const found = deepFind(record[head], parts.slice(i).join('.'));
    if (found !== undefined) return found;
  }
  return undefined;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = name in values ? values[name] : deepFind(values, name);
    if (value === undefined && !Object.prototype.hasOwnProperty.call(values, name)) return match;
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value;
    return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : JSON.stringify(value);
  });
}

export function createTranslator(options: TranslatorOptions = {}): Translator {
  const language = options.language ?? DEFAULT_LANGUAGE;
  const defaultNS = options.defaultNS ?? 'common';
  const store = new Map<string, Resources>(Object.entries(options.resources ?? {}));
  const pending = new Map<string, Promise<void>>();
  const fixed = new Map<string, TFunction>();
  const plural = new Intl.PluralRules(language);
  const isNamespace = options.isNamespace ?? ((ns: string) => store.has(ns));

  function lookup(namespaces: readonly string[], keys: readonly string[]): string | undefined {
    for (const key of keys) {
      for (const ns of namespaces) {
        const found = deepFind(store.get(ns), key);
        if (typeof found === 'string') return found;
      }
    }
    return undefined;
  }

  function translate(fallbackNS: string, key: string, given?: TranslateOptions | string): string {
    const values: TranslateOptions = typeof given === 'string' ? { defaultValue: given } : (given ?? {});
    let namespaces: readonly string[] = values.ns === undefined ? [fallbackNS] : typeof values.ns === 'string' ? [values.ns] : values.ns;
    let bare = key;
    const colon = key.indexOf(':');
    if (colon > 0 && isNamespace(key.slice(0, colon))) {
      namespaces = [key.slice(0, colon)];
      bare = key.slice(colon + 1);
    }
    const keys: string[] = [];
    const context = values.context;
    const count = values.count;
    const variants = typeof count === 'number' ? [`_${plural.select(count)}`, ''] : [''];
    for (const suffix of variants) {
      if (typeof context === 'string' && context) keys.push(`${bare}_${context}${suffix}`);
      keys.push(`${bare}${suffix}`);
    }
    const text = lookup(namespaces, keys) ?? (typeof values.defaultValue === 'string' ? values.defaultValue : bare);
    return interpolate(text, values);
  }

  /**
   * One promise per namespace, kept: React's `use` must get the same thenable on every render of a component (it
   * matches them by call order), and reads `status` to take a settled one without suspending.
   */
  const settled = (promise: Promise<void>) => Object.assign(promise, { status: 'fulfilled', value: undefined });

  function loadOne(ns: string): Promise<void> {
    let promise = pending.get(ns);
    if (promise) return promise;
    const loading = store.has(ns) ? undefined : options.load?.(ns);
    if (store.has(ns)) {
      promise = settled(Promise.resolve());
    } else if (!loading) {
      console.error(`i18n: missing namespace ${ns}`);
      store.set(ns, {});
      promise = settled(Promise.resolve());
    } else {
      const loadingPromise: Promise<void> = loading.then(
        (copy) => {
          store.set(ns, copy);
          void settled(loadingPromise);
        },
        (error: unknown) => {
          // Like i18next: the page renders with its keys rather than not at all (a reload tries again).
          console.error(`i18n: namespace ${ns} failed to load`, error);
          store.set(ns, {});
          void settled(loadingPromise);
        },
      );
      promise = loadingPromise;
    }
    pending.set(ns, promise);
    return promise;
  }

  return {
    language,
    t: (key, given) => translate(defaultNS, key, given),
    fixedT(ns) {
      let t = fixed.get(ns);
      if (!t) {
        t = (key, given) => translate(ns, key, given);
        fixed.set(ns, t);
      }
      return t;
    },
    loadNamespaces(ns) {
      // One namespace: the same promise while it loads (React's `use` wants a stable one).
      if (typeof ns === 'string') return loadOne(ns);
      return Promise.all(ns.map(loadOne)).then(() => undefined);
    },
    hasLoadedNamespace: (ns) => store.has(ns),
    usedNamespaces: new Set<string>(),
  };
}
