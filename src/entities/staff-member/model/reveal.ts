import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { createEvent, createStore, sample, type Effect } from 'effector';
import { staffRevealResponse } from '@contracts';

export type RevealTarget = { id: number; field: string };
export type Reveal = ReturnType<typeof createReveal>;

const keyOf = ({ id, field }: RevealTarget) => `${id}:${field}`;

/**
 * The audited "view original" of one masked value on a desk (`POST /api/staff/<desk>/reveal {id, field}`): the
 * values shown in clear so far on the page, by record and field, and which are being asked for. The server writes
 * the view to the audit log before it answers; a refusal is shown by the console's error notice.
 */
export function createReveal(effect: Effect<RevealTarget, unknown, unknown>) {
  const mutation = createMutation({ effect, contract: zodContract(staffRevealResponse) });
  const revealClicked = createEvent<RevealTarget>();
  /** Forget what was shown (leaving the page). */
  const cleared = createEvent();
  const $values = createStore<Record<string, string>>({})
    .on(mutation.finished.success, (values, { params, result }) => ({ ...values, [keyOf(params)]: result.value }))
    .reset(cleared);
  const $asking = createStore<Record<string, boolean>>({})
    .on(revealClicked, (asking, target) => ({ ...asking, [keyOf(target)]: true }))
    .on(mutation.finished.finally, (asking, { params }) => ({ ...asking, [keyOf(params)]: false }))
    .reset(cleared);
  sample({ clock: revealClicked, target: mutation.start });
  return { revealClicked, cleared, $values, $asking, keyOf };
}
