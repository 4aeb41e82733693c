import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { databaseSecret } from '../../lib/secrets';
import { tokenFrom } from '../auth/index';
import { captureById } from './repository';
import type { ProcessSessions } from './sessions';

/** Marks a call one API process forwarded to another: `<epoch ms>.<hex HMAC-SHA256>`. */
export const FORWARDED_HEADER = 'x-capture-forwarded';
/** A forwarded call older (or further in the future) than this is refused: a captured header cannot be replayed later. */
const FORWARD_WINDOW_MS = 60_000;
/** The screen is polled several times a second: a holder this slow is as good as gone. */
const FRAME_TIMEOUT_MS = 10_000;
/** Input may wait on a navigation (15 s), stop on the recording's upload to the store. */
const CALL_TIMEOUT_MS = 120_000;

/** The session calls that only the holder of a session can answer (start is answered wherever it lands). */
export const SESSION_CALLS = new Set([
  '/api/capture/process/frame',
  '/api/capture/process/input',
  '/api/capture/process/stop',
  '/api/capture/process/cancel',
]);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Recorded sessions behind any load balancer. A session lives in the Chromium of the process that
 * opened it; its row names that process (`holder_url`, its INTERNAL_URL). A session call reaching another
 * process is sent on to the holder with `fetch` (method, path and query, body, the caller's Authorization) and
 * the holder's answer goes back unchanged. The forwarded call carries FORWARDED_HEADER, an HMAC of the method,
 * the URL, the time and the caller's Authorization with a key every process of the database shares
 * (`signing_keys` row `capture-forward`): a call bearing it is answered where it lands and never forwarded
 * again, so no loop is possible; one bearing a header that does not verify is refused. A holder that does not
 * answer (its process died) leaves the call to be answered here, from the row, as an ended session.
 */
export class SessionForwarder {
  readonly #key: () => Promise<Buffer>;

  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: ProcessSessions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#key = databaseSecret(ctx.db, 'capture-forward');
  }

  async sign(method: string, url: string, authorization: string, nowMs: number): Promise<string> {
    const mac = createHmac('sha256', await this.#key())
      .update(`${method.toUpperCase()}\n${url}\n${nowMs}\n${sha256(authorization)}`)
      .digest('hex');
    return `${nowMs}.${mac}`;
  }

  /** Whether the call was forwarded by another process (then it is answered here); a forged or stale mark is refused. */
  async wasForwarded(request: FastifyRequest): Promise<boolean> {
    const header = request.headers[FORWARDED_HEADER];
    if (header === undefined) return false;
    const text = Array.isArray(header) ? '' : header;
    const [time = '', mac = ''] = text.split('.');
    const sentAt = /^\d{1,15}$/.test(time) ? Number(time) : NaN;
    const valid =
      Number.isFinite(sentAt) &&
      Math.abs(Date.now() - sentAt) <= FORWARD_WINDOW_MS &&
      /^[0-9a-f]{64}$/.test(mac) &&
      timingSafeEqual(
        Buffer.from((await this.sign(request.method, request.url, request.headers.authorization ?? '', sentAt)).split('.')[1] ?? '', 'hex'),
        Buffer.from(mac, 'hex'),
      );
    if (!valid) throw badRequest('server:badRequest');
    return true;
  }

  /**
   * The preHandler of the session calls: sends the call on when another live process holds the session and
   * this call was not forwarded already. Answers true when the holder's answer has been sent.
   */
  async route(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (await this.wasForwarded(request)) return false;
    const session = await this.ctx.sessions.resolve(tokenFrom(request.headers.authorization));
    if (!session) return false;
    const id = sessionIdOf(request);
    if (id === null || this.sessions.holds(session.userId, id)) return false;
    const row = await captureById(this.ctx.db, id);
    // Another user's, an unknown or an ended session is answered here, exactly as it is today.
    if (!row || row.user_id !== session.userId || row.kind !== 'process' || row.state !== 'recording') return false;
    if (!row.holder_url || row.holder_url === this.ctx.config.INTERNAL_URL) return false;
    return this.#send(request, reply, row.holder_url, id);
  }

  async #send(request: FastifyRequest, reply: FastifyReply, holder: string, id: number): Promise<boolean> {
    const authorization = request.headers.authorization ?? '';
    const headers: Record<string, string> = {
      [FORWARDED_HEADER]: await this.sign(request.method, request.url, authorization, Date.now()),
      'x-request-id': String(request.id),
    };
    if (authorization) headers.authorization = authorization;
    let body: string | undefined;
    if (request.method === 'POST') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body ?? {});
    }
    let answer: Response;
    let bytes: Buffer;
    try {
      answer = await fetch(new URL(request.url, holder), {
        method: request.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(request.url.startsWith('/api/capture/process/frame') ? FRAME_TIMEOUT_MS : CALL_TIMEOUT_MS),
      });
      bytes = Buffer.from(await answer.arrayBuffer());
    } catch (error) {
      this.log.warn({ err: error, capture: id, holder }, 'the process holding the session did not answer');
      return false;
    }
    void reply
      .code(answer.status)
      .header('content-type', answer.headers.get('content-type') ?? 'application/json; charset=utf-8')
      .send(bytes);
    return true;
  }
}

/** The session id of a session call: `id` of the query (frame) or of the body (input, stop, cancel). */
function sessionIdOf(request: FastifyRequest): number | null {
  const source = (request.method === 'GET' ? request.query : request.body) as Record<string, unknown> | null | undefined;
  const raw = source && typeof source === 'object' ? source.id : undefined;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
