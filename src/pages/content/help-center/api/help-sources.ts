/**
 * The help topics, one Markdown file each (`locales/zh-CN/content/help/NN-slug.md`). Imported eagerly as
 * text: the search needs every topic at once, and they travel in this page's chunk, never in the entry.
 * A new file is a new topic, with no change here.
 */
export const helpSources = import.meta.glob<string>('/locales/zh-CN/content/help/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
