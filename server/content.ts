import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE } from './languages';
import { LOCALES_DIR } from './paths';

/**
 * A Markdown text of `locales/<language>/content/` (the proof package's instructions, the personal-data copy's
 * README): the language's own file when it has one, else the default language's. A language may be added with its
 * JSON copy first and its longer texts later.
 */
export async function readContent(language: string, ...path: string[]): Promise<Buffer> {
  const own = join(LOCALES_DIR, language, 'content', ...path);
  // `language` is always one of the list (a translator's), never a request's raw text: no path can leave LOCALES_DIR.
  const exists = await access(own).then(
    () => true,
    () => false,
  );
  return readFile(exists ? own : join(LOCALES_DIR, DEFAULT_LANGUAGE, 'content', ...path));
}
