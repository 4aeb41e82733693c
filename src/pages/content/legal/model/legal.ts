import { createEffect, createEvent, sample } from 'effector';
import { headingOutline, parseMarkdown, type Block, type OutlineEntry } from '@/shared/lib/markdown';
import { loadLegalSource } from '../api/legal-sources';
import type { LegalDocument } from '../config/documents';

/** Ids of the document's top-level headings (`section-1`, ...), shared by the text and its table of contents. */
export const SECTION_ID_PREFIX = 'section';

export interface LegalText {
  blocks: Block[];
  /** Second-level sections for the table of contents. */
  outline: OutlineEntry[];
}

/**
 * The route's loader: the text is read before the route renders, so the prerender (react-router's static handler)
 * writes the whole document into the page's HTML, and the browser has the same text before it hydrates. A chunk
 * that fails to load fails the route: its error notice shows inside the layout, with a reload.
 */
export async function loadLegalText(document: LegalDocument): Promise<LegalText> {
  const blocks = parseMarkdown(await loadLegalSource(document));
  return { blocks, outline: headingOutline(blocks, SECTION_ID_PREFIX).filter((entry) => entry.level === 2) };
}

export const printClicked = createEvent();

export const printFx = createEffect(() => {
  globalThis.print?.();
});
sample({ clock: printClicked, target: printFx });
