import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE } from '../languages';
import { LOCALES_DIR } from '../paths';

/** A namespace of the default language's copy, read from its file: what tests expect a message to say. */
export function defaultCopy(namespace: string): Record<string, string> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, DEFAULT_LANGUAGE, `${namespace}.json`), 'utf8')) as Record<string, string>;
}
