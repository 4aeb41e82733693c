import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentCopy } from '../../vite.config';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'document-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Handler = (html: string) => string;
const handlerOf = (file?: string): Handler => {
  const hook = documentCopy(file).transformIndexHtml as { handler: Handler };
  return (html) => hook.handler.call({} as never, html);
};

describe('index.html words from locales/zh-CN/document.json (vite plugin)', () => {
  it('fills the real index.html with the locale copy, nothing left over', () => {
    const out = handlerOf()(readFileSync(join(root, 'index.html'), 'utf8'));
    const copy = JSON.parse(readFileSync(join(root, 'locales/zh-CN/document.json'), 'utf8')) as Record<string, string>;
    expect(out).toContain(`<title id="route-title">${copy.title}</title>`);
    expect(out).toContain(`<meta name="description" content="${copy.description}" />`);
    expect(out).toContain(`<noscript>${copy.noscript}</noscript>`);
    expect(out).toContain(copy.unsupportedBrowser);
    expect(out).not.toMatch(/\{\{/);
  });

  it('escapes markup in the copy and fails on a missing text', () => {
    const file = join(dir, 'document.json');
    writeFileSync(file, JSON.stringify({ title: 'A "quoted" <b> & co' }));
    const handler = handlerOf(file);
    expect(handler('<title>{{document.title}}</title>')).toBe('<title>A &quot;quoted&quot; &lt;b&gt; &amp; co</title>');
    expect(() => handler('<p>{{ document.missing }}</p>')).toThrow(/missing/);
  });
});
