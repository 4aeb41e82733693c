import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { headingOutline, parseMarkdown, type Block } from '@/shared/lib/markdown';
import { loadLegalSourceFx } from '../api/legal-sources';
import type { LegalDocument } from '../config/documents';

/** Ids of the document's top-level headings (`section-1`, ...), shared by the text and its table of contents. */
export const SECTION_ID_PREFIX = 'section';

export const LegalGate = createGate<{ document: LegalDocument }>();
export const retryClicked = createEvent();
export const printClicked = createEvent();

const loadFx = attach({ effect: loadLegalSourceFx });

/** The document the open page shows (null when no legal page is open). */
const $requested = LegalGate.state.map((props): LegalDocument | null => props.document ?? null);

sample({ clock: $requested, filter: Boolean, target: loadFx });
sample({ clock: retryClicked, source: $requested, filter: Boolean, target: loadFx });

const $loaded = createStore<{ document: LegalDocument; blocks: Block[] } | null>(null, { serialize: 'ignore' });
// An answer for a document the visitor has already left is dropped (a quick switch between two texts).
sample({
  clock: loadFx.done,
  source: $requested,
  filter: (requested, { params }) => requested === params,
  fn: (_, { params, result }) => ({ document: params, blocks: parseMarkdown(result) }),
  target: $loaded,
});

export const $blocks = combine($requested, $loaded, (requested, loaded) =>
  loaded && loaded.document === requested ? loaded.blocks : null,
);
export const $failed = createStore(false)
  .on(loadFx.fail, () => true)
  .reset([loadFx, LegalGate.close]);
/** Second-level sections for the table of contents. */
export const $outline = $blocks.map((blocks) =>
  blocks ? headingOutline(blocks, SECTION_ID_PREFIX).filter((entry) => entry.level === 2) : [],
);

export const printFx = createEffect(() => {
  globalThis.print?.();
});
sample({ clock: printClicked, target: printFx });
