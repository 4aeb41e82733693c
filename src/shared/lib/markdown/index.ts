export { parseInline, parseMarkdown } from './parse';
export type { Block, HeadingLevel, Inline } from './parse';
export { Markdown } from './render';
export type { MarkdownOptions } from './render';
export { hrefKind, safeHref } from './safe-href';
export { blocksText, headingOutline, inlineText } from './text';
export type { OutlineEntry } from './text';
