import { LEGAL_DOCUMENTS, type LegalDocument } from '../config/documents';

/**
 * The legal texts as lazily imported Markdown: each document is its own small chunk, fetched by the route
 * that shows it, so one text does not download the other five.
 */
export const legalSources = import.meta.glob<string>('/locales/zh-CN/content/legal/*.md', {
  query: '?raw',
  import: 'default',
});

export const legalSourcePath = (document: LegalDocument) => `/locales/zh-CN/content/legal/${LEGAL_DOCUMENTS[document].file}.md`;

export async function loadLegalSource(document: LegalDocument): Promise<string> {
  const load = legalSources[legalSourcePath(document)];
  if (!load) throw new Error(`no Markdown file for ${document}`);
  return load();
}
