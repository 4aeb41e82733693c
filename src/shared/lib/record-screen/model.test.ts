import { createMutation, createQuery } from '@farfetched/core';
import { allSettled, createEvent, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { showToastFx } from '../../ui/toast';
import { afterMutations, createRecordScreen } from './model';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

describe('createRecordScreen and afterMutations', () => {
  it('reads the record of the page id when shown, again on retry and on another id; forgets it when closed', async () => {
    let fail = false;
    const handler = vi.fn((id: number) => (fail ? Promise.reject(new Error('x')) : Promise.resolve({ id })));
    const record = createRecordScreen(createQuery({ handler }));
    const scope = fork();
    await allSettled(record.Gate.open, { scope, params: { id: 0 } });
    expect(handler).not.toHaveBeenCalled();
    await allSettled(record.Gate.open, { scope, params: { id: 4 } });
    expect(handler).toHaveBeenLastCalledWith(4);
    expect(scope.getState(record.$detail)).toEqual({ id: 4 });
    fail = true;
    await allSettled(record.retryClicked, { scope });
    expect(scope.getState(record.$failed)).toBe(true);
    await allSettled(record.Gate.close, { scope, params: { id: 4 } });
    expect(scope.getState(record.$detail)).toBeNull();
  });

  it('a toast after each mutation, then the record again, or elsewhere for the kinds that leave', async () => {
    const ok = createMutation({ handler: (_: number) => Promise.resolve(null) });
    const leave = createMutation({ handler: (_: number) => Promise.resolve(null) });
    const then = createEvent();
    const away = createEvent();
    const thenSeen = vi.fn();
    const awaySeen = vi.fn();
    then.watch(thenSeen);
    away.watch(awaySeen);
    afterMutations({ mutations: { ok, leave }, done: (kind) => `done ${kind}`, then, elsewhere: { leave: away } });
    const toast = vi.fn();
    const scope = fork({ handlers: [[showToastFx, toast]] });
    await allSettled(ok.start, { scope, params: 1 });
    expect(toast).toHaveBeenLastCalledWith({ type: 'success', text: 'done ok' });
    expect(thenSeen).toHaveBeenCalledTimes(1);
    await allSettled(leave.start, { scope, params: 1 });
    expect(toast).toHaveBeenLastCalledWith({ type: 'success', text: 'done leave' });
    expect(awaySeen).toHaveBeenCalledTimes(1);
    expect(thenSeen).toHaveBeenCalledTimes(1);
  });
});
