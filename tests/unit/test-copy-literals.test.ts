// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findCopyLiterals, formatHit, type CopyLiteralOptions } from '../../scripts/copy-literals';

/**
 * Tests read copy from the locale files (only spec-wording.test.ts holds the spec's wording): no browser journey
 * and no server test spells out a text of the default language's locale files, so an editor's rewording breaks none.
 */
const ROOT = join(import.meta.dirname, '../..');
const DEFAULT = (JSON.parse(readFileSync(join(ROOT, 'locales/languages.json'), 'utf8')) as { default: string }).default;
const SCAN = { allFilesIn: ['tests/e2e'], testFilesIn: ['server'] };

/**
 * Server tests that still spell some copy (messages, PDF text, CLI output) and are yet to read it through
 * server/test-support/copy.ts. The list only shrinks: a file on it that spells no copy any more fails the test.
 */
const NOT_YET_CONVERTED = new Set([
  'server/modules/cancellation/cancellation.test.ts',
  'server/modules/capture/mobile-capture.test.ts',
  'server/modules/capture/wacz.test.ts',
  'server/modules/evidence/certificate-pdf.test.ts',
  'server/modules/evidence/limited-views.test.ts',
  'server/modules/evidence/proof-package-cli.test.ts',
  'server/modules/evidence/proof-package.test.ts',
  'server/modules/notary/documents-pdf.test.ts',
  'server/modules/notifications/notifications.test.ts',
  'server/modules/personal-data/personal-data.test.ts',
  'server/modules/staff/desk-finance.test.ts',
  'server/production.test.ts',
  'server/providers/sms/aliyun.test.ts',
  'server/providers/sms/config.test.ts',
  'server/providers/sms/tencent.test.ts',
  'server/providers/sms/wired.test.ts',
]);

describe('tests spell no copy', () => {
  it('no file under tests/e2e and no server *.test.ts holds a text of the locale files', () => {
    const hits = findCopyLiterals({ root: ROOT, localeDir: `locales/${DEFAULT}`, ...SCAN });
    expect(hits.filter((hit) => !NOT_YET_CONVERTED.has(hit.file)).map(formatHit)).toEqual([]);
    const stillSpelling = new Set(hits.map((hit) => hit.file));
    expect(
      [...NOT_YET_CONVERTED].filter((file) => !stillSpelling.has(file)),
      'converted: take them off the list',
    ).toEqual([]);
  });
});

describe('the check itself, on a tree of its own', () => {
  const trees: string[] = [];
  afterEach(() => {
    for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
  });
  function tree(files: Record<string, string>): CopyLiteralOptions {
    const root = mkdtempSync(join(tmpdir(), 'copy-literals-'));
    trees.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return { root, localeDir: 'locales/xx', ...SCAN };
  }
  const locales = {
    'locales/xx/shop.json': JSON.stringify({ pay: { done: '支付成功，积分已到账' }, ok: '确定', total: '预计共 {{total}} 积分' }),
    'locales/xx/validation.json': JSON.stringify({ required: '{{field}}不能为空' }),
  };

  it('names the file, line and key of a planted copy line, whole, in part, or rendered with values', () => {
    const hits = findCopyLiterals(
      tree({
        ...locales,
        'tests/e2e/a.spec.ts': [
          "await page.getByRole('button', { name: '确定' }).click();",
          "await expect(page.getByText('支付成功')).toBeVisible();",
          'await expect(page.getByText(/预计共 4.00 积分/)).toBeVisible();',
        ].join('\n'),
        'server/modules/b.test.ts': "\nexpect(body.msg).toBe('标签不能为空');\n",
      }),
    );
    expect(hits.map(formatHit)).toEqual([
      'tests/e2e/a.spec.ts:1: "确定" is the copy of shop:ok',
      'tests/e2e/a.spec.ts:2: "支付成功" is the copy of shop:pay.done',
      'tests/e2e/a.spec.ts:3: "预计共 4.00 积分" is the copy of shop:total',
      'server/modules/b.test.ts:2: "标签不能为空" is the copy of validation:required',
    ]);
  });

  it('lets data pass: names, addresses, short pieces of copy, comments and server files that are not tests', () => {
    const hits = findCopyLiterals(
      tree({
        ...locales,
        'tests/e2e/a.spec.ts': "const person = { name: '张三', address: '科技园1号' };\n// 确定 is the button's copy\nfill('积分');\n",
        'server/modules/b.ts': "const ok = '确定';\n",
      }),
    );
    expect(hits).toEqual([]);
  });
});
