import { createQuery } from '@farfetched/core';
import { allSettled, createEvent, createStore, fork } from 'effector';
import { createGate } from 'effector-react';
import { describe, expect, it, vi } from 'vitest';
import { createPagedList, type DayRange } from './model';

type Params = { page: number; kind: string; text?: string; from?: number; tab: number };

function setup(answer: (params: Params) => { list: number[]; count: number } | Error) {
  const calls: Params[] = [];
  const handler = vi.fn((params: Params) => {
    calls.push(params);
    const result = answer(params);
    return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
  });
  const query = createQuery({ handler });
  const Gate = createGate();
  const tabChanged = createEvent<number>();
  const $tab = createStore(1).on(tabChanged, (_, tab) => tab);
  const somethingDone = createEvent();
  const list = createPagedList({
    gate: Gate,
    query,
    pageSize: 10,
    filters: { range: null as DayRange | null, text: '', kind: '' },
    context: $tab,
    reloadOn: [somethingDone],
    toParams: ({ kind, text, range }, page, tab): Params => ({
      page,
      kind,
      tab,
      ...(text ? { text } : {}),
      ...(range?.[0] ? { from: range[0].getDate() } : {}),
    }),
  });
  return { list, calls, scope: fork(), Gate, tabChanged, somethingDone };
}

describe('createPagedList', () => {
  it('loads when opened, not before; counts pages; tells loading, rows, empty and error apart', async () => {
    let fail = false;
    let count = 25;
    const { list, calls, scope, Gate } = setup(() => (fail ? new Error('boom') : { list: count ? [1, 2] : [], count }));
    expect(scope.getState(list.$view)).toBe('loading');
    await allSettled(list.pageChanged, { scope, params: 2 });
    expect(calls).toEqual([]);
    await allSettled(Gate.open, { scope, params: {} });
    expect(calls.at(-1)).toEqual({ page: 2, kind: '', tab: 1 });
    expect(scope.getState(list.$pages)).toBe(3);
    expect(scope.getState(list.$view)).toBe('rows');
    fail = true;
    await allSettled(list.retryClicked, { scope });
    expect(scope.getState(list.$view)).toBe('error');
    expect(scope.getState(list.$list)).toEqual([]);
    fail = false;
    count = 0;
    await allSettled(list.retryClicked, { scope });
    expect(scope.getState(list.$view)).toBe('empty');
  });

  it('applies filters from page 1: fields at once, the text on submit (trimmed), the range once both days are chosen', async () => {
    const { list, calls, scope, Gate } = setup(() => ({ list: [1], count: 40 }));
    await allSettled(Gate.open, { scope, params: {} });
    await allSettled(list.pageChanged, { scope, params: 3 });
    await allSettled(list.filtersChanged, { scope, params: { kind: 'a' } });
    expect(calls.at(-1)).toEqual({ page: 1, kind: 'a', tab: 1 });
    expect(scope.getState(list.$filtered)).toBe(true);
    await allSettled(list.textChanged, { scope, params: '  x ' });
    expect(calls.at(-1)).toEqual({ page: 1, kind: 'a', tab: 1 });
    await allSettled(list.textSubmitted, { scope });
    expect(calls.at(-1)).toEqual({ page: 1, kind: 'a', tab: 1, text: 'x' });
    const before = calls.length;
    await allSettled(list.rangeChanged, { scope, params: [new Date(2025, 0, 6), null] });
    expect(calls).toHaveLength(before);
    await allSettled(list.rangeChanged, { scope, params: [new Date(2025, 0, 6), new Date(2025, 0, 8)] });
    expect(calls.at(-1)).toMatchObject({ page: 1, from: 6 });
    await allSettled(list.resetClicked, { scope });
    expect(calls.at(-1)).toEqual({ page: 1, kind: '', tab: 1 });
    expect(scope.getState(list.$filtered)).toBe(false);
    expect(scope.getState(list.$textDraft)).toBe('');
  });

  it('a context change clears filters and page; the caller events reload only while shown; an emptied last page goes back one', async () => {
    let lastPageEmpty = false;
    const { list, calls, scope, Gate, tabChanged, somethingDone } = setup(({ page }) => ({
      list: lastPageEmpty && page === 3 ? [] : [1],
      count: 25,
    }));
    await allSettled(Gate.open, { scope, params: {} });
    await allSettled(list.filtersChanged, { scope, params: { kind: 'b' } });
    await allSettled(list.pageChanged, { scope, params: 3 });
    await allSettled(tabChanged, { scope, params: 2 });
    expect(calls.at(-1)).toEqual({ page: 1, kind: '', tab: 2 });
    await allSettled(list.pageChanged, { scope, params: 3 });
    lastPageEmpty = true;
    await allSettled(somethingDone, { scope });
    expect(calls.at(-1)).toEqual({ page: 2, kind: '', tab: 2 });
    await allSettled(Gate.close, { scope, params: {} });
    const before = calls.length;
    await allSettled(somethingDone, { scope });
    expect(calls).toHaveLength(before);
    expect(scope.getState(list.$page)).toBe(1);
  });
});
