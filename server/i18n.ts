import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMessage } from '../src/shared/api/contracts/index';
import { LOCALES_DIR } from './paths';
import { DEFAULT_LANGUAGE } from './languages';

// Every text a person reads comes from `locales/<lang>/<namespace>.json` (LOCALES_DIR), shared with the web app.

export type Vars = Record<string, string | number>;

// Function properties, not methods: the implementation never uses `this`, so `const t = translator.t` and
// `render(translator.t, ...)` are safe, and the type says so (typescript-eslint unbound-method).
export interface Translator {
  /** `key` is `namespace:key`; `{{name}}` placeholders are filled from `vars`. */
  readonly t: (key: string, vars?: Vars) => string;
  /** Translates a validation message reference (`key` or `key|field`) from the shared contracts. */
  readonly validation: (ref: string, fallbackField?: string) => string;
  readonly has: (key: string) => boolean;
}

type Catalogue = Record<string, Record<string, string>>;

function loadCatalogue(lang: string): Catalogue {
  const dir = join(LOCALES_DIR, lang);
  const catalogue: Catalogue = {};
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json')) continue;
    const parsed: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) continue;
    const entries: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') entries[k] = v;
    catalogue[file.slice(0, -'.json'.length)] = entries;
  }
  return catalogue;
}

const interpolate = (text: string, vars: Vars = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));

export function createTranslator(lang: string = DEFAULT_LANGUAGE): Translator {
  const catalogue = loadCatalogue(lang);
  const lookup = (key: string): string | undefined => {
    const [ns, name] = key.includes(':') ? key.split(':', 2) : ['server', key];
    return ns && name ? catalogue[ns]?.[name] : undefined;
  };
  const t = (key: string, vars?: Vars) => {
    const text = lookup(key);
    // A missing key is a programming error; showing the key keeps it visible without crashing a request.
    return text === undefined ? key : interpolate(text, vars);
  };
  const fieldLabel = (field: string) => lookup(`fields:${field}`) ?? lookup('fields:field') ?? field;
  return {
    t,
    has: (key) => lookup(key) !== undefined,
    validation: (ref, fallbackField) => {
      const { key, field } = parseMessage(ref);
      const label = fieldLabel(field ?? fallbackField ?? 'field');
      if (lookup(`validation:${key}`) === undefined) return t('validation:invalid', { field: label });
      return t(`validation:${key}`, { field: label });
    },
  };
}
