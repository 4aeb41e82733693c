import { createTranslator, type Vars } from '../i18n';

// Tests read every message a person sees from locales/<language>/*.json through the server's own translator,
// so an editor's rewording breaks no test; only tests/unit/spec-wording.test.ts holds the wording the product
// spec mandates.

const translator = createTranslator();

/** The text of `namespace:key` (nested `a.b` keys, `{{name}}` placeholders), exactly as the server renders it. */
export function copyText(key: string, vars?: Vars): string {
  if (!translator.has(key)) throw new Error(`no copy for ${key}`);
  return translator.t(key, vars);
}

/** A validation message as the error handler renders it (`key` or `key|field` from the shared contracts). */
export function validationText(ref: string, fallbackField?: string): string {
  return translator.validation(ref, fallbackField);
}
