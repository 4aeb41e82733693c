// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import languages from '../../locales/languages.json' with { type: 'json' };
import { checkTranslation } from '../../scripts/translation-check';
import { TRANSLATION_CHECK } from '../../scripts/translation-check-config';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A tiny locales tree of its own: `xx` the reference, `yy` the translation; texts made up, only their shape matters. */
function check(reference: Record<string, unknown>, translation: Record<string, unknown>, content: Record<string, string> = {}) {
  const root = mkdtempSync(join(tmpdir(), 'translation-check-'));
  roots.push(root);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('locales/xx/shop.json', JSON.stringify(reference));
  if (Object.keys(translation).length) write('locales/yy/shop.json', JSON.stringify(translation));
  for (const [path, text] of Object.entries(content)) write(path, text);
  return checkTranslation({ root, reference: 'xx', language: 'yy', referenceOnly: {}, names: { 京ICP备1号: 'a filing number' } });
}

describe('the translation check', () => {
  const reference = { hello: '你好 {{name}}', total_other: '共 {{count}} 条', rich: '<0>读</0>协议', filing: '京ICP备1号' };
  const good = {
    hello: 'Hello {{name}}',
    total_one: 'One item',
    total_other: '{{count}} items',
    rich: 'Read the <0>terms</0>',
    filing: '京ICP备1号',
  };

  it('passes a complete translation (plural forms of its own, an allowed name)', () => {
    expect(check(reference, good)).toEqual([]);
  });

  it('names a missing file, a missing key and a stale key', () => {
    expect(check(reference, {})).toEqual(['locales/yy/shop.json: missing']);
    const { hello: _, ...rest } = good;
    expect(check(reference, { ...rest, extra: 'x' })).toEqual(['yy/shop:hello: missing', 'yy/shop:extra: not in xx (stale)']);
  });

  it('names a placeholder or a tag that differs, and Chinese left in the translation', () => {
    expect(check(reference, { ...good, hello: 'Hello {{who}}' })).toEqual([expect.stringMatching(/^yy\/shop:hello: placeholders differ/)]);
    expect(check(reference, { ...good, rich: 'Read the terms' })).toEqual([expect.stringMatching(/^yy\/shop:rich: tags differ/)]);
    expect(check(reference, { ...good, hello: 'Hello {{name}} 你好' })).toEqual([
      expect.stringMatching(/^yy\/shop:hello: Chinese characters/),
    ]);
  });

  it('names a missing content file, different headings and Chinese in Markdown', () => {
    const zh = { 'locales/xx/content/help/01-a.md': '# 话题\n\n## 问题\n\n回答\n' };
    expect(check(reference, good, zh)).toEqual(['locales/yy/content/help/01-a.md: missing']);
    expect(check(reference, good, { ...zh, 'locales/yy/content/help/01-a.md': '# Topic\n\nAnswer\n' })).toEqual([
      expect.stringMatching(/01-a\.md: headings differ/),
    ]);
    expect(check(reference, good, { ...zh, 'locales/yy/content/help/01-a.md': '# Topic\n\n## Question\n\n回答\n' })).toEqual([
      'locales/yy/content/help/01-a.md:5: Chinese characters in the translation',
    ]);
  });
});

describe('every language of locales/languages.json', () => {
  it.each(languages.supported.filter((language) => language !== languages.default))('%s is complete', (language) => {
    expect(checkTranslation({ ...TRANSLATION_CHECK, root: resolve(import.meta.dirname, '../..'), language })).toEqual([]);
  });
});
