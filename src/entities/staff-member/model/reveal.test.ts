import { allSettled, createEffect, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { createReveal, type RevealTarget } from './reveal';

describe('the view original of a masked value', () => {
  it('keeps each value shown by record and field, says which is being asked for, and forgets them on leaving', async () => {
    const revealFx = createEffect<RevealTarget, unknown>();
    const reveal = createReveal(revealFx);
    const asked: RevealTarget[] = [];
    const scope = fork({
      handlers: [
        [
          revealFx,
          (target: RevealTarget) => {
            asked.push(target);
            return { field: target.field, value: target.id === 1 ? '13900000104' : '13800138000' };
          },
        ],
      ],
    });
    await allSettled(reveal.revealClicked, { scope, params: { id: 1, field: 'phone' } });
    await allSettled(reveal.revealClicked, { scope, params: { id: 2, field: 'recipientPhone' } });
    expect(asked).toEqual([
      { id: 1, field: 'phone' },
      { id: 2, field: 'recipientPhone' },
    ]);
    expect(scope.getState(reveal.$values)).toEqual({ '1:phone': '13900000104', '2:recipientPhone': '13800138000' });
    expect(scope.getState(reveal.$asking)).toEqual({ '1:phone': false, '2:recipientPhone': false });
    await allSettled(reveal.cleared, { scope });
    expect(scope.getState(reveal.$values)).toEqual({});
  });

  it('shows nothing in clear when the desk refuses', async () => {
    const revealFx = createEffect<RevealTarget, unknown>();
    const reveal = createReveal(revealFx);
    const scope = fork({
      handlers: [
        [
          revealFx,
          () => {
            throw new Error('forbidden');
          },
        ],
      ],
    });
    await allSettled(reveal.revealClicked, { scope, params: { id: 1, field: 'phone' } });
    expect(scope.getState(reveal.$values)).toEqual({});
    expect(scope.getState(reveal.$asking)).toEqual({ '1:phone': false });
  });
});
