import { allSettled, createEvent, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { createFilterDrafts } from './drafts';

describe('createFilterDrafts', () => {
  it('applies the drafts together, trimmed, on submit only; clears with the list', async () => {
    const apply = createEvent<Partial<{ orderNo: string; phone: string }>>();
    const clear = createEvent();
    const applied: unknown[] = [];
    apply.watch((value) => applied.push(value));
    const drafts = createFilterDrafts({ empty: { orderNo: '', phone: '' }, apply, clear: [clear] });
    const scope = fork();
    await allSettled(drafts.draftChanged, { scope, params: { orderNo: ' N1 ' } });
    await allSettled(drafts.draftChanged, { scope, params: { phone: '139' } });
    expect(applied).toEqual([]);
    await allSettled(drafts.draftsSubmitted, { scope });
    expect(applied).toEqual([{ orderNo: 'N1', phone: '139' }]);
    await allSettled(clear, { scope });
    expect(scope.getState(drafts.$drafts)).toEqual({ orderNo: '', phone: '' });
  });
});
