import { createEvent, createStore, merge, sample, type EventCallable, type Store } from 'effector';
import { interval } from 'patronum';

export type CountdownModel = {
  /** Starts (or restarts) the count from this many ticks; zero or less does nothing. */
  started: EventCallable<number>;
  stopped: EventCallable<void>;
  /** Ticks left; 0 when idle. */
  $remaining: Store<number>;
  $counting: Store<boolean>;
};

/** A count down by one every `tickMs` (a second by default) until zero; testable with `fork` and `allSettled`. */
export function createCountdown({ tickMs = 1000 }: { tickMs?: number } = {}): CountdownModel {
  const started = createEvent<number>();
  const stopped = createEvent();
  const $remaining = createStore(0);

  const begun = sample({ clock: started, filter: (ticks) => ticks > 0, fn: (ticks) => Math.ceil(ticks) });
  const finished = sample({ clock: $remaining.updates, filter: (ticks) => ticks === 0 });

  const timer = interval({ timeout: tickMs, start: begun, stop: merge([stopped, finished]) });

  $remaining
    .on(begun, (_, ticks) => ticks)
    .on(timer.tick, (ticks) => Math.max(0, ticks - 1))
    .reset(stopped);

  return { started, stopped, $remaining, $counting: $remaining.map((ticks) => ticks > 0) };
}
