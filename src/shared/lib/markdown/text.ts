import type { Block, Inline } from './parse';

/** The words of inline content, without markup (search, labels, document titles). */
export function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.value;
        case 'break':
          return ' ';
        default:
          return inlineText(node.children);
      }
    })
    .join('');
}

/** The words of blocks, one block per line. */
export function blocksText(blocks: Block[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'heading':
        case 'paragraph':
          return inlineText(block.children);
        case 'list':
          return block.items.map(blocksText).join('\n');
        case 'blockquote':
          return blocksText(block.children);
        case 'table':
          return [block.header, ...block.rows].map((row) => row.map(inlineText).join(' ')).join('\n');
        case 'rule':
          return '';
      }
    })
    .filter((line) => line !== '')
    .join('\n');
}

export type OutlineEntry = { id: string; level: number; text: string };

/** Top-level headings with the ids renderMarkdown gives them (`{prefix}-{n}`, counted from 1), for a table of contents. */
export function headingOutline(blocks: Block[], idPrefix: string): OutlineEntry[] {
  let n = 0;
  return blocks.flatMap((block) => {
    if (block.type !== 'heading') return [];
    n += 1;
    return [{ id: `${idPrefix}-${n}`, level: block.level, text: inlineText(block.children) }];
  });
}
