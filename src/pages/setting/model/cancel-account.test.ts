import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CancellationStatus } from '@contracts';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { applyCancellationFx, cancellationStatusFx, sendCancelCodeFx, withdrawCancellationFx } from '../api/cancel-account';
import {
  $cancellation,
  $resendRemaining,
  $smsCode,
  CancelAccountGate,
  codeRequested,
  confirmed,
  obligationHref,
  smsCodeChanged,
  withdrawn,
} from './cancel-account';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({ translate: (key: string) => key }));

const none: CancellationStatus = {
  state: 'none',
  requestedAt: null,
  dueAt: null,
  coolingOffDays: 15,
  obligations: [],
  evidenceCount: 3,
};
const pending: CancellationStatus = { ...none, state: 'pending', requestedAt: '2026-11-26T06:00:00Z', dueAt: '2026-12-11T06:00:00Z' };

function setup(statuses: CancellationStatus[], { agree = true, resendAfter = 60 } = {}) {
  const toast = vi.fn();
  const confirm = vi.fn((): boolean | Promise<boolean> => agree);
  const status = vi.fn(() => statuses.shift() ?? none);
  const send = vi.fn(() => ({ resendAfter }));
  const apply = vi.fn((_code: string) => pending);
  const withdraw = vi.fn(() => none);
  const scope = fork({
    handlers: [
      [showToastFx, toast],
      [showConfirmFx, confirm],
      [cancellationStatusFx, status],
      [sendCancelCodeFx, send],
      [applyCancellationFx, apply],
      [withdrawCancellationFx, withdraw],
    ],
  });
  return { scope, toast, confirm, status, send, apply, withdraw };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('account cancellation on /setting', () => {
  it('reads where the account stands when the card opens', async () => {
    const { scope, status } = setup([none]);
    await allSettled(CancelAccountGate.open, { scope, params: {} });
    expect(status).toHaveBeenCalledTimes(1);
    expect(scope.getState($cancellation)).toEqual(none);
  });

  it('sends a code, then counts down the wait the server gives before another can be asked for', async () => {
    vi.useFakeTimers();
    const { scope, send, toast } = setup([none], { resendAfter: 3 });
    const counting = allSettled(codeRequested, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: 'accountCancellation:codeSent' });
    expect(scope.getState($resendRemaining)).toBe(3);
    // Pressed again while counting: nothing is sent.
    void allSettled(codeRequested, { scope });
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(scope.getState($resendRemaining)).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    await counting;
    expect(scope.getState($resendRemaining)).toBe(0);
    void allSettled(codeRequested, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps only six digits of the code, and confirms only a whole code', async () => {
    const { scope, apply, confirm } = setup([none]);
    await allSettled(smsCodeChanged, { scope, params: ' 12a34-5 ' });
    expect(scope.getState($smsCode)).toBe('12345');
    await allSettled(confirmed, { scope });
    expect(confirm).not.toHaveBeenCalled();
    expect(apply).not.toHaveBeenCalled();
    await allSettled(smsCodeChanged, { scope, params: '1234567' });
    expect(scope.getState($smsCode)).toBe('123456');
  });

  it('confirms with the code once the dialog is agreed to: pending, the code cleared, the status read again, a toast', async () => {
    const { scope, apply, confirm, status, toast } = setup([none, pending]);
    await allSettled(CancelAccountGate.open, { scope, params: {} });
    await allSettled(smsCodeChanged, { scope, params: '654321' });
    await allSettled(confirmed, { scope });
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'accountCancellation:confirmTitle', content: 'accountCancellation:confirmText', danger: true }),
    );
    expect(apply).toHaveBeenCalledWith('654321');
    expect(status).toHaveBeenCalledTimes(2);
    expect(scope.getState($cancellation)?.state).toBe('pending');
    expect(scope.getState($smsCode)).toBe('');
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: 'accountCancellation:applied' });
  });

  it('opens one dialog and sends one request however often confirm is pressed', async () => {
    const { scope, apply, confirm } = setup([none, pending]);
    let answer: (agreed: boolean) => void = () => undefined;
    confirm.mockImplementation(() => new Promise<boolean>((resolve) => (answer = resolve)));
    await allSettled(smsCodeChanged, { scope, params: '654321' });
    void allSettled(confirmed, { scope });
    void allSettled(confirmed, { scope });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(confirm).toHaveBeenCalledTimes(1);
    answer(true);
    await allSettled(scope);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('applies nothing when the dialog is dismissed, and keeps the code', async () => {
    const { scope, apply } = setup([none], { agree: false });
    await allSettled(smsCodeChanged, { scope, params: '654321' });
    await allSettled(confirmed, { scope });
    expect(apply).not.toHaveBeenCalled();
    expect(scope.getState($smsCode)).toBe('654321');
  });

  it('withdraws a pending cancellation', async () => {
    const { scope, withdraw, toast } = setup([pending, none]);
    await allSettled(CancelAccountGate.open, { scope, params: {} });
    expect(scope.getState($cancellation)?.state).toBe('pending');
    await allSettled(withdrawn, { scope });
    expect(withdraw).toHaveBeenCalledTimes(1);
    expect(scope.getState($cancellation)?.state).toBe('none');
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: 'accountCancellation:withdrawn' });
  });

  it('links each open obligation to where it is finished or withdrawn', () => {
    expect(obligationHref({ kind: 'order', ref: 'R1', id: null })).toBe('/orders');
    expect(obligationHref({ kind: 'invoice', ref: 'F1', id: null })).toBe('/invoice');
    expect(obligationHref({ kind: 'notary', ref: 'N1', id: 42 })).toBe('/notary/detail?orderId=42&goBackUrl=%2Fsetting');
  });
});
