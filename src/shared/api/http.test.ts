import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { PAGE_PATH_HEADER, sendRequest } from './http';

type Seen = { url: string; init: RequestInit };

const urlOf = (input: string | URL | Request) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

function fakeFetch(answer: () => Response | Promise<Response>, seen: Seen[]): typeof fetch {
  return async (input, init) => {
    seen.push({ url: urlOf(input), init: init ?? {} });
    return answer();
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const transport = { baseUrl: '/api', token: 'secret', pagePath: '/setting?tab=1' };

describe('sendRequest', () => {
  it('sends a url-encoded body with the bearer token and the page path, and unwraps data', async () => {
    const seen: Seen[] = [];
    const data = await sendRequest(
      { method: 'POST', path: '/News/read', body: { newsId: [1, 2, 3], skip: undefined, page: 2 } },
      transport,
      fakeFetch(() => json({ code: 200, msg: 'ok', data: { done: true } }), seen),
    );
    expect(data).toEqual({ done: true });
    expect(seen[0]!.url).toBe('/api/News/read');
    const headers = seen[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer secret');
    expect(headers[PAGE_PATH_HEADER]).toBe('/setting?tab=1');
    const body = seen[0]!.init.body;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect((body as URLSearchParams).toString()).toBe('newsId=1%2C2%2C3&page=2');
  });

  it("sends a JSON body, or raw bytes with the call's own headers", async () => {
    const seen: Seen[] = [];
    const answer = fakeFetch(() => json({ code: 200, msg: '', data: null }), seen);
    await sendRequest({ method: 'POST', path: '/a', json: { device: { model: '' } } }, transport, answer);
    const bytes = new Blob([new Uint8Array([1, 2])]);
    await sendRequest({ method: 'PUT', path: '/b', bytes, headers: { 'x-piece-sha256': 'ab' } }, transport, answer);
    expect(seen[0]!.init.body).toBe('{"device":{"model":""}}');
    expect((seen[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(seen[1]!.init.body).toBe(bytes);
    const headers = seen[1]!.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/octet-stream');
    expect(headers['x-piece-sha256']).toBe('ab');
  });

  it('puts GET parameters in the query string', async () => {
    const seen: Seen[] = [];
    await sendRequest(
      { method: 'GET', path: '/Evidences/listing', query: { page: 1, keyword: 'a b' } },
      { ...transport, token: null },
      fakeFetch(() => json({ code: 200, msg: '', data: [] }), seen),
    );
    expect(seen[0]!.url).toBe('/api/Evidences/listing?page=1&keyword=a+b');
    expect((seen[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("sends a staff token as 'Staff <token>'", async () => {
    const seen: Seen[] = [];
    await sendRequest(
      { method: 'GET', path: '/staff/me' },
      { ...transport, token: 'staff-tok', scheme: 'Staff' },
      fakeFetch(() => json({ code: 200, msg: '', data: null }), seen),
    );
    expect((seen[0]!.init.headers as Record<string, string>).Authorization).toBe('Staff staff-tok');
  });

  it('passes 4xx envelopes to the business layer as ApiError with code and msg', async () => {
    const error = await sendRequest(
      { method: 'POST', path: '/x' },
      transport,
      fakeFetch(() => json({ code: 408, msg: 'expired', data: null }, 401), []),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 408, message: 'expired', network: false });
  });

  it('reports a network failure when fetch rejects or the answer is not an envelope', async () => {
    const rejected = await sendRequest({ method: 'POST', path: '/x' }, transport, () =>
      Promise.reject(new TypeError('Failed to fetch')),
    ).catch((e: unknown) => e);
    expect(rejected).toMatchObject({ network: true });
    const html = await sendRequest(
      { method: 'POST', path: '/x' },
      transport,
      fakeFetch(() => new Response('<html>', { status: 502 }), []),
    ).catch((e: unknown) => e);
    expect(html).toMatchObject({ network: true });
  });
});
