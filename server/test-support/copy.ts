import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTranslator, translatorFor, type Vars } from '../i18n';
import { DEFAULT_LANGUAGE } from '../languages';
import { notificationText } from '../modules/notifications/service';
import { LOCALES_DIR } from '../paths';

// Tests read every message a person sees from locales/<language>/*.json through the server's own translator,
// so an editor's rewording breaks no test; only tests/unit/spec-wording.test.ts holds the wording the product
// spec mandates.

const translator = createTranslator();

/** The text of `namespace:key` (nested `a.b` keys, `{{name}}` placeholders), exactly as the server renders it. */
export function copyText(key: string, vars?: Vars): string {
  if (!translator.has(key)) throw new Error(`no copy for ${key}`);
  return translator.t(key, vars);
}

/** The text of `namespace:key` in `language` (one of locales/languages.json), exactly as the server renders it. */
export function copyTextIn(language: string, key: string, vars?: Vars): string {
  const other = translatorFor(language);
  if (!other.has(key)) throw new Error(`no ${language} copy for ${key}`);
  return other.t(key, vars);
}

/** A stored notification as the reader sees it in the default language (rendered from its key, or its old text). */
export const shownNotification = (row: { content: string; message_key: string | null; message_params: string | null }): string =>
  notificationText(translator, row);

/** A validation message as the error handler renders it (`key` or `key|field` from the shared contracts). */
export function validationText(ref: string, fallbackField?: string): string {
  return translator.validation(ref, fallbackField);
}

/** A namespace of the default language's copy, read from its file: what tests expect a message to say. */
export function defaultCopy(namespace: string): Record<string, string> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, DEFAULT_LANGUAGE, `${namespace}.json`), 'utf8')) as Record<string, string>;
}
