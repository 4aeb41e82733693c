// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCopy, type CopyCheckOptions } from '../../scripts/copy-check';

/**
 * The copy check of `npm test`, on a tiny tree of its own: each broken case names its key (or file:line:col).
 * The keys and texts here are made up; only their shape matters.
 */
const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

function tree(files: Record<string, string>): CopyCheckOptions {
  const root = mkdtempSync(join(tmpdir(), 'copy-check-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return {
    root,
    localeDir: 'locales/xx',
    webInput: ['src/**/*.{ts,tsx}'],
    literalDirs: ['server'],
    defaultNS: 'common',
    dynamic: {},
  };
}

const page = `import { useTranslation } from 'react-i18next';
export function Page() {
  const { t } = useTranslation('shop');
  return <p>{t('greeting', { name: 'x' })}{t('total', { count: 2 })}</p>;
}
`;
const server = `throw new ApiError(400, 1, 'shop:soldOut');\n`;
const good = { greeting: 'hi {{name}}', total_one: '{{count}}', total_other: '{{count}}', soldOut: 'gone' };

describe('copy check', () => {
  it('passes a tree whose keys, texts and placeholders agree', async () => {
    const options = tree({ 'src/page.tsx': page, 'server/route.ts': server, 'locales/xx/shop.json': JSON.stringify(good) });
    expect(await checkCopy(options)).toEqual([]);
  });

  it('names a key the web code uses that the files lack', async () => {
    const { greeting: _, ...rest } = good;
    const options = tree({ 'src/page.tsx': page, 'server/route.ts': server, 'locales/xx/shop.json': JSON.stringify(rest) });
    expect(await checkCopy(options)).toEqual([expect.stringMatching(/^shop:greeting: used by the code, missing/)]);
  });

  it('names a server key (namespace:key literal) that the files lack', async () => {
    const { soldOut: _, ...rest } = good;
    const options = tree({ 'src/page.tsx': page, 'server/route.ts': server, 'locales/xx/shop.json': JSON.stringify(rest) });
    expect(await checkCopy(options)).toEqual([expect.stringMatching(/^shop:soldOut: used by the code, missing/)]);
  });

  it('names a key of the files used nowhere, unless it is on the dynamic list', async () => {
    const files = {
      'src/page.tsx': page,
      'server/route.ts': server,
      'locales/xx/shop.json': JSON.stringify({ ...good, forgotten: 'x' }),
    };
    expect(await checkCopy(tree(files))).toEqual([expect.stringMatching(/^shop:forgotten: .*used nowhere/)]);
    expect(await checkCopy({ ...tree(files), dynamic: { 'shop:forgotten': 'built at run time' } })).toEqual([]);
  });

  it('names a key whose placeholder differs from the values the code passes', async () => {
    const options = tree({
      'src/page.tsx': page,
      'server/route.ts': server,
      'locales/xx/shop.json': JSON.stringify({ ...good, greeting: 'hi {{nmae}}' }),
    });
    const problems = await checkCopy(options);
    expect(problems).toContainEqual(expect.stringMatching(/^shop:greeting: the text's \{\{nmae\}\}/));
    expect(problems).toContainEqual(expect.stringMatching(/^shop:greeting: the code passes name/));
  });

  it('names a locale file that is not valid JSON with its line and column', async () => {
    const options = tree({
      'src/page.tsx': page,
      'server/route.ts': server,
      'locales/xx/shop.json': JSON.stringify(good),
      'locales/xx/broken.json': '{\n  "a": "b",\n  "c" "d"\n}\n',
    });
    expect(await checkCopy(options)).toEqual(['locales/xx/broken.json:3:7: not valid JSON']);
  });
});

describe('the repository copy', () => {
  it('has every key the web app and the server use, with the placeholders they pass, in valid JSON', async () => {
    const root = join(import.meta.dirname, '../..');
    const languages = JSON.parse(readFileSync(join(root, 'locales/languages.json'), 'utf8')) as { default: string };
    const problems = await checkCopy({
      root,
      localeDir: `locales/${languages.default}`,
      webInput: ['src/**/*.{ts,tsx}'],
      literalDirs: ['server', 'src'],
      defaultNS: 'common',
      dynamic: {},
    });
    // Unused keys are not yet enforced here: the server's namespace-bound helpers (tr('key')) hide their uses
    // from the extractor, so the list would be mostly false alarms.
    expect(problems.filter((p) => !p.endsWith('used nowhere'))).toEqual([]);
  }, 60_000);
});
