import { createQuery } from '@farfetched/core';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { createListScreen } from './screen';

type Params = { page: number; state: string; code: string; text: string };

function setup(drafts: boolean) {
  const handler = vi.fn((params: Params) => Promise.resolve({ list: [params.page], count: 25 }));
  const list = createListScreen({
    query: createQuery({ handler }),
    pageSize: 10,
    filters: { range: null, text: '', state: '', code: '' },
    ...(drafts ? { drafts: { code: '' } } : {}),
    toParams: ({ state, code, text }, page): Params => ({ page, state, code, text }),
  });
  return { list, handler, scope: fork() };
}

describe('createListScreen', () => {
  it('loads while its gate is open; a select applies at once from page 1; typed filters on search, trimmed', async () => {
    const { list, handler, scope } = setup(true);
    await allSettled(list.pageChanged, { scope, params: 2 });
    expect(handler).not.toHaveBeenCalled();
    await allSettled(list.Gate.open, { scope, params: {} });
    expect(handler).toHaveBeenLastCalledWith({ page: 2, state: '', code: '', text: '' });
    expect(scope.getState(list.$pages)).toBe(3);
    await allSettled(list.fieldChanged('state'), { scope, params: 'open' });
    expect(handler).toHaveBeenLastCalledWith({ page: 1, state: 'open', code: '', text: '' });
    await allSettled(list.drafts.draftChanged, { scope, params: { code: ' A1 ' } });
    expect(handler).toHaveBeenLastCalledWith({ page: 1, state: 'open', code: '', text: '' });
    await allSettled(list.searchSubmitted, { scope });
    expect(handler).toHaveBeenLastCalledWith({ page: 1, state: 'open', code: 'A1', text: '' });
    await allSettled(list.resetClicked, { scope });
    expect(handler).toHaveBeenLastCalledWith({ page: 1, state: '', code: '', text: '' });
    expect(scope.getState(list.drafts.$drafts)).toEqual({ code: '' });
  });

  it("without typed filters the search applies the list's own text", async () => {
    const { list, handler, scope } = setup(false);
    await allSettled(list.Gate.open, { scope, params: {} });
    await allSettled(list.textChanged, { scope, params: ' wang ' });
    await allSettled(list.searchSubmitted, { scope });
    expect(handler).toHaveBeenLastCalledWith({ page: 1, state: '', code: '', text: 'wang' });
    await allSettled(list.Gate.close, { scope, params: {} });
    const calls = handler.mock.calls.length;
    await allSettled(list.retryClicked, { scope });
    expect(handler).toHaveBeenCalledTimes(calls);
  });
});
