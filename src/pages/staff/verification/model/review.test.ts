import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { KycReviewDetail } from '@contracts';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { kycApproveFx, kycDetailFx, kycQueueFx, kycRefuseFx, kycViewFx } from '../api/review';
import { $detail, $view, approve, refuse, VerificationDetailGate, viewClicked } from './detail';
import { kindChanged, queueList, stateChanged, VerificationQueueGate } from './queue';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const detail = (state: KycReviewDetail['state'] = 'pending'): KycReviewDetail => ({
  id: 5,
  kind: 'document',
  state,
  phone: '13900000000',
  applicant: 'Z*',
  submittedAt: '',
  decidedAt: '',
  reason: '',
  userStatus: 2,
  repairType: 0,
  fields: [{ name: 'contactIdcard', value: '110***********803X' }],
  images: ['authorFront'],
});

describe('verification desk models', () => {
  it('the queue: pending by default, by kind, state and the submitted phone', async () => {
    const queue = vi.fn(() => ({ count: 0, list: [] }));
    const scope = fork({ handlers: [[kycQueueFx, queue]] });
    await allSettled(VerificationQueueGate.open, { scope, params: {} });
    expect(queue).toHaveBeenLastCalledWith({ page: 1, kind: '', state: 'pending', phone: '' });
    await allSettled(kindChanged, { scope, params: 'organization' });
    await allSettled(stateChanged, { scope, params: '' });
    await allSettled(queueList.textChanged, { scope, params: '1390' });
    await allSettled(queueList.textSubmitted, { scope });
    expect(queue).toHaveBeenLastCalledWith({ page: 1, kind: 'organization', state: '', phone: '1390' });
  });

  it('the clear view only on asking; approve after a yes; refuse with a checked reason; each reads the submission again', async () => {
    let state: KycReviewDetail['state'] = 'pending';
    const read = vi.fn(() => detail(state));
    const view = vi.fn(() => ({
      id: 5,
      phone: '13900001111',
      fields: [{ name: 'contactIdcard', value: '11010119900307803X' }],
      images: [],
      expiresIn: 300,
    }));
    const approveCall = vi.fn(() => {
      state = 'approved';
      return null;
    });
    const refuseCall = vi.fn(() => null);
    const toast = vi.fn();
    const scope = fork({
      handlers: [
        [kycDetailFx, read],
        [kycViewFx, view],
        [kycApproveFx, approveCall],
        [kycRefuseFx, refuseCall],
        [showConfirmFx, () => true],
        [showToastFx, toast],
      ],
    });
    await allSettled(VerificationDetailGate.open, { scope, params: { id: 5 } });
    expect(read).toHaveBeenCalledWith(5);
    expect(view).not.toHaveBeenCalled();
    await allSettled(viewClicked, { scope });
    expect(view).toHaveBeenCalledWith(5);
    expect(scope.getState($view)?.fields[0]?.value).toBe('11010119900307803X');

    await allSettled(refuse.opened, { scope, params: detail() });
    await allSettled(refuse.submitted, { scope });
    expect(refuseCall).not.toHaveBeenCalled();
    expect(scope.getState(refuse.form.$errors)).toEqual({ reason: 'required|staffReason' });
    await allSettled(refuse.form.fieldChanged, { scope, params: { name: 'reason', value: ' blurred photo ' } });
    await allSettled(refuse.submitted, { scope });
    expect(refuseCall).toHaveBeenCalledWith({ id: 5, reason: 'blurred photo' });
    expect(scope.getState(refuse.$subject)).toBeNull();

    await allSettled(approve.clicked, { scope, params: detail() });
    expect(approveCall).toHaveBeenCalledWith(5);
    expect(scope.getState($detail)?.state).toBe('approved');
    expect(read).toHaveBeenCalledTimes(3);
    expect(toast).toHaveBeenCalledTimes(2);
  });
});
