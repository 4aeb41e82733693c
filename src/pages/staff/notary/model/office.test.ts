import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { NotaryDeskDetail } from '@contracts';
import { navigateFx } from '@/shared/routing';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { acceptFx, notaryDetailFx, notaryQueueFx, transferRejectFx, voidFx } from '../api/office';
import { actions, actionsFor, NotaryDetailGate } from './detail';
import { drafts, NotaryQueueGate, stateChanged } from './queue';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const order = (state: NotaryDeskDetail['state']): NotaryDeskDetail =>
  ({ id: 8, orderNo: 'N8', state, payMethod: 1, money: 20 }) as NotaryDeskDetail;

describe('notary office models', () => {
  it('the queue by state, and by order number and phone once searched', async () => {
    const queue = vi.fn(() => ({ count: 0, list: [] }));
    const scope = fork({ handlers: [[notaryQueueFx, queue]] });
    await allSettled(NotaryQueueGate.open, { scope, params: {} });
    expect(queue).toHaveBeenLastCalledWith({ page: 1, state: '', orderNo: '', phone: '' });
    await allSettled(stateChanged, { scope, params: 'waiting' });
    await allSettled(drafts.draftChanged, { scope, params: { orderNo: 'N8 ', phone: '139' } });
    expect(queue).toHaveBeenLastCalledWith({ page: 1, state: 'waiting', orderNo: '', phone: '' });
    await allSettled(drafts.draftsSubmitted, { scope });
    expect(queue).toHaveBeenLastCalledWith({ page: 1, state: 'waiting', orderNo: 'N8', phone: '139' });
  });

  it('what each state allows', () => {
    expect(actionsFor('waiting')).toEqual({ confirmed: ['accept'], reasoned: ['fail', 'void'] });
    expect(actionsFor('accepted')).toEqual({ confirmed: ['complete'], reasoned: ['fail', 'void'] });
    expect(actionsFor('transfer')).toEqual({ confirmed: ['transferConfirm'], reasoned: ['transferReject'] });
    expect(actionsFor('succeeded')).toEqual({ confirmed: [], reasoned: [] });
  });

  it('accept after a yes and read again; void with a reason; a rejected transfer goes back to the queue', async () => {
    const read = vi.fn(() => order('waiting'));
    const accept = vi.fn(() => null);
    const voidCall = vi.fn(() => null);
    const reject = vi.fn(() => null);
    const navigate = vi.fn();
    const scope = fork({
      handlers: [
        [notaryDetailFx, read],
        [acceptFx, accept],
        [voidFx, voidCall],
        [transferRejectFx, reject],
        [showConfirmFx, () => true],
        [showToastFx, vi.fn()],
        [navigateFx, navigate],
      ],
    });
    await allSettled(NotaryDetailGate.open, { scope, params: { id: 8 } });
    expect(read).toHaveBeenCalledTimes(1);
    await allSettled(actions.accept.clicked, { scope, params: order('waiting') });
    expect(accept).toHaveBeenCalledWith(8);
    expect(read).toHaveBeenCalledTimes(2);

    await allSettled(actions.void.opened, { scope, params: order('accepted') });
    await allSettled(actions.void.form.fieldChanged, { scope, params: { name: 'reason', value: 'withdrawn' } });
    await allSettled(actions.void.submitted, { scope });
    expect(voidCall).toHaveBeenCalledWith({ id: 8, reason: 'withdrawn' });

    await allSettled(actions.transferReject.opened, { scope, params: order('transfer') });
    await allSettled(actions.transferReject.form.fieldChanged, { scope, params: { name: 'reason', value: 'not received' } });
    await allSettled(actions.transferReject.submitted, { scope });
    expect(reject).toHaveBeenCalledWith({ id: 8, reason: 'not received' });
    expect(navigate.mock.lastCall?.at(-1)).toEqual({ to: '/staff/notary', replace: true });
    expect(read).toHaveBeenCalledTimes(3);
  });
});
