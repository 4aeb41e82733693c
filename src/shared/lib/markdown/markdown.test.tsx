import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blocksText, headingOutline, Markdown, parseInline, parseMarkdown, safeHref, type MarkdownOptions } from './index';

const html = (source: string, options: MarkdownOptions = {}) =>
  renderToStaticMarkup(<Markdown blocks={parseMarkdown(source)} {...options} />);
const inner = (source: string) => html(source).replace(/^<div class="markdown">|<\/div>$/g, '');

describe('markdown blocks', () => {
  it('renders headings, paragraphs and a rule', () => {
    expect(inner('# 标题\n\n第一段\n\n---\n\n## 小节 ##')).toBe('<h1>标题</h1><p>第一段</p><hr/><h2>小节</h2>');
  });

  it('needs a space after the hashes, and treats up to six', () => {
    expect(inner('#话题')).toBe('<p>#话题</p>');
    expect(inner('####### 七级')).toBe('<p>####### 七级</p>');
    expect(inner('###### 六级')).toBe('<h6>六级</h6>');
  });

  it('joins soft line breaks: without a space between Chinese, with one between Latin words', () => {
    expect(inner('我们收集\n您的手机号码')).toBe('<p>我们收集您的手机号码</p>');
    expect(inner('SHA-256\nhash')).toBe('<p>SHA-256 hash</p>');
    expect(inner('第一行  \n第二行\\\n第三行')).toBe('<p>第一行<br/>第二行<br/>第三行</p>');
  });

  it('renders tight, ordered and nested lists', () => {
    expect(inner('- 手机号码\n- 身份证号')).toBe('<ul><li>手机号码</li><li>身份证号</li></ul>');
    expect(inner('3. 三\n4. 四')).toBe('<ol start="3"><li>三</li><li>四</li></ol>');
    expect(inner('1. 上传文件\n   - 任意类型\n   - 最大 5 GB\n2. 生成证书')).toBe(
      '<ol><li><p>上传文件</p><ul><li>任意类型</li><li>最大 5 GB</li></ul></li><li>生成证书</li></ol>',
    );
    expect(inner('- 一\n续行\n\n段落')).toBe('<ul><li>一续行</li></ul><p>段落</p>');
  });

  it('ends a paragraph at a list, heading or quote without a blank line', () => {
    expect(inner('说明：\n- 甲\n- 乙')).toBe('<p>说明：</p><ul><li>甲</li><li>乙</li></ul>');
    expect(inner('段落\n## 标题\n> 引用')).toBe('<p>段落</p><h2>标题</h2><blockquote><p>引用</p></blockquote>');
  });

  it('renders pipe tables, with each cell labelled by its column', () => {
    const out = inner('| 信息 | 目的 |\n|---|:---:|\n| 手机号码 | 登录 \\| 通知 |\n| IP 地址 |');
    expect(out).toContain('<th scope="col">信息</th><th scope="col">目的</th>');
    expect(out).toContain('<td data-label="信息">手机号码</td><td data-label="目的">登录 | 通知</td>');
    // A short row gets empty cells, never a ragged table.
    expect(out).toContain('<td data-label="信息">IP 地址</td><td data-label="目的"></td>');
  });

  it('does not take a line with a pipe for a table without a matching delimiter row', () => {
    expect(inner('a | b\n---')).toBe('<p>a | b</p><hr/>');
  });

  it('clamps heading levels and gives top-level headings ids matching the outline', () => {
    const source = '# 一\n\n## 二\n\n### 三';
    expect(inner(source)).toBe('<h1>一</h1><h2>二</h2><h3>三</h3>');
    expect(html(source, { minHeadingLevel: 2, headingIdPrefix: 's' })).toBe(
      '<div class="markdown"><h2 id="s-1">一</h2><h2 id="s-2">二</h2><h3 id="s-3">三</h3></div>',
    );
    expect(headingOutline(parseMarkdown(source), 's')).toEqual([
      { id: 's-1', level: 1, text: '一' },
      { id: 's-2', level: 2, text: '二' },
      { id: 's-3', level: 3, text: '三' },
    ]);
  });
});

