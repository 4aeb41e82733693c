import type { Page, Request } from 'playwright-core';
import { PROXY_REASON_HEADER } from './guard-proxy';

/** Largest response body kept whole in the web archive; a longer one keeps this many bytes, marked truncated. */
export const MAX_RECORDED_BODY = 20 * 1024 * 1024;
/** How long the log waits for bodies still being read once the picture is taken. */
const SETTLE_MS = 3_000;

export type Header = [name: string, value: string];

/** Why a body is not all there (WARC 1.1 `WARC-Truncated`): over a limit, or the browser could not give it. */
export type Truncation = 'length' | 'unspecified';

export interface RecordedResponse {
  status: number;
  statusText: string;
  headers: Header[];
  body: Buffer;
  truncated: Truncation | null;
  /** The body's length as the browser had it, when only part (or none) of it is kept. */
  fullLength: number | null;
}

/** One request of the captured page as the browser made it, and the answer it got (null: none came). */
export interface RecordedExchange {
  url: string;
  method: string;
  at: Date;
  requestHeaders: Header[];
  requestBody: Buffer | null;
  response: RecordedResponse | null;
  failure: string | null;
}

/**
 * Headers that describe the bytes on the wire rather than the body the browser hands over (already decoded and
 * de-chunked): kept under an `x-archive-orig-` name so the record stays truthful and a player does not decode twice.
 */
const WIRE_HEADERS = new Set(['content-encoding', 'transfer-encoding', 'content-length']);

/**
 * Every http(s) request the page makes (document, subresources, redirects, fetches), with its response, in the
 * order they started: the material of the capture's web archive. Bodies over MAX_RECORDED_BODY, or beyond the
 * capture's byte budget, are cut and marked; a body the browser cannot give (a redirect, an aborted load) is
 * recorded empty. Reading never fails the capture.
 */
export class NetworkLog {
  readonly #started = new Map<Request, { seq: number; at: Date }>();
  readonly #recorded: { seq: number; exchange: RecordedExchange }[] = [];
  readonly #pending = new Set<Promise<void>>();
  readonly #done = new Set<Request>();
  #seq = 0;
  #budget: number;
  #closed = false;

  constructor(
    page: Page,
    private readonly now: () => Date,
    maxBytes: number,
  ) {
    this.#budget = maxBytes;
    page.on('request', (request) => {
      if (!/^https?:/i.test(request.url())) return;
      this.#started.set(request, { seq: this.#seq++, at: this.now() });
      // A redirect hop finishes when its follower starts.
      const previous = request.redirectedFrom();
      if (previous) this.#finish(previous, null);
    });
    page.on('requestfinished', (request) => this.#finish(request, null));
    page.on('requestfailed', (request) => this.#finish(request, request.failure()?.errorText ?? 'failed'));
  }

  #finish(request: Request, failure: string | null): void {
    if (this.#closed || this.#done.has(request)) return;
    const started = this.#started.get(request);
    if (!started) return;
    this.#done.add(request);
    const reading = this.#read(request, started.at, failure)
      .then((exchange) => {
        if (!this.#closed) this.#recorded.push({ seq: started.seq, exchange });
      })
      .catch(() => undefined)
      .finally(() => this.#pending.delete(reading));
    this.#pending.add(reading);
  }

  async #read(request: Request, at: Date, failure: string | null): Promise<RecordedExchange> {
    const requestHeaders = await request
      .headersArray()
      .catch(() => Object.entries(request.headers()).map(([name, value]) => ({ name, value })));
    const response = failure ? null : await request.response().catch(() => null);
    let recorded: RecordedResponse | null = null;
    if (response) {
      const headers = (await response.headersArray().catch(() => [])).filter((h) => h.name.toLowerCase() !== PROXY_REASON_HEADER);
      const status = response.status();
      const redirect = status >= 300 && status < 400 && headers.some((h) => h.name.toLowerCase() === 'location');
      const body = redirect ? Buffer.alloc(0) : await response.body().catch(() => null);
      recorded = { ...this.#keep(body), status, statusText: response.statusText(), headers: wireHeaders(headers) };
      if (redirect) recorded.truncated = null;
    }
    return {
      url: request.url(),
      method: request.method(),
      at,
      requestHeaders: requestHeaders.map((h) => [h.name, h.value]),
      requestBody: request.postDataBuffer(),
      response: recorded,
      failure,
    };
  }

  /** The part of a body the archive keeps, within the per-body cap and what is left of the capture's budget. */
  #keep(body: Buffer | null): Pick<RecordedResponse, 'body' | 'truncated' | 'fullLength'> {
    if (!body) return { body: Buffer.alloc(0), truncated: 'unspecified', fullLength: null };
    const room = Math.max(0, Math.min(MAX_RECORDED_BODY, this.#budget));
    const kept = body.length > room ? body.subarray(0, room) : body;
    this.#budget -= kept.length;
    return kept.length < body.length
      ? { body: kept, truncated: 'length', fullLength: body.length }
      : { body, truncated: null, fullLength: null };
  }

  /** Waits (a little) for bodies still being read, then closes the log: the exchanges in the order they started. */
  async settle(): Promise<RecordedExchange[]> {
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, SETTLE_MS).unref());
    await Promise.race([Promise.all([...this.#pending]), deadline]);
    this.#closed = true;
    return this.#recorded.sort((a, b) => a.seq - b.seq).map((r) => r.exchange);
  }
}

/** The response headers as the archive keeps them (see WIRE_HEADERS). */
function wireHeaders(headers: { name: string; value: string }[]): Header[] {
  return headers.map((h) => (WIRE_HEADERS.has(h.name.toLowerCase()) ? [`x-archive-orig-${h.name}`, h.value] : [h.name, h.value]));
}
