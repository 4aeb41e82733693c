import { createElement, Fragment, type ReactNode } from 'react';
import type { Block, HeadingLevel, Inline } from './parse';
import { hrefKind } from './safe-href';
import { inlineText } from './text';
import './markdown.css';

export type MarkdownOptions = {
  /** Headings render at least this level (a page's own title is h1; help answers sit under h3 questions). */
  minHeadingLevel?: HeadingLevel;
  /** Gives top-level headings the ids `{prefix}-{n}` (see headingOutline). */
  headingIdPrefix?: string;
  /** Renders a same-origin path link, e.g. as a router Link; a plain `<a>` otherwise. */
  renderPathLink?: (href: string, children: ReactNode) => ReactNode;
};

function renderInlines(nodes: Inline[], options: MarkdownOptions): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        // React escapes text: `<script>` in content is shown, never run.
        return <Fragment key={index}>{node.value}</Fragment>;
      case 'code':
        return <code key={index}>{node.value}</code>;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return <strong key={index}>{renderInlines(node.children, options)}</strong>;
      case 'emphasis':
        return <em key={index}>{renderInlines(node.children, options)}</em>;
      case 'link': {
        const children = renderInlines(node.children, options);
        const kind = hrefKind(node.href);
        if (kind === 'path' && options.renderPathLink)
          return <Fragment key={index}>{options.renderPathLink(node.href, children)}</Fragment>;
        return kind === 'external' ? (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            {children}
          </a>
        ) : (
          <a key={index} href={node.href}>
            {children}
          </a>
        );
      }
    }
  });
}

function renderBlocks(blocks: Block[], options: MarkdownOptions, top: boolean): ReactNode[] {
  let headingCount = 0;
  return blocks.map((block, index) => {
    switch (block.type) {
      case 'heading': {
        headingCount += 1;
        const level = Math.max(block.level, options.minHeadingLevel ?? 1);
        const id = top && options.headingIdPrefix ? `${options.headingIdPrefix}-${headingCount}` : undefined;
        return createElement(`h${level}`, { key: index, id }, renderInlines(block.children, options));
      }
      case 'paragraph':
        return <p key={index}>{renderInlines(block.children, options)}</p>;
      case 'rule':
        return <hr key={index} />;
      case 'blockquote':
        return <blockquote key={index}>{renderBlocks(block.children, options, false)}</blockquote>;
      case 'list': {
        const items = block.items.map((item, itemIndex) => {
          // A one-paragraph item renders without <p> (a tight list).
          const only = item.length === 1 && item[0]?.type === 'paragraph' ? item[0] : null;
          return <li key={itemIndex}>{only ? renderInlines(only.children, options) : renderBlocks(item, options, false)}</li>;
        });
        return block.ordered ? (
          <ol key={index} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={index}>{items}</ul>
        );
      }
      case 'table': {
        const labels = block.header.map(inlineText);
        return (
          <div key={index} className="markdown__table">
            <table>
              <thead>
                <tr>
                  {block.header.map((cell, column) => (
                    <th key={column} scope="col">
                      {renderInlines(cell, options)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {row.map((cell, column) => (
                      // The column name travels with each cell: phone widths show rows as cards labelled by it.
                      <td key={column} data-label={labels[column]}>
                        {renderInlines(cell, options)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      }
    }
  });
}

/** Renders parsed Markdown as React elements (never as an HTML string). */
export function Markdown({ blocks, className, ...options }: MarkdownOptions & { blocks: Block[]; className?: string }) {
  return <div className={className ? `markdown ${className}` : 'markdown'}>{renderBlocks(blocks, options, true)}</div>;
}
