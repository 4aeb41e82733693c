import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { faceQueryFx } from '@/entities/kyc';
import { ApiError } from '@/shared/api';
import { navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { $qrValue, $state, doneClicked, FACE_POLL_MS, FaceKycGate } from './face-kyc';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const pending = () => new ApiError({ code: 202, message: 'waiting' });

function setup(answers: (() => unknown)[]) {
  const query = vi.fn(() => {
    const next = answers.shift() ?? pending;
    const result = next();
    return result instanceof ApiError ? Promise.reject(result) : Promise.resolve(result);
  });
  const toast = vi.fn();
  const navigate = vi.fn();
  const scope = fork({
    handlers: [
      [faceQueryFx, query],
      [showToastFx, toast],
      [navigateFx, navigate],
    ],
  });
  return { scope, query, toast, navigate };
}

const ORIGIN = 'https://our.site';
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('location', { origin: ORIGIN });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('face verification wait page', () => {
  it('asks every 3 seconds while waiting, then shows success on 200 and stops', async () => {
    const { scope, query, toast, navigate } = setup([pending, pending, () => ({ status: 'passed' })]);
    const opened = allSettled(FaceKycGate.open, { scope, params: { url: '/sandbox/face?certify_id=abc', certifyId: 'abc' } });
    expect(scope.getState($qrValue)).toMatch(/\/sandbox\/face\?certify_id=abc$/);
    await vi.advanceTimersByTimeAsync(FACE_POLL_MS - 1);
    expect(query).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(query).toHaveBeenCalledTimes(1);
    expect(query).toHaveBeenLastCalledWith('abc');
    expect(scope.getState($state)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(FACE_POLL_MS * 2);
    expect(query).toHaveBeenCalledTimes(3);
    expect(scope.getState($state)).toBe('passed');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
    await vi.advanceTimersByTimeAsync(FACE_POLL_MS * 5);
    expect(query).toHaveBeenCalledTimes(3);
    await opened;
    await allSettled(doneClicked, { scope });
    expect(navigate.mock.lastCall?.at(-1)).toBe('/personage-kyc');
  });

  it('stops silently on 400', async () => {
    const { scope, query, toast } = setup([pending, () => new ApiError({ code: 400, message: 'failed' })]);
    const opened = allSettled(FaceKycGate.open, { scope, params: { url: '/sandbox/face?certify_id=x', certifyId: 'x' } });
    await vi.advanceTimersByTimeAsync(FACE_POLL_MS * 2);
    expect(scope.getState($state)).toBe('stopped');
    await vi.advanceTimersByTimeAsync(FACE_POLL_MS * 5);
    expect(query).toHaveBeenCalledTimes(2);
    expect(toast).not.toHaveBeenCalled();
    await opened;
  });

  it('keeps asking after a network failure', async () => {
    const { scope, query } = setup([() => new ApiError({ code: -1, message: 'offline', network: true }), () => ({ status: 'passed' })]);
    const opened = allSettled(FaceKycGate.open, { scope, params: { url: '/u', certifyId: 'y' } });
    await vi.advanceTimersByTimeAsync(FACE_POLL_MS * 2);
    expect(query).toHaveBeenCalledTimes(2);
    expect(scope.getState($state)).toBe('passed');
    await opened;
  });

  it('stops when the page closes', async () => {
    const { scope, query } = setup([]);
    const opened = allSettled(FaceKycGate.open, { scope, params: { url: '/u', certifyId: 'z' } });
    await vi.advanceTimersByTimeAsync(FACE_POLL_MS);
    await allSettled(FaceKycGate.close, { scope, params: { url: '/u', certifyId: 'z' } });
    await vi.advanceTimersByTimeAsync(FACE_POLL_MS * 3);
    expect(query).toHaveBeenCalledTimes(1);
    await opened;
  });

  it.each([
    ['https://evil.example/sandbox/face?certify_id=a'],
    ['//evil.example/sandbox/face?certify_id=a'],
    ['/.//evil.example'],
    ['data:text/html,<h1>x</h1>'],
    ['javascript:alert(1)'],
    ['/sandbox/face/../../login'],
    [''],
  ])('shows no QR code and no link for %j', async (url) => {
    const { scope } = setup([]);
    await allSettled(FaceKycGate.open, { scope, params: { url, certifyId: '' } });
    expect(scope.getState($qrValue)).toBe('');
  });

  it('shows the sandbox face page of this site as an absolute address', async () => {
    const { scope } = setup([]);
    await allSettled(FaceKycGate.open, { scope, params: { url: '/sandbox/./face?certify_id=q', certifyId: '' } });
    expect(scope.getState($qrValue)).toBe(`${ORIGIN}/sandbox/face?certify_id=q`);
  });
});
