import { concurrency } from '@farfetched/core';
import { createStore, merge, sample } from 'effector';
import { createGate } from 'effector-react';
import { interval } from 'patronum';
import type { CaptureItem } from '@contracts';
import { captureItemQuery, isOpenState } from '@/entities/capture';

/** How often a capture still being processed is asked about. */
export const QUEUE_POLL_MS = 2000;

export const QueueGate = createGate<{ id: number }>();
concurrency(captureItemQuery, { strategy: 'TAKE_LATEST' });

export const $item = createStore<CaptureItem | null>(null)
  .on(captureItemQuery.finished.success, (_, { result }) => result)
  .reset(QueueGate.close);
/** The capture could not be loaded (missing, or another user's): the page says so. */
export const $missing = createStore(false)
  .on(captureItemQuery.finished.failure, () => true)
  .reset([QueueGate.close, captureItemQuery.finished.success]);
export const $loading = captureItemQuery.$pending;

const load = sample({ clock: QueueGate.open, filter: ({ id }) => Number.isInteger(id) && id > 0, fn: ({ id }) => id });
sample({ clock: load, target: captureItemQuery.start });

// While it is still processing, ask again; stop once it is done or failed, or the page is left.
const settled = sample({ clock: $item.updates, filter: (item) => item !== null && !isOpenState(item.state) });
const poll = interval({ timeout: QUEUE_POLL_MS, start: load, stop: merge([settled, QueueGate.close, captureItemQuery.finished.failure]) });
sample({
  clock: poll.tick,
  source: QueueGate.state,
  filter: ({ id }) => Number.isInteger(id) && id > 0,
  fn: ({ id }) => id,
  target: captureItemQuery.start,
});
