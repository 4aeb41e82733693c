import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentCopy } from '../../vite.config';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'document-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Handler = (html: string) => string;
const handlerOf = (plugin: ReturnType<typeof documentCopy>): Handler => {
  const hook = plugin.transformIndexHtml as { handler: Handler };
  return (html) => hook.handler.call({} as never, html);
};

describe('index.html words from locales/<language>/document.json (vite plugin)', () => {
  it('fills the real index.html with the locale copy, nothing left over', () => {
    const out = handlerOf(documentCopy())(readFileSync(join(root, 'index.html'), 'utf8'));
    const copy = JSON.parse(readFileSync(join(root, 'locales/zh-CN/document.json'), 'utf8')) as Record<string, string>;
    expect(out).toContain('<html lang="zh-CN">');
    expect(out).toContain(`<title id="route-title">${copy.title}</title>`);
    expect(out).toContain(`<meta name="description" content="${copy.description}" />`);
    expect(out).toContain(`<noscript>${copy.noscript}</noscript>`);
    expect(out).toContain(copy.unsupportedBrowser);
    expect(out).not.toMatch(/\{\{/);
  });

  it('escapes markup in the copy and fails on a missing text', () => {
    mkdirSync(join(dir, 'xx'), { recursive: true });
    writeFileSync(join(dir, 'xx', 'document.json'), JSON.stringify({ title: 'A "quoted" <b> & co' }));
    const handler = handlerOf(documentCopy(dir, 'xx'));
    expect(handler('<title>{{document.title}}</title>')).toBe('<title>A &quot;quoted&quot; &lt;b&gt; &amp; co</title>');
    expect(() => handler('<p>{{ document.missing }}</p>')).toThrow(/missing/);
  });

  it('keeps the page as built and writes it in any language for the prerender step', () => {
    for (const language of ['aa', 'bb']) {
      mkdirSync(join(dir, language), { recursive: true });
      writeFileSync(join(dir, language, 'document.json'), JSON.stringify({ title: `title in ${language}` }));
    }
    const plugin = documentCopy(dir, 'aa');
    expect(() => plugin.api.documentIn('bb')).toThrow(/not been built/);
    const page = '<html lang="{{language}}"><title>{{document.title}}</title><script src="/assets/index-1.js"></script></html>';
    expect(handlerOf(plugin)(page)).toBe('<html lang="aa"><title>title in aa</title><script src="/assets/index-1.js"></script></html>');
    expect(plugin.api.documentIn('bb')).toBe('<html lang="bb"><title>title in bb</title><script src="/assets/index-1.js"></script></html>');
  });
});
