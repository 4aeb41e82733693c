import type { LanguageList } from '../contracts/index';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n as I18n, type Resource, type ResourceLanguage } from 'i18next';
import { parseMessage } from '../contracts/index';
import { addTextFormats } from '../formats/index';
import { LOCALES_DIR } from './paths';

// Every text a person reads comes from `locales/<language>/<namespace>.json` (LOCALES_DIR), shared with the web
// app and read here by i18next with the same key rules (namespace `ns:key`, nested `a.b` keys, `{{name}}`).

/** Values a text fills in; a Date or a number may be written by a format the text names (`{{time, chinaTime}}`). */
export type Vars = Record<string, string | number | Date>;

/** locales/languages.json: the languages the copy exists in, the first one the default. */
export function readLanguages(dir = LOCALES_DIR): LanguageList {
  return parseJsonFile(join(dir, 'languages.json')) as LanguageList;
}

/** A broken locale file stops the start with its name, line and column rather than a bare SyntaxError. */
export class LocaleFileError extends Error {}

function parseJsonFile(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const where = position ? lineAndColumn(text, Number(position[1])) : '';
    throw new LocaleFileError(`${file}${where}: ${message}`);
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `:${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

/** Every namespace file of every supported language, read and parsed now (the server answers from memory). */
export function loadResources(dir = LOCALES_DIR): Resource {
  const resources: Resource = {};
  for (const language of readLanguages(dir).supported) {
    const namespaces: ResourceLanguage = {};
    for (const file of readdirSync(join(dir, language))) {
      if (!file.endsWith('.json')) continue;
      const parsed = parseJsonFile(join(dir, language, file));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new LocaleFileError(`${join(dir, language, file)}: not a JSON object`);
      // The web app imports each file as a module: a top-level `default` key would stand in for the whole file.
      if (Object.prototype.hasOwnProperty.call(parsed, 'default'))
        throw new LocaleFileError(`${join(dir, language, file)}: a top-level key may not be named "default"`);
      namespaces[file.slice(0, -'.json'.length)] = parsed;
    }
    resources[language] = namespaces;
  }
  return resources;
}

// Function properties, not methods: the implementation never uses `this`, so `const t = translator.t` and
// `render(translator.t, ...)` are safe, and the type says so (typescript-eslint unbound-method).
export interface Translator {
  readonly language: string;
  /** `key` is `namespace:key` (`server` when none is named); `{{name}}` placeholders are filled from `vars`. */
  readonly t: (key: string, vars?: Vars) => string;
  /** Translates a validation message reference (`key` or `key|field`) from the shared contracts. */
  readonly validation: (ref: string, fallbackField?: string) => string;
  readonly has: (key: string) => boolean;
}

let shared: I18n | null = null;

/** One i18next instance for the process, holding every language; translators are views of one language. */
function instance(): I18n {
  if (shared) return shared;
  const languages = readLanguages();
  const resources = loadResources();
  const created = i18next.createInstance();
  void created.init({
    resources,
    lng: languages.default,
    fallbackLng: false,
    defaultNS: 'server',
    ns: Object.keys(resources[languages.default] ?? {}),
    interpolation: { escapeValue: false },
    returnEmptyString: true,
    initAsync: false,
  });
  addTextFormats(created);
  shared = created;
  return created;
}

/**
 * The process's i18next instance. Which languages a request may get is decided by server/http/language.ts from
 * locales/languages.json, not by i18next; tests add an in-memory bundle here to stand in for a second language.
 */
export const sharedI18n = (): I18n => instance();

export function createTranslator(language?: string): Translator {
  const i18n = instance();
  const lng = language ?? readLanguages().default;
  const fixed = i18n.getFixedT(lng);
  const exists = (key: string) => i18n.exists(key, { lng });
  // A missing key is a programming error (the copy check in `npm test` finds it); showing the key keeps it
  // visible without crashing a request.
  const t = (key: string, vars?: Vars) => fixed(key, vars ?? {});
  const fieldLabel = (field: string) =>
    exists(`fields:${field}`) ? t(`fields:${field}`) : exists('fields:field') ? t('fields:field') : field;
  return {
    language: lng,
    t,
    has: exists,
    validation: (ref, fallbackField) => {
      const { key, field } = parseMessage(ref);
      const label = fieldLabel(field ?? fallbackField ?? 'field');
      if (!exists(`validation:${key}`)) return t('validation:invalid', { field: label });
      return t(`validation:${key}`, { field: label });
    },
  };
}

const translators = new Map<string, Translator>();

/** The translator of one language, made once: each request asks for its own language's (server/http/language.ts). */
export function translatorFor(language: string): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = createTranslator(language);
    translators.set(language, translator);
  }
  return translator;
}
