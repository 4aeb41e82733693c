import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Copy rules of the design card: every word a person reads lives in locales/zh-CN, so no Han
 * character may appear in src/ or contracts/ (tests may quote the copy they check), and every key the code uses
 * must exist in zh-CN.
 */
const root = join(import.meta.dirname, '../..');
const localeDir = join(root, 'locales/zh-CN');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const sources = [...walk(join(root, 'src')), ...walk(join(root, 'contracts'))].filter((f) => /\.(ts|tsx)$/.test(f));
const productionSources = sources.filter((f) => !/\.test\.tsx?$/.test(f));

const namespaces = new Map<string, Record<string, unknown>>(
  readdirSync(localeDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(localeDir, f), 'utf8')) as Record<string, unknown>]),
);

function lookup(ns: string, key: string): unknown {
  const tree = namespaces.get(ns);
  if (!tree) return undefined;
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

type Use = { file: string; ns: string; key: string; prefix: boolean };

/** Finds t('key'), t(`prefix.${x}`), translate('ns:key'), i18nKey="..." and msg('key', 'field') in a file. */
function keysUsed(file: string): Use[] {
  const text = readFileSync(file, 'utf8');
  const defaultNs = /useTranslation\(\s*\[?\s*'([\w-]+)'/.exec(text)?.[1] ?? 'common';
  const uses: Use[] = [];
  const push = (raw: string, prefix: boolean, fallbackNs = defaultNs) => {
    const [ns, key] = raw.includes(':') ? (raw.split(':', 2) as [string, string]) : [fallbackNs, raw];
    uses.push({ file: relative(root, file), ns, key: prefix ? key.replace(/\.$/, '') : key, prefix });
  };
  for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) push(m[1]!, false);
  for (const m of text.matchAll(/\bt\(\s*`([^`$]+)\$\{/g)) push(m[1]!, true);
  for (const m of text.matchAll(/\btranslate\(\s*'([^']+)'/g)) push(m[1]!, false);
  for (const m of text.matchAll(/\bmsg\(\s*'([^']+)'(?:\s*,\s*'([^']+)')?/g)) {
    push(`validation:${m[1]!}`, false);
    if (m[2]) push(`fields:${m[2]}`, false);
  }
  return uses;
}

describe('copy lives in locales/zh-CN', () => {
  it('has no Han character in src/ outside tests', () => {
    const offenders = productionSources.filter((f) => /\p{Script=Han}/u.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(offenders).toEqual([]);
  });

  it('has no Han character in index.html, and every placeholder it has is in document.json', () => {
    const html = readFileSync(join(root, 'index.html'), 'utf8');
    expect(html).not.toMatch(/\p{Script=Han}/u);
    const keys = [...html.matchAll(/\{\{\s*document\.(\w+)\s*\}\}/g)].map((m) => m[1]!);
    expect(keys).toEqual(expect.arrayContaining(['title', 'description', 'unsupportedBrowser', 'noscript']));
    for (const key of keys) expect(typeof lookup('document', key), key).toBe('string');
  });

  it('has every translation key used in src/', () => {
    const uses = productionSources.flatMap(keysUsed);
    expect(uses.length).toBeGreaterThan(10);
    const missing = uses
      .filter(({ ns, key, prefix }) => {
        const value = lookup(ns, key);
        return prefix ? value === undefined || typeof value !== 'object' : typeof value !== 'string';
      })
      .map(({ file, ns, key }) => `${file}: ${ns}:${key}`);
    expect(missing).toEqual([]);
  });

  it('keeps every locale file valid JSON with string leaves', () => {
    const bad: string[] = [];
    const visit = (node: unknown, path: string) => {
      if (typeof node === 'string') return;
      if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) visit(v, `${path}.${k}`);
      else bad.push(path);
    };
    for (const [ns, tree] of namespaces) visit(tree, ns);
    expect(bad).toEqual([]);
  });
});
