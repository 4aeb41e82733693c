import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { findKeys } from 'i18next-cli';

/**
 * The copy check of `npm test`: i18next-cli's extractor finds the keys the web app passes to `t`, `translate` and
 * `<Trans i18nKey>`; the server's keys are `'namespace:key'` literals (ApiError messages, SMS and notification
 * texts), found by a pattern because they are not the first argument of a translation function. Each problem names
 * the key (or the file, line and column of a broken locale file).
 */
export type CopyCheckOptions = {
  root: string;
  /** Folder of the default language's files, relative to root. */
  localeDir: string;
  /** Globs of the web sources i18next-cli reads, relative to root. */
  webInput: string[];
  /** Folders whose `'namespace:key'` literals count as used keys (the server), relative to root. */
  literalDirs: string[];
  defaultNS: string;
  /** The shared contracts (zod): a `fields` key is used when a contract has a property of that name. */
  contractsDir?: string;
  /** HTML files whose `{{namespace.key}}` placeholders are filled at build (index.html's document copy). */
  pageFiles?: { path: string; namespace: string }[];
  /** Key prefixes (`namespace:prefix`) built at run time, each with its reason; they count as used. */
  dynamic: Record<string, string>;
};

type Tree = Record<string, unknown>;

const LIST_PAGE_WORDS = ['caption', 'loading', 'failed', 'retry', 'empty', 'emptyFiltered', 'pagination', 'total', 'prev', 'next', 'page'];

function position(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const at = /position (\d+)/.exec(message);
  const lineCol = /line (\d+) column (\d+)/.exec(message);
  if (lineCol) return `${lineCol[1]}:${lineCol[2]}`;
  if (!at) return '1:1';
  const before = text.slice(0, Number(at[1]));
  const lines = before.split('\n');
  return `${lines.length}:${lines[lines.length - 1]!.length + 1}`;
}

export function leaves(node: unknown, prefix: string, out: Map<string, string>): void {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
}

export function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!.split('.')[0]!));

/**
 * The interpolation values passed at call sites of the form `t('key', { a, b: x })` (an object literal without
 * spread or nesting): i18next-cli's extractor keeps no options for plain calls, so these are read by a pattern,
 * with the namespace of the file's first useTranslation (or an explicit `ns:` prefix).
 */
