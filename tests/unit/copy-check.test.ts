// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCopy, type CopyCheckOptions } from '../../scripts/copy-check';
import { copyTypes, TYPES_FILE } from '../../scripts/copy-types';

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
    literalDirs: ['contracts', 'server', 'src'],
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

  it('counts keys the code reaches without a literal t call: helpers, built keys, value tables, contracts', async () => {
    const files = {
      'src/page.tsx': page,
      'server/route.ts': server,
      // A helper bound to one namespace, and a function that is handed it.
      'server/pdf.ts': "const tr = (key: string) => translator.t(`shop:${key}`);\nexport const head = () => tr('pdf.title');\n",
      // Keys built from a value (prefix and suffix), a value table, and a subtree handed to a helper.
      'src/list.tsx': `import { useTranslation } from 'react-i18next';
const STATUS = { 1: 'status.open' } as const;
export function List({ kind, desk }: { kind: string; desk: string }) {
  const { t } = useTranslation('shop');
  return <p>{t(\`kinds.\${kind}\`)}{t(\`\${desk}.caption\`)}{t(STATUS[1])}{texts(t, 'desk.list')}</p>;
}
`,
      // Contracts name validation messages and field labels by bare keys.
      'contracts/form.ts':
        "export const form = z.object({ street: required('street'), city: z.string().min(1, msg('tooShort', 'city')) });\n",
      'locales/xx/shop.json': JSON.stringify({
        ...good,
        pdf: { title: 'x' },
        kinds: { a: 'a', b: 'b' },
        orders: { caption: 'c' },
        status: { open: 'o' },
        desk: { list: { empty: 'e', failed: 'f' } },
      }),
      'locales/xx/validation.json': JSON.stringify({ street: 'x', tooShort: 'y' }),
      'locales/xx/fields.json': JSON.stringify({ city: 'c', street: 's' }),
    };
    expect(await checkCopy(tree(files))).toEqual([]);
    const planted = { ...files, 'locales/xx/fields.json': JSON.stringify({ city: 'c', street: 's', county: 'n' }) };
    expect(await checkCopy(tree(planted))).toEqual([expect.stringMatching(/^fields:county: .*used nowhere/)]);
  });

  it("counts a list page's eleven words under the prefix it is given, and only those", async () => {
    const words = ['caption', 'loading', 'failed', 'retry', 'empty', 'emptyFiltered', 'pagination', 'total', 'prev', 'next', 'page'];
    const list = Object.fromEntries(words.map((word) => [word, word]));
    const files = {
      'src/page.tsx': page,
      'server/route.ts': server,
      'src/rows.tsx': "const { t } = useTranslation('shop');\nexport const texts = () => listPageTexts(t, 'rows');\n",
      'locales/xx/shop.json': JSON.stringify({ ...good, rows: list }),
    };
    expect(await checkCopy(tree(files))).toEqual([]);
    const planted = { ...files, 'locales/xx/shop.json': JSON.stringify({ ...good, rows: { ...list, extra: 'x' } }) };
    expect(await checkCopy(tree(planted))).toEqual([expect.stringMatching(/^shop:rows\.extra: .*used nowhere/)]);
  });

  it('counts the {{document.key}} placeholders of a page filled at build', async () => {
    const files = {
      'src/page.tsx': page,
      'server/route.ts': server,
      'index.html': '<title>{{document.title}}</title>',
      'locales/xx/shop.json': JSON.stringify(good),
      'locales/xx/document.json': JSON.stringify({ title: 't', gone: 'g' }),
    };
    const options = { ...tree(files), pageFiles: [{ path: 'index.html', namespace: 'document' }] };
    expect(await checkCopy(options)).toEqual([expect.stringMatching(/^document:gone: .*used nowhere/)]);
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

  it('reads a formatted placeholder ({{name, format}}) as the value it formats', async () => {
    const options = tree({
      'src/page.tsx': page,
      'server/route.ts': server,
      'locales/xx/shop.json': JSON.stringify({ ...good, greeting: 'hi {{name, amount}}' }),
    });
    expect(await checkCopy(options)).toEqual([]);
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
  it('has every key the web app and the server use, with the placeholders they pass, no unused key, in valid JSON', async () => {
    const root = join(import.meta.dirname, '../..');
    const languages = JSON.parse(readFileSync(join(root, 'locales/languages.json'), 'utf8')) as { default: string };
    const problems = await checkCopy({
      root,
      localeDir: `locales/${languages.default}`,
      webInput: ['src/**/*.{ts,tsx}'],
      literalDirs: ['contracts', 'proof', 'server', 'src', 'scripts'],
      defaultNS: 'common',
      dynamic: {},
      pageFiles: [{ path: 'index.html', namespace: 'document' }],
    });
    expect(problems).toEqual([]);
  }, 60_000);

  it('has its key types generated from the current locale files (`npm run copy:types`)', () => {
    const root = join(import.meta.dirname, '../..');
    expect(readFileSync(join(root, TYPES_FILE), 'utf8'), 'run `npm run copy:types`').toBe(copyTypes(root));
  });
});
