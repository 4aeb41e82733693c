/** All time-dependent rules read the time through this, so tests can move it forward. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to (tests). */
export const MANUAL_CLOCK_START = '2025-01-06T01:00:00.000Z';

export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string = MANUAL_CLOCK_START) {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(to: Date | string): void {
    this.#ms = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}
