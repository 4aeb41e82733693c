/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fork } from 'effector';
import { Provider } from 'effector-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { DEFAULT_LANGUAGE, I18nProvider } from '@/shared/i18n';
import { headingOutline, parseMarkdown } from '@/shared/lib/markdown';
import { legalSourcePath } from '../api/legal-sources';
import { SECTION_ID_PREFIX } from '../model/legal';
import { ClausePage } from './legal-page';

const root = join(import.meta.dirname, '../../../../..');
const clauseFile = readFileSync(join(root, legalSourcePath('clause')), 'utf8');
const legalCopy = JSON.parse(readFileSync(join(root, `locales/${DEFAULT_LANGUAGE}/legal.json`), 'utf8')) as Record<string, unknown>;

const i18n = i18next.createInstance();
await i18n.init({
  lng: DEFAULT_LANGUAGE,
  resources: { [DEFAULT_LANGUAGE]: { legal: legalCopy } },
  defaultNS: 'legal',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The page as the prerender and the browser render it: through a route whose loader has read the Markdown. */
async function renderClause(markdown: string): Promise<string> {
  // What loadLegalText answers for this Markdown (the file's own text is read by the model's test).
  const blocks = parseMarkdown(markdown);
  const loader = () => ({ blocks, outline: headingOutline(blocks, SECTION_ID_PREFIX).filter((entry) => entry.level === 2) });
  const handler = createStaticHandler([{ path: '/clause', loader, Component: ClausePage }]);
  const context = await handler.query(new Request('http://test.invalid/clause'));
  if (context instanceof Response) throw new Error('the route redirected');
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <Provider value={fork()}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </Provider>
    </I18nProvider>,
  );
}

describe('legal page content comes from the Markdown file', () => {
  it('shows the title, the effective date 2022-06-10 and every section heading of the file, with a table of contents', async () => {
    const html = await renderClause(clauseFile);
    expect(html).toContain('<h1 id="legal-title">服务条款</h1>');
    expect(html).toContain('生效日期：<time dateTime="2022-06-10">2022年6月10日</time>');
    const headings = [...clauseFile.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
    expect(headings.length).toBeGreaterThanOrEqual(4);
    headings.forEach((heading, index) => expect(html).toContain(`<h2 id="section-${index + 1}">${heading}</h2>`));
    expect(html).toContain(`<a href="#section-1">${headings[0]}</a>`);
  });

  it('shows a changed sentence and a new section once the file changes', async () => {
    const sentence = /^1\. (.+)$/m.exec(clauseFile)![1]!;
    const edited = `${clauseFile.replace(sentence, '编辑改写后的第一条。')}\n## 十一、新增一节\n\n编辑新增的一句话，含 <script>alert(1)</script>。\n`;
    const before = await renderClause(clauseFile);
    const after = await renderClause(edited);
    expect(before).not.toContain('编辑改写后的第一条。');
    expect(after).toContain('编辑改写后的第一条。');
    expect(after).toContain('十一、新增一节</h2>');
    expect(after).toContain('编辑新增的一句话，含 &lt;script&gt;alert(1)&lt;/script&gt;。');
    expect(after).not.toContain('<script>');
  });
});
