import { allSettled, createStore, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { createCountdown } from './create-countdown';

describe('createCountdown', () => {
  it('counts down to zero and stops', async () => {
    const countdown = createCountdown({ tickMs: 5 });
    const $seen = createStore<number[]>([]).on(countdown.$remaining.updates, (list, n) => [...list, n]);
    const scope = fork();
    await allSettled(countdown.started, { scope, params: 3 });
    expect(scope.getState($seen)).toEqual([3, 2, 1, 0]);
    expect(scope.getState(countdown.$counting)).toBe(false);
  });

  it('ignores a start of zero', async () => {
    const countdown = createCountdown({ tickMs: 5 });
    const scope = fork();
    await allSettled(countdown.started, { scope, params: 0 });
    expect(scope.getState(countdown.$remaining)).toBe(0);
  });

  it('can be stopped early', async () => {
    const countdown = createCountdown({ tickMs: 20 });
    const scope = fork();
    const running = allSettled(countdown.started, { scope, params: 100 });
    expect(scope.getState(countdown.$counting)).toBe(true);
    await allSettled(countdown.stopped, { scope });
    await running;
    expect(scope.getState(countdown.$remaining)).toBe(0);
  });
});
