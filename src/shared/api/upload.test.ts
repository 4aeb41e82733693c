import { describe, expect, it } from 'vitest';
import { ABORTED_CODE, type ApiError, NETWORK_FAILURE_CODE } from './api-error';
import { classifyFailure } from './catalogue';
import { sendUpload, type XhrLike } from './upload';

class FakeXhr implements XhrLike {
  static last: FakeXhr;
  upload: XhrLike['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  opened: [string, string] | null = null;
  headers: Record<string, string> = {};
  body: unknown = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string | URL) {
    this.opened = [method, String(url)];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body?: Document | XMLHttpRequestBodyInit | null) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const transport = { baseUrl: '/api', token: 'tok', pagePath: '/attestation-all/data' };
const file = new Blob(['hello world']);
const config = { path: '/data/upload', fields: { label: 'contract', title: undefined }, file, fileName: 'a.txt' };

describe('sendUpload', () => {
  it('posts the file as the body, the fields and file name in the query, with the bearer token and the page path', async () => {
    const progress: { loaded: number; total: number }[] = [];
    const done = sendUpload(config, transport, { onProgress: (p) => progress.push(p) }, () => new FakeXhr());
    const xhr = FakeXhr.last;
    expect(xhr.opened).toEqual(['POST', '/api/data/upload?label=contract&fileName=a.txt']);
    expect(xhr.headers).toMatchObject({
      Authorization: 'Bearer tok',
      'X-Page-Path': '/attestation-all/data',
      'Content-Type': 'application/octet-stream',
    });
    expect(xhr.body).toBe(file);
    xhr.upload.onprogress?.({ loaded: 5, total: 11, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 7, total: 0, lengthComputable: false });
    xhr.answer(200, { code: 200, msg: '', data: { id: 1 } });
    await expect(done).resolves.toEqual({ id: 1 });
    expect(progress).toEqual([
      { loaded: 5, total: 11 },
      { loaded: 7, total: 11 },
    ]);
  });

  it('sends the staff token with the Staff scheme', async () => {
    const done = sendUpload(config, { ...transport, scheme: 'Staff' }, {}, () => new FakeXhr());
    expect(FakeXhr.last.headers).toMatchObject({ Authorization: 'Staff tok' });
    FakeXhr.last.answer(200, { code: 200, msg: '', data: null });
    await expect(done).resolves.toBeNull();
  });

  it('rejects with the envelope code and msg', async () => {
    const done = sendUpload(config, transport, {}, () => new FakeXhr());
    FakeXhr.last.answer(400, { code: 400, msg: 'bad label', data: null });
    await expect(done).rejects.toMatchObject({ code: 400, message: 'bad label', network: false });
  });

  it('treats a dropped connection and an unreadable answer as network failures', async () => {
    const dropped = sendUpload(config, transport, {}, () => new FakeXhr());
    FakeXhr.last.onerror?.();
    await expect(dropped).rejects.toMatchObject({ code: NETWORK_FAILURE_CODE, network: true });
    const garbled = sendUpload(config, transport, {}, () => new FakeXhr());
    FakeXhr.last.answer(502, '<html>');
    await expect(garbled).rejects.toMatchObject({ code: NETWORK_FAILURE_CODE, network: true });
  });

  it('aborts on the signal, silently for the error catalogue', async () => {
    const controller = new AbortController();
    const done = sendUpload(config, transport, { signal: controller.signal }, () => new FakeXhr());
    controller.abort();
    expect(FakeXhr.last.aborted).toBe(true);
    const error = (await done.catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe(ABORTED_CODE);
    expect(classifyFailure(error, '/attestation-all/data', [])).toEqual({ kind: 'silent' });
    await expect(sendUpload(config, transport, { signal: controller.signal }, () => new FakeXhr())).rejects.toMatchObject({
      code: ABORTED_CODE,
    });
  });
});