function passedValues(files: string[], defaultNS: string): Map<string, Set<string>[]> {
  const calls = new Map<string, Set<string>[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const ns = /useTranslation\(\s*\[?\s*'([\w-]+)'/.exec(text)?.[1] ?? defaultNS;
    for (const m of text.matchAll(/\bt\(\s*'([^'$]+)'\s*,\s*\{([^{}]*)\}\s*\)/g)) {
      if (m[2]!.includes('...')) continue;
      const id = m[1]!.includes(':') ? m[1]! : `${ns}:${m[1]!}`;
      const names = new Set(
        m[2]!
          .split(',')
          // `name: value` or shorthand `name`; a piece of a value's own argument list (`max(a, b)`) matches neither.
          .map((part) => /^\s*['"]?(\w+)['"]?\s*(?::|$)/.exec(part)?.[1])
          .filter((name): name is string => Boolean(name)),
      );
      calls.set(id, [...(calls.get(id) ?? []), names]);
    }
  }
  return calls;
}

/**
 * The keys one source file names outside the extractor's reach, by pattern:
 * - `'namespace:key'` literals (the server's ApiError messages, SMS and notification texts);
 * - a key built from a value, `` `namespace:prefix.${x}` `` or `` t(`prefix.${x}`) ``: every key under its static
 *   part counts as used (the prefix is the proof the code builds it);
 * - a helper bound to one namespace, `const tr = (key, …) => ….t(`ns:${key}`, …)`: its `tr('key')` calls;
 * - validation references from the contracts, `msg(<key>, <field>)` with literal arguments (a `validation` and a `fields` key);
 * - the proof verifier's `copyText(copy, <key>)` (`proof-package`, read without i18next by verify.html and the CLI).
 */
export function keysInSource(
  text: string,
  namespaces: Set<string>,
  defaultNS: string,
  alsoNamed: string[] = [],
): { keys: string[]; prefixes: string[]; suffixes: string[]; literals: string[] } {
  const keys: string[] = [];
  const prefixes: string[] = [];
  const suffixes: string[] = [];
  // Keys held in value tables (`{ 1: 'statusPending' }`, `successMessage: 'updated'`) and passed to t later, as
  // `namespace:path` for each namespace the file names (its useTranslation, a `namespace:` key, or its default).
  const named = new Set(
    [defaultNS, ...alsoNamed, ...[...text.matchAll(/['"`]([a-z][\w-]*)(?::|['"`])/g)].map((m) => m[1]!)].filter((ns) => namespaces.has(ns)),
  );
  const literals: string[] = [...text.matchAll(/['"]([A-Za-z][\w]*(?:\.[\w]+)*)['"]/g)].flatMap((m) =>
    [...named].map((ns) => `${ns}:${m[1]!}`),
  );
  const fileNS = /useTranslation\(\s*\[?\s*'([\w-]+)'/.exec(text)?.[1] ?? defaultNS;
  const known = (ns: string) => namespaces.has(ns);
  for (const m of text.matchAll(/['`]([a-z][\w-]*):([A-Za-z][\w.]*)['`]/g)) if (known(m[1]!)) keys.push(`${m[1]!}:${m[2]!}`);
  const helpers = new Map<string, string>();
  for (const m of text.matchAll(/\b(\w+)(?:\s*:\s*\w+)?\s*=\s*\(\s*(\w+)[^)]*\)\s*(?::\s*\w+\s*)?=>[^`]*`([a-z][\w-]*):\$\{(\w+)\}`/g))
    if (m[2] === m[4] && known(m[3]!)) helpers.set(m[1]!, m[3]!);
  // A function that receives such a helper names it the same way (`function rows(c, tr: Tr)`).
  for (const [name, ns] of helpers)
    for (const m of text.matchAll(new RegExp(`\\b${name}\\(\\s*['\`]([\\w.]+)(\\$\\{)?`, 'g')))
      (m[2] ? prefixes : keys).push(`${ns}:${m[1]!}`);
  for (const m of text.matchAll(/`(?:([a-z][\w-]*):)?([A-Za-z][\w.]*[._])\$\{/g)) {
    const ns = m[1] ?? fileNS;
    if (known(ns)) prefixes.push(`${ns}:${m[2]!}`);
  }
  // A list's words (shared/ui/list-page's listPageTexts with a literal prefix): the eleven keys under the prefix.
  for (const m of text.matchAll(/\blistPageTexts\(\s*\w+\s*,\s*'([\w.]+)'/g))
    for (const word of LIST_PAGE_WORDS) keys.push(`${fileNS}:${m[1]!}.${word}`);
  // `${desk}.list.caption`: every key of the file's namespace ending so.
  for (const m of text.matchAll(/`\$\{[^}`]+\}(\.[A-Za-z][\w.]*)`/g)) suffixes.push(`${fileNS}:${m[1]!}`);
  for (const m of text.matchAll(/\bmsg\(\s*'(\w+)'(?:\s*,\s*'(\w+)')?/g)) {
    keys.push(`validation:${m[1]!}`);
    if (m[2]) keys.push(`fields:${m[2]}`);
  }
  // verify.html and the CLI pick some keys by condition (`copyText(copy, ok ? 'passed' : 'failed')`).
  if (/\bcopyText\(\s*copy\b/.test(text)) for (const m of text.matchAll(/'([A-Za-z][\w.]*)'/g)) literals.push(`proof-package:${m[1]!}`);
  for (const m of text.matchAll(/\bcopyText\(\s*\w+\s*,\s*['`]([\w.]+)(\$\{)?/g)) (m[2] ? prefixes : keys).push(`proof-package:${m[1]!}`);
  return { keys, prefixes, suffixes, literals };
}

const I18NEXT_OPTIONS = new Set(['ns', 'count', 'context', 'defaultValue', 'lng', 'returnObjects', 'ordinal', 'interpolation']);

export async function checkCopy(options: CopyCheckOptions): Promise<string[]> {
  const problems: string[] = [];
  const localeDir = join(options.root, options.localeDir);
  const texts = new Map<string, string>();
  for (const file of readdirSync(localeDir).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    const raw = readFileSync(join(localeDir, file), 'utf8');
    let tree: Tree;
    try {
      tree = JSON.parse(raw) as Tree;
    } catch (error) {
      problems.push(`${join(options.localeDir, file)}:${position(raw, error)}: not valid JSON`);
      continue;
    }
    const own = new Map<string, string>();
    leaves(tree, '', own);
    for (const [key, text] of own) texts.set(`${ns}:${key}`, text);
  }

  const plural = /_(zero|one|two|few|many|other)$/;
  const used = new Set<string>();
  const { allKeys } = await findKeys(
    {
      locales: ['default'],
      extract: {
        input: options.webInput.map((glob) => join(options.root, glob)),
        output: join(localeDir, '{{namespace}}.json'),
        defaultNS: options.defaultNS,
        functions: ['t', 'i18n.t', 'translate'],
        transComponents: ['Trans'],
      },
    },
    { info: () => {}, warn: () => {}, error: () => {} },
  );
  for (const found of allKeys.values()) {
    const id = `${found.ns ?? options.defaultNS}:${found.key}`.replace(plural, '');
    used.add(id);
  }
  const namespaces = new Set([...texts.keys()].map((id) => id.split(':')[0]!));
  const sources = options.literalDirs.flatMap((dir) =>
    walk(join(options.root, dir)).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)),
  );
  const contractsDir = join(options.root, options.contractsDir ?? 'contracts');
  const prefixes = new Set<string>();
  const suffixes = new Set<string>();
  const literals = new Set<string>();
  for (const file of sources) {
    // The contracts name validation messages and field labels by their bare keys (`required('detailAddress')`).
    const fileNS = file.startsWith(contractsDir) ? 'validation' : file.includes('/server/') ? 'server' : options.defaultNS;
    const found = keysInSource(readFileSync(file, 'utf8'), namespaces, fileNS, file.startsWith(contractsDir) ? ['fields'] : []);
    for (const id of found.keys) used.add(id);
    for (const prefix of found.prefixes) prefixes.add(prefix);
    for (const suffix of found.suffixes) suffixes.add(suffix);
    for (const literal of found.literals) literals.add(literal);
  }
  // A field's label is named by the contract's property (validation messages take it from the path of the value).
  const contractProperties = new Set(
    walk(contractsDir)
      .filter((f) => /\.ts$/.test(f))
      .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\b(\w+)\??\s*:/g)].map((m) => m[1]!)),
  );
  for (const file of options.pageFiles ?? []) {
    for (const m of readFileSync(join(options.root, file.path), 'utf8').matchAll(/\{\{\s*(\w+)\.([\w.]+)\s*\}\}/g))
      if (m[1] === file.namespace) used.add(`${m[1]}:${m[2]!}`);
  }

  // The web sources are src/ (the extractor's input globs); the pattern reads the same files.
  const webFiles = walk(join(options.root, 'src')).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  const calls = passedValues(webFiles, options.defaultNS);
  for (const id of used) {
    const base = id.replace(plural, '');
    const text = texts.get(id) ?? texts.get(base) ?? texts.get(`${base}_other`);
    const isTree = [...texts.keys()].some((k) => k.startsWith(`${base}.`));
    if (text === undefined && !isTree) {
      problems.push(`${id}: used by the code, missing from ${options.localeDir}`);
      continue;
    }
    for (const passed of text === undefined ? [] : (calls.get(id) ?? [])) {
      const wanted = placeholders(text!);
      const given = [...passed].filter((name) => !I18NEXT_OPTIONS.has(name));
      for (const name of wanted) if (!passed.has(name)) problems.push(`${id}: the text's {{${name}}} is not passed by the code`);
      for (const name of given) if (!wanted.has(name)) problems.push(`${id}: the code passes ${name}, the text has no {{${name}}}`);
    }
  }
  const dynamic = Object.keys(options.dynamic);
  for (const id of texts.keys()) {
    const base = id.replace(plural, '');
    const parts = base.split('.');
    const ns = base.slice(0, base.indexOf(':'));
    const segments = base.slice(ns.length + 1).split('.');
    const covered =
      used.has(base) ||
      [...prefixes].some((prefix) => base.startsWith(prefix)) ||
      [...suffixes].some((suffix) => base.startsWith(suffix.split(':')[0]! + ':') && base.endsWith(suffix.split(':')[1]!)) ||
      // The key, or a subtree of at least two levels (`listTexts(t, 'notary.list')`), spelled as a literal.
      literals.has(base) ||
      segments.some((_, i) => i > 1 && literals.has(`${ns}:${segments.slice(0, i).join('.')}`)) ||
      (base.startsWith('fields:') && contractProperties.has(base.slice('fields:'.length))) ||
      parts.some((_, i) => i > 0 && used.has(parts.slice(0, i).join('.'))) ||
      dynamic.some((prefix) => base === prefix || base.startsWith(`${prefix}.`));
    if (!covered) problems.push(`${id}: in ${options.localeDir}, used nowhere`);
  }
  return problems;
}
