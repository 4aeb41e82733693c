import { DEFAULT_LANGUAGE, i18n } from '@/shared/i18n';
import { LEGAL_DOCUMENTS, type LegalDocument } from '../config/documents';

/**
 * The legal texts of every language as lazily imported Markdown: each document is its own small chunk, fetched by
 * the route that shows it, so one text does not download the other five, nor another language's.
 */
export const legalSources = import.meta.glob<string>('/locales/*/content/legal/*.md', {
  query: '?raw',
  import: 'default',
});

const pathIn = (language: string, document: LegalDocument) => `/locales/${language}/content/legal/${LEGAL_DOCUMENTS[document].file}.md`;

/** The document's file in `language` (the app's current one by default), else the default language's. */
export function legalSourcePath(document: LegalDocument, language: string = i18n.language || DEFAULT_LANGUAGE): string {
  const own = pathIn(language, document);
  return legalSources[own] ? own : pathIn(DEFAULT_LANGUAGE, document);
}

export async function loadLegalSource(document: LegalDocument): Promise<string> {
  const load = legalSources[legalSourcePath(document)];
  if (!load) throw new Error(`no Markdown file for ${document}`);
  return load();
}
