import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WARCParser } from 'warcio';
import { NetworkLog } from './network-log';
import { buildWarc } from './wacz';

/** Just enough of Playwright's Request and Response for the log. */
function fakeRequest(
  url: string,
  answer: { status: number; headers?: Record<string, string>; body?: Buffer | Error } | null,
  options: { method?: string; post?: Buffer; from?: Request } = {},
): Request {
  const headers = Object.entries(answer?.headers ?? {}).map(([name, value]) => ({ name, value }));
  const response = answer && {
    status: () => answer.status,
    statusText: () => (answer.status === 200 ? 'OK' : ''),
    headersArray: () => Promise.resolve(headers),
    body: () => (answer.body instanceof Error ? Promise.reject(answer.body) : Promise.resolve(answer.body ?? Buffer.alloc(0))),
  };
  return {
    url: () => url,
    method: () => options.method ?? 'GET',
    headers: () => ({ accept: '*/*' }),
    headersArray: () => Promise.resolve([{ name: 'Accept', value: '*/*' }]),
    postDataBuffer: () => options.post ?? null,
    response: () => Promise.resolve(response),
    redirectedFrom: () => options.from ?? null,
    failure: () => (answer ? null : { errorText: 'net::ERR_CONNECTION_RESET' }),
  } as unknown as Request;
}

describe('network log of a capture (WACZ material)', () => {
  it('keeps bodies within the per-capture budget, marks cut and missing ones, renames wire headers', async () => {
    const page = new EventEmitter();
    const log = new NetworkLog(page as unknown as Page, () => new Date('2026-01-02T03:04:05.678Z'), 1000);
    const hop = fakeRequest('http://site.test/old', { status: 302, headers: { location: '/page' } });
    const doc = fakeRequest(
      'http://site.test/page',
      {
        status: 200,
        headers: { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': '40' },
        body: Buffer.alloc(600, 0x61),
      },
      { from: hop },
    );
    const big = fakeRequest('http://site.test/big.bin', { status: 200, body: Buffer.alloc(900, 0x62) });
    const gone = fakeRequest('http://site.test/gone.js', { status: 200, body: new Error('No resource with given identifier') });
    const post = fakeRequest('http://site.test/api', { status: 204 }, { method: 'POST', post: Buffer.from('{"a":1}') });
    const reset = fakeRequest('http://site.test/reset', null);
    const data = fakeRequest('data:text/plain,x', { status: 200, body: Buffer.from('x') });
    for (const request of [hop, doc, big, gone, post, reset, data]) page.emit('request', request);
    for (const request of [doc, big, gone, post]) page.emit('requestfinished', request);
    page.emit('requestfinished', doc); // twice: recorded once
    page.emit('requestfailed', reset);
    const exchanges = await log.settle();

    expect(exchanges.map((e) => e.url)).toEqual([
      'http://site.test/old',
      'http://site.test/page',
      'http://site.test/big.bin',
      'http://site.test/gone.js',
      'http://site.test/api',
      'http://site.test/reset',
    ]);
    const [redirect, page1, cut, missing, posted, failed] = exchanges;
    expect(redirect!.response).toMatchObject({ status: 302, truncated: null, body: Buffer.alloc(0) });
    expect(page1!.response).toMatchObject({ truncated: null, fullLength: null });
    expect(page1!.response!.body.length).toBe(600);
    expect(page1!.response!.headers).toEqual([
      ['content-type', 'text/html'],
      ['x-archive-orig-content-encoding', 'gzip'],
      ['x-archive-orig-content-length', '40'],
    ]);
    // 1000 bytes in all: the second body keeps what is left.
    expect(cut!.response).toMatchObject({ truncated: 'length', fullLength: 900 });
    expect(cut!.response!.body.length).toBe(400);
    expect(missing!.response).toMatchObject({ truncated: 'unspecified', body: Buffer.alloc(0) });
    expect(posted!.method).toBe('POST');
    expect(posted!.requestBody?.toString()).toBe('{"a":1}');
    expect(failed).toMatchObject({ response: null, failure: 'net::ERR_CONNECTION_RESET' });

    // In the WARC: the marks as WARC headers, a failed request as a request record alone.
    const warc = await buildWarc({
      page: { url: 'http://site.test/page', title: 't', ts: '2026-01-02T03:04:05.678Z' },
      exchanges,
      screenshot: Buffer.from('png'),
      created: new Date('2026-01-02T03:04:06Z'),
    });
    const seen: [string, string | null, string | null, string | null][] = [];
    for await (const record of new WARCParser(Readable.from([warc]))) {
      await record.readFully(false);
      seen.push([
        record.warcType ?? '',
        record.warcTargetURI ?? null,
        record.warcHeader('WARC-Truncated') ?? null,
        record.warcHeader('WARC-Capture-Failure') ?? null,
      ]);
    }
    expect(seen).toContainEqual(['response', 'http://site.test/big.bin', 'length', null]);
    expect(seen).toContainEqual(['response', 'http://site.test/gone.js', 'unspecified', null]);
    expect(seen).toContainEqual(['response', 'http://site.test/old', null, null]);
    expect(seen.filter((r) => r[1] === 'http://site.test/reset')).toEqual([
      ['request', 'http://site.test/reset', null, 'net::ERR_CONNECTION_RESET'],
    ]);
    expect(seen.filter((r) => r[1]?.startsWith('data:'))).toEqual([]);
  });
});