describe('markdown inline', () => {
  it('renders strong, emphasis, code and escapes', () => {
    expect(inner('**重要** 与 *强调*、`SHA-256`，\\*不是强调\\*')).toBe(
      '<p><strong>重要</strong> 与 <em>强调</em>、<code>SHA-256</code>，*不是强调*</p>',
    );
    expect(inner('***都有***')).toBe('<p><strong><em>都有</em></strong></p>');
    expect(inner('*a **b** c*')).toBe('<p><em>a <strong>b</strong> c</em></p>');
    expect(inner('snake_case_name 与 2 * 3 * 4')).toBe('<p>snake_case_name 与 2 * 3 * 4</p>');
    expect(inner('**未闭合')).toBe('<p>**未闭合</p>');
  });

  it('renders safe links, opening other sites in a new tab', () => {
    expect(inner('[帮助中心](/helpCenter)')).toBe('<p><a href="/helpCenter">帮助中心</a></p>');
    expect(inner('[官网](https://example.com/a?b=1)')).toBe(
      '<p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">官网</a></p>',
    );
    expect(inner('[邮件](mailto:service@example.com) <https://example.com>')).toBe(
      '<p><a href="mailto:service@example.com">邮件</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">https://example.com</a></p>',
    );
    expect(inner('[第一条](#s-1)')).toBe('<p><a href="#s-1">第一条</a></p>');
  });

  it('hands same-origin paths to the page (a router link)', () => {
    expect(
      html('[去保全](/attestation-all/data)', {
        renderPathLink: (href, children) => (
          <a href={href} data-router="">
            {children}
          </a>
        ),
      }),
    ).toBe('<div class="markdown"><p><a href="/attestation-all/data" data-router="">去保全</a></p></div>');
  });
});

describe('markdown with hostile input', () => {
  it('shows raw HTML as text', () => {
    const out = html('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<b>粗</b>');
    expect(out).not.toMatch(/<script|<img|<b>/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('&lt;b&gt;粗&lt;/b&gt;');
  });

  it('keeps only the text of links to unsafe targets', () => {
    for (const target of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      '<javascript:alert(1)>',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/\\evil.example',
      'https:evil.example',
      'relative/path',
      'file:///etc/passwd',
    ]) {
      const out = html(`[点我](${target})`);
      expect(out, target).not.toContain('<a');
      expect(out, target).toContain('点我');
    }
    expect(html('<javascript:alert(1)>')).not.toContain('<a');
  });

  it('never lets a tag or attribute out of text, headings, cells or link labels', () => {
    const out = html('# <h1 onclick=x>\n\n| <td> | " onmouseover="x |\n|---|---|\n| a | b |\n\n[<img src=x>](/ok)');
    expect(out).not.toMatch(/<h1 |<img|onmouseover="x"/);
    expect(out).toContain('<a href="/ok">&lt;img src=x&gt;</a>');
  });

  it('survives pathological input without throwing', () => {
    const nasty = `${'['.repeat(2000)}${'*'.repeat(2000)}${'`'.repeat(500)}\n${'> '.repeat(200)}\n${'- '.repeat(200)}x`;
    expect(() => html(nasty)).not.toThrow();
  });
});

describe('safeHref', () => {
  it('allows http(s), mailto, same-origin paths and anchors only', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com');
    expect(safeHref('HTTP://example.com/a')).toBe('HTTP://example.com/a');
    expect(safeHref('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(safeHref('/privacy')).toBe('/privacy');
    expect(safeHref('#top')).toBe('#top');
    for (const bad of ['', 'javascript:x', '//x.example', '/\\x.example', '/a b', 'http://', 'ftp://x', 'mailto:', 'tel:10086', 'help']) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });
});

describe('plain text', () => {
  it('gives the words of blocks for search', () => {
    expect(blocksText(parseMarkdown('**上传**文件\n\n- [证书](/a)\n\n| 甲 | 乙 |\n|---|---|\n| 丙 | 丁 |'))).toBe(
      '上传文件\n证书\n甲 乙\n丙 丁',
    );
    expect(parseInline('a\\_b')).toEqual([{ type: 'text', value: 'a_b' }]);
  });
});
