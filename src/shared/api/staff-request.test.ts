import { allSettled, createWatch, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { $authToken, noticeShown, requestFx, sessionExpired } from './request';
import { $staffToken, staffApi, staffRequestFx, staffSessionExpired, staffTokenChanged } from './staff-request';

function record<T>(unit: Parameters<typeof createWatch<T>>[0]['unit'], scope: ReturnType<typeof fork>) {
  const seen: T[] = [];
  createWatch({ unit, scope, fn: (value: T) => seen.push(value) });
  return seen;
}

const meFx = staffApi.get('/staff/me');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the staff transport', () => {
  it("sends the staff token as 'Staff <token>', never the user's Bearer token", async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ code: 200, msg: '', data: { id: 1 } }))));
    vi.stubGlobal('fetch', fetchMock);
    const scope = fork({ values: [[$authToken, 'user-token']] });
    await allSettled(staffTokenChanged, { scope, params: 'staff-token' });
    const result = await allSettled(meFx, { scope });
    expect(result).toEqual({ status: 'done', value: { id: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/staff/me');
    expect((init.headers as Record<string, string>).Authorization).toBe('Staff staff-token');
    expect(scope.getState($staffToken)).toBe('staff-token');
  });

  it("an ended staff session raises staffSessionExpired with the server's words, not the user's expiry", async () => {
    const scope = fork({ handlers: [[staffRequestFx, () => Promise.reject(new ApiError({ code: 408, message: 'staff over' }))]] });
    const staffExpired = record(staffSessionExpired, scope);
    const userExpired = record(sessionExpired, scope);
    const notices = record(noticeShown, scope);
    await allSettled(meFx, { scope });
    expect(staffExpired).toEqual([{ text: 'staff over' }]);
    expect(userExpired).toEqual([]);
    expect(notices).toEqual([]);
  });

  it("a role's refusal is a toast and the session stays", async () => {
    const scope = fork({ handlers: [[staffRequestFx, () => Promise.reject(new ApiError({ code: 403, message: 'not yours' }))]] });
    const staffExpired = record(staffSessionExpired, scope);
    const notices = record(noticeShown, scope);
    await allSettled(meFx, { scope });
    expect(notices).toEqual([{ type: 'error', text: 'not yours' }]);
    expect(staffExpired).toEqual([]);
  });

  it("a user call's 408 does not end the staff session", async () => {
    const scope = fork({ handlers: [[requestFx, () => Promise.reject(new ApiError({ code: 408, message: 'x' }))]] });
    const staffExpired = record(staffSessionExpired, scope);
    await allSettled(requestFx, { scope, params: { method: 'GET', path: '/user/getUserInfo' } });
    expect(staffExpired).toEqual([]);
  });
});
