import { allSettled, createWatch, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createApiEffect, noticeShown, requestFx, sessionExpired } from './request';

function record<T>(unit: Parameters<typeof createWatch<T>>[0]['unit'], scope: ReturnType<typeof fork>) {
  const seen: T[] = [];
  createWatch({ unit, scope, fn: (value: T) => seen.push(value) });
  return seen;
}

describe('request model: the error catalogue wired to every call', () => {
  const callFx = createApiEffect(() => ({ method: 'POST', path: '/anything' }));

  it('toasts the server msg of a failed call', async () => {
    const scope = fork({ handlers: [[requestFx, () => Promise.reject(new ApiError({ code: 400, message: 'bad input' }))]] });
    const notices = record(noticeShown, scope);
    await allSettled(callFx, { scope });
    expect(notices).toEqual([{ type: 'error', text: 'bad input' }]);
  });

  it('raises sessionExpired on 408 and shows no toast', async () => {
    const scope = fork({ handlers: [[requestFx, () => Promise.reject(new ApiError({ code: 408, message: 'x' }))]] });
    const notices = record(noticeShown, scope);
    const expired = record(sessionExpired, scope);
    await allSettled(callFx, { scope });
    expect(notices).toEqual([]);
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ reload: false });
  });

  it('keeps quiet on 401', async () => {
    const scope = fork({ handlers: [[requestFx, () => Promise.reject(new ApiError({ code: 401, message: 'x' }))]] });
    const notices = record(noticeShown, scope);
    const expired = record(sessionExpired, scope);
    await allSettled(callFx, { scope });
    expect(notices).toEqual([]);
    expect(expired).toEqual([]);
  });

  it('says nothing when the call succeeds', async () => {
    const scope = fork({ handlers: [[requestFx, () => ({ fine: true })]] });
    const notices = record(noticeShown, scope);
    const result = await allSettled(callFx, { scope });
    expect(result).toEqual({ status: 'done', value: { fine: true } });
    expect(notices).toEqual([]);
  });
});
