import { createEvent, createStore, sample, type EventCallable, type Unit } from 'effector';

/**
 * Text filters typed in beside a paged list's own `text` (an order number and a phone, say): drafts until
 * the search is submitted, then applied together (trimmed) through `apply` (the list's `filtersChanged`);
 * cleared with the list (`clear`: its reset, its gate's close).
 */
export function createFilterDrafts<Drafts extends Record<string, string>>(config: {
  empty: Drafts;
  apply: EventCallable<Partial<Drafts>>;
  clear: Array<Unit<unknown>>;
}) {
  const draftChanged = createEvent<Partial<Drafts>>();
  const draftsSubmitted = createEvent();
  const $drafts = createStore<Drafts>(config.empty)
    .on(draftChanged, (drafts, patch) => ({ ...drafts, ...patch }))
    .reset(config.clear);
  sample({
    clock: draftsSubmitted,
    source: $drafts,
    fn: (drafts) => Object.fromEntries(Object.entries(drafts).map(([key, value]) => [key, value.trim()])) as Partial<Drafts>,
    target: config.apply,
  });
  return { draftChanged, draftsSubmitted, $drafts };
}
