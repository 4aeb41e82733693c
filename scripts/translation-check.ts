import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { leaves, walk } from './copy-check';

/**
 * The completeness check of a language against the default one (part of `npm test`, beside the copy check):
 * every key and content file exists, no stale key is left, placeholders, Trans tags, plural forms and Markdown
 * headings agree, and no Chinese character is left in the translation. Our own code because i18next-cli's
 * status counts missing keys only; it knows neither placeholders, tags nor scripts.
 */
export type TranslationCheckOptions = {
  root: string;
  /** The default language's code (`locales/<code>/` is the reference). */
  reference: string;
  /** The language checked. */
  language: string;
  /** Namespaces that exist in the reference language only (the staff console's), with their reason. */
  referenceOnly: Record<string, string>;
  /** Strings that may stay in Chinese inside a translation: names of people, firms and places, with their reason. */
  names: Record<string, string>;
};

type Tree = Record<string, unknown>;

const PLURAL = /_(zero|one|two|few|many|other)$/;
const HAN = /\p{Script=Han}/u;

const sorted = (items: Iterable<string>) => [...new Set(items)].sort().join(', ');
const placeholders = (text: string) => sorted([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!));
const nestings = (text: string) => sorted([...text.matchAll(/\$t\(([^,)]+)/g)].map((m) => m[1]!.trim()));
/** Trans components' tags (`<0>`, `<strong>`, `</1>`, `<br/>`): the translation keeps every one. */
const tags = (text: string) => sorted([...text.matchAll(/<\/?([\w-]+)\s*\/?>/g)].map((m) => m[0].replace(/\s+/g, '')));
const headings = (text: string) =>
  text
    .split('\n')
    .map((line) => /^(#{1,6}) /.exec(line)?.[1])
    .filter(Boolean)
    .join(' ');

function readTree(path: string, label: string, problems: string[]): Map<string, string> | null {
  if (!existsSync(path)) {
    problems.push(`${label}: missing`);
    return null;
  }
  try {
    const out = new Map<string, string>();
    leaves(JSON.parse(readFileSync(path, 'utf8')) as Tree, '', out);
    return out;
  } catch (error) {
    problems.push(`${label}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

/** The text with every allowed name taken out, so a Chinese character left over is a real one. */
function withoutNames(text: string, names: string[]): string {
  return names.reduce((rest, name) => rest.split(name).join(''), text);
}

export function checkTranslation(options: TranslationCheckOptions): string[] {
  const problems: string[] = [];
  const names = Object.keys(options.names).sort((a, b) => b.length - a.length);
  const referenceDir = join(options.root, 'locales', options.reference);
  const languageDir = join(options.root, 'locales', options.language);
  const rel = (path: string) => relative(options.root, path);

  for (const file of readdirSync(referenceDir).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    if (ns in options.referenceOnly) continue;
    const reference = readTree(join(referenceDir, file), rel(join(referenceDir, file)), problems);
    const translated = readTree(join(languageDir, file), rel(join(languageDir, file)), problems);
    if (!reference || !translated) continue;
    // Plural forms differ between languages (zh has `_other` only, en `_one` and `_other`): keys compare by their base.
    const group = (tree: Map<string, string>) => {
      const out = new Map<string, string[]>();
      for (const [key, text] of tree) out.set(key.replace(PLURAL, ''), [...(out.get(key.replace(PLURAL, '')) ?? []), text]);
      return out;
    };
    const wanted = group(reference);
    const given = group(translated);
    for (const [base, texts] of wanted) {
      const own = given.get(base);
      if (!own) {
        problems.push(`${options.language}/${ns}:${base}: missing`);
        continue;
      }
      const id = `${options.language}/${ns}:${base}`;
      for (const text of own) {
        for (const [what, of] of [
          ['placeholders', placeholders],
          ['nested keys', nestings],
          ['tags', tags],
        ] as const) {
          // A plural form may leave out {{count}} ("one item"); every other placeholder must stay.
          const expected = of(texts[0]!);
          const actual = of(text);
          const pluralSkip =
            what === 'placeholders' && own.length > 1 && sorted(expected.split(', ').filter((n) => n !== 'count')) === actual;
          if (expected !== actual && !pluralSkip)
            problems.push(`${id}: ${what} differ: "${expected}" in ${options.reference}, "${actual}" here`);
        }
        if (HAN.test(withoutNames(text, names))) problems.push(`${id}: Chinese characters in the translation: "${text}"`);
      }
    }
    for (const base of given.keys())
      if (!wanted.has(base)) problems.push(`${options.language}/${ns}:${base}: not in ${options.reference} (stale)`);
  }

  const referenceContent = join(referenceDir, 'content');
  for (const path of walk(referenceContent).filter((f) => f.endsWith('.md'))) {
    const own = join(languageDir, 'content', relative(referenceContent, path));
    if (!existsSync(own)) {
      problems.push(`${rel(own)}: missing`);
      continue;
    }
    const reference = readFileSync(path, 'utf8');
    const text = readFileSync(own, 'utf8');
    if (headings(reference) !== headings(text))
      problems.push(`${rel(own)}: headings differ from ${rel(path)} ("${headings(reference)}" there)`);
    text.split('\n').forEach((line, index) => {
      if (HAN.test(withoutNames(line, names))) problems.push(`${rel(own)}:${index + 1}: Chinese characters in the translation`);
    });
  }
  return problems;
}

// `node --import tsx scripts/translation-check.ts en [namespace…]`: the problems of one language (or some namespaces).
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'))) {
  const { TRANSLATION_CHECK } = await import('./translation-check-config');
  const [language = 'en', ...only] = process.argv.slice(2);
  const problems = checkTranslation({ ...TRANSLATION_CHECK, root: process.cwd(), language }).filter(
    (problem) =>
      only.length === 0 ||
      only.some((ns) => problem.includes(`/${ns}:`) || problem.includes(`/${ns}.json`) || problem.includes(`content/${ns}`)),
  );
  for (const problem of problems) console.log(problem);
  console.log(problems.length ? `${problems.length} problems` : 'no problems');
  process.exit(problems.length ? 1 : 0);
}
