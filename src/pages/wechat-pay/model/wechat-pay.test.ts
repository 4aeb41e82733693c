import { allSettled, createWatch, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $authToken, ApiError } from '@/shared/api';
import { navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { wxIsPayFx } from '@/entities/order';
import { userInfoRefreshRequested } from '@/entities/session';
import { $outcome, WECHAT_POLL_MS, WeChatPayGate } from './wechat-pay';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

type Answer = { isPay: 0 | 1; status: 1 | 2 | 3 | 4 } | ApiError;

function setup(answers: Answer[], token = 'signed-in') {
  let call = 0;
  const isPay = vi.fn(() => {
    const answer = answers[Math.min(call, answers.length - 1)] ?? { isPay: 0, status: 1 };
    call += 1;
    return answer instanceof ApiError ? Promise.reject(answer) : Promise.resolve({ order_no: 'R1', ...answer });
  });
  const navigate = vi.fn();
  const toast = vi.fn();
  const scope = fork({
    values: [[$authToken, token]],
    handlers: [
      [wxIsPayFx, isPay],
      [navigateFx, navigate],
      [showToastFx, toast],
    ],
  });
  return { scope, isPay, navigate, toast };
}

const tick = async () => {
  await vi.advanceTimersByTimeAsync(WECHAT_POLL_MS);
};

describe('WeChat QR page model', () => {
  it('asks at once and every 3 seconds; when paid: refreshes the user, toasts, goes to /orders, stops', async () => {
    const { scope, isPay, navigate, toast } = setup([
      { isPay: 0, status: 1 },
      { isPay: 0, status: 1 },
      { isPay: 1, status: 2 },
    ]);
    let refreshed = 0;
    const unwatch = createWatch({ unit: userInfoRefreshRequested, scope, fn: () => (refreshed += 1) });
    const settled = allSettled(WeChatPayGate.open, { scope, params: { orderNo: 'R1' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(isPay).toHaveBeenCalledTimes(1);
    await tick();
    expect(isPay).toHaveBeenCalledTimes(2);
    await tick();
    expect(isPay).toHaveBeenCalledTimes(3);
    expect(scope.getState($outcome)).toBe('paid');
    expect(navigate.mock.lastCall?.at(-1)).toEqual({ to: '/orders', replace: true });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
    expect(refreshed).toBe(1);
    await tick();
    await tick();
    expect(isPay).toHaveBeenCalledTimes(3);
    await settled;
    unwatch();
  });

  it('stops asking when the page is left', async () => {
    const { scope, isPay } = setup([{ isPay: 0, status: 1 }]);
    const settled = allSettled(WeChatPayGate.open, { scope, params: { orderNo: 'R1' } });
    await vi.advanceTimersByTimeAsync(0);
    await tick();
    expect(isPay).toHaveBeenCalledTimes(2);
    await allSettled(WeChatPayGate.close, { scope, params: { orderNo: 'R1' } });
    await tick();
    await tick();
    expect(isPay).toHaveBeenCalledTimes(2);
    await settled;
  });

  it('stops and says so when the order was cancelled or expired', async () => {
    const { scope, isPay, navigate } = setup([{ isPay: 0, status: 4 }]);
    await allSettled(WeChatPayGate.open, { scope, params: { orderNo: 'R1' } });
    expect(scope.getState($outcome)).toBe('closed');
    await tick();
    expect(isPay).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks nothing when nobody is signed in, and says how to check instead', async () => {
    const { scope, isPay } = setup([{ isPay: 1, status: 2 }], '');
    await allSettled(WeChatPayGate.open, { scope, params: { orderNo: 'R1' } });
    await tick();
    await tick();
    expect(isPay).not.toHaveBeenCalled();
    expect(scope.getState($outcome)).toBe('signedOut');
    await allSettled(WeChatPayGate.close, { scope, params: { orderNo: 'R1' } });
  });

  it("stops when the order is not the visitor's (it answers as missing)", async () => {
    const { scope, isPay, navigate } = setup([new ApiError({ code: 400, message: 'missing' })]);
    await allSettled(WeChatPayGate.open, { scope, params: { orderNo: 'R9' } });
    expect(scope.getState($outcome)).toBe('unknown');
    await tick();
    await tick();
    expect(isPay).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps asking after a lost connection', async () => {
    const { scope, isPay } = setup([new ApiError({ code: 0, message: 'offline', network: true }), { isPay: 1, status: 2 }]);
    const settled = allSettled(WeChatPayGate.open, { scope, params: { orderNo: 'R1' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($outcome)).toBe('waiting');
    await tick();
    expect(isPay).toHaveBeenCalledTimes(2);
    expect(scope.getState($outcome)).toBe('paid');
    await settled;
  });
});
