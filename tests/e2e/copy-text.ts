import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { addTextFormats } from '../../formats/index';

// The copy a person reads, from the default language's locale files (locales/languages.json names it), so an
// editor's rewording breaks no journey. `text` renders a key with its values through i18next with the app's own
// settings (namespace `ns:key`, nested keys, `{{name}}`, plurals, the
// formats `amount`, `chinaTime` and `chinaDate`), so a test expects exactly what the page shows.

const LOCALES = join(import.meta.dirname, '../../locales');
export const LANGUAGES = JSON.parse(readFileSync(join(LOCALES, 'languages.json'), 'utf8')) as { default: string; supported: string[] };
export const DEFAULT_LANGUAGE = LANGUAGES.default;

// JSON of unknown shape, read the way a test indexes it (`copy.common.header.openMenu`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function readLanguage(language: string): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const file of readdirSync(join(LOCALES, language))) {
    if (!file.endsWith('.json')) continue;
    out[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8'));
  }
  return out;
}
const resources = Object.fromEntries(LANGUAGES.supported.map((language) => [language, readLanguage(language)]));
const namespaces: Record<string, Json> = resources[DEFAULT_LANGUAGE]!;

/** One namespace's copy, by its file name (`proof-package`). */
export const locale = (ns: string): Json => {
  const found = namespaces[ns];
  if (found === undefined) throw new Error(`no locale file ${DEFAULT_LANGUAGE}/${ns}.json`);
  return found;
};

const i18n = i18next.createInstance();
void i18n.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  ns: Object.keys(namespaces),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnEmptyString: true,
  initAsync: false,
});
// The app's own formats (`{{points, amount}}`, `{{time, chinaTime}}`).
addTextFormats(i18n);

/** `namespace:key` rendered with `vars` as the app renders it; an unknown key fails the test at once. */
export function text(key: string, vars: Record<string, string | number> = {}): string {
  if (!i18n.exists(key)) throw new Error(`no copy for ${key}`);
  return i18n.t(key, vars);
}

/** `text` in another language of the list (the English journeys). */
export function textIn(language: string, key: string, vars: Record<string, string | number> = {}): string {
  if (!i18n.exists(key, { lng: language })) throw new Error(`no ${language} copy for ${key}`);
  return i18n.getFixedT(language)(key, vars);
}

/** A validation message from the shared contracts' reference (`key` or `key|field`), as the form shows it. */
export function validationText(ref: string): string {
  const [key = '', field] = ref.split('|');
  return text(`validation:${key}`, field ? { field: text(`fields:${field}`) } : {});
}
