import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { createHandoffFx } from '@/features/handoff-sign-in';
import { handoffUrl } from '../lib/handoff-url';
import { $failed, $handoff, $secondsLeft, HandoffGate } from './handoff';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

describe("the computer's sign-in QR code", () => {
  it('asks for a new code when the shown one expires, and says so when that fails', async () => {
    let calls = 0;
    const scope = fork({
      handlers: [
        [
          createHandoffFx,
          () => {
            calls += 1;
            if (calls > 1) return Promise.reject(new Error('offline'));
            return { code: 'c0de', expiresAt: '2026-01-01 10:00:01', ttl: 1 };
          },
        ],
      ],
    });
    await allSettled(HandoffGate.open, { scope, params: {} });
    expect(calls).toBe(2);
    expect(scope.getState($failed)).toBe(true);
    expect(scope.getState($handoff)).toBeNull();
    expect(scope.getState($secondsLeft)).toBe(0);
  });

  it('holds the address of /newMobile with the code', () => {
    expect(handoffUrl('https://a.example', 'x/y')).toBe('https://a.example/newMobile?handoff=x%2Fy');
  });
});
