import { DEFAULT_LANGUAGE, i18n } from '@/shared/i18n';

/**
 * The help topics, one Markdown file each (`locales/<language>/content/help/NN-slug.md`). Imported eagerly as
 * text: the search needs every topic at once, and they travel in this page's chunk, never in the entry.
 * A new file is a new topic, with no change here.
 */
const allHelpSources = import.meta.glob<string>('/locales/*/content/help/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The topics of `language`, else (when it has none) the default language's; keyed by file path. */
export function helpSourcesFor(language: string): Record<string, string> {
  const pick = (lang: string) =>
    Object.fromEntries(Object.entries(allHelpSources).filter(([path]) => path.startsWith(`/locales/${lang}/content/help/`)));
  const own = pick(language);
  return Object.keys(own).length > 0 ? own : pick(DEFAULT_LANGUAGE);
}

/** The topics in the app's current language when the page is loaded. */
export const helpSources = helpSourcesFor(i18n.language || DEFAULT_LANGUAGE);
