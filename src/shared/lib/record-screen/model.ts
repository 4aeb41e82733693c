import { concurrency, type Query } from '@farfetched/core';
import { createEvent, merge, sample, type EventCallable, type Unit } from 'effector';
import { createGate } from 'effector-react';
import { showToastFx } from '../../ui/toast';

/**
 * A record's page (`…/{id}`): the page's gate with the id of the address, the record read
 * when the page opens or the id changes and again on `retryClicked`, forgotten when the page closes.
 */
export function createRecordScreen<Detail, Failure, Initial>(query: Query<number, Detail, Failure, Initial>) {
  const Gate = createGate<{ id: number }>();
  concurrency(query, { strategy: 'TAKE_LATEST' });
  const retryClicked = createEvent();
  const $id = Gate.state.map((props) => ('id' in props ? props.id : 0));
  const $detail = query.$data.map((data) => (data ?? null) as Detail | null);
  sample({ clock: [Gate.open, $id.updates], source: Gate.status, filter: Boolean, fn: () => undefined, target: retryClicked });
  sample({ clock: retryClicked, source: $id, filter: (id) => id > 0, target: query.start });
  sample({ clock: Gate.close, target: query.reset });
  return { Gate, $id, $detail, $failed: query.$failed, retryClicked };
}

type Decided = { finished: { success: Unit<unknown> } };

/**
 * After each mutation the server took: a success toast (`done(kind)`), then `then` (read the record again). A
 * kind in `elsewhere` goes to its own target instead (leave the page).
 */
export function afterMutations<Kind extends string>(config: {
  mutations: Record<Kind, Decided>;
  done: (kind: Kind) => string;
  then: EventCallable<void>;
  elsewhere?: Partial<Record<Kind, EventCallable<void>>>;
}) {
  const kinds = Object.keys(config.mutations) as Kind[];
  for (const kind of kinds) {
    const success = config.mutations[kind].finished.success;
    sample({ clock: success, fn: () => ({ type: 'success' as const, text: config.done(kind) }), target: showToastFx });
    sample({ clock: merge([success]), fn: () => undefined, target: config.elsewhere?.[kind] ?? config.then });
  }
}

/** What a record page's frame uses of a record screen. */
export type RecordScreen<Detail> = Pick<
  ReturnType<typeof createRecordScreen<Detail, unknown, unknown>>,
  'Gate' | '$detail' | '$failed' | 'retryClicked'
>;
