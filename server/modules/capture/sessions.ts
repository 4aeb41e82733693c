import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { ProcessInput, ProcessSession } from '../../../contracts/index';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { refusedAtOnce } from './address-policy';
import { CAPTURE_VIEWPORT } from './browser';
import { CaptureFailure, reasonKey } from './failure';
import { LiveSession } from './live-session';
import { packRecording } from './recording-pack';
import { JOB_PROCESS, type CaptureService } from './service';

/** How often open sessions are checked against their length and idle limits. */
const SWEEP_MS = 2_000;
/** `last_seen_at` is written at most this often (other processes read it to find dead sessions). */
const SEEN_WRITE_MS = 5_000;

interface Open {
  userId: number;
  live: LiveSession;
  seenWrittenAt: number;
  /** Set while stopping, so a second stop or the sweeper does not end it twice. */
  ending: boolean;
}

const ONE_SESSION_INDEX = 'captures_one_session_idx';

/** The unique index allowing one recording per user refused an insert (migration 0013). */
export function isOneSessionViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === '23505' && String(e.constraint ?? e.message ?? '').includes(ONE_SESSION_INDEX);
}

/**
 * The recorded remote browser sessions of this process (process evidence). A session lives in the process
 * that opened it (its Chromium page); the database row says who owns it, where it stands and which process
 * holds it (`holder_url`: calls reaching another process are forwarded here, forward.ts). One recording per
 * user is the database's rule (captures_one_session_idx), the session limit is this process's. A session
 * ends when its owner stops it (then it is encoded and preserved by a job), reaches its maximum length
 * (the same), or is left: no request for its screen for the idle time, or the page gone (discarded, not
 * charged). Sessions whose process died are found by their stale `last_seen_at` and failed.
 */
export class ProcessSessions {
  readonly #open = new Map<number, Open>();
  /** Starts between their check of the per-process limit and their session opening. */
  #starting = 0;
  #sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly capture: CaptureService,
    private readonly log: FastifyBaseLogger,
  ) {}

  startSweeping(): void {
    this.#sweeper ??= setInterval(
      () => void this.sweep().catch((error: unknown) => this.log.warn({ err: error }, 'session sweep failed')),
      SWEEP_MS,
    );
    this.#sweeper.unref();
  }

  describe(id: number): ProcessSession {
    const { config } = this.ctx;
    return { id, ...CAPTURE_VIEWPORT, maxSeconds: config.CAPTURE_PROCESS_MAX_SECONDS, idleSeconds: config.CAPTURE_PROCESS_IDLE_SECONDS };
  }

  async start(userId: number, input: { url: string; title: string; label: string }): Promise<ProcessSession> {
    const { ctx, capture } = this;
    const { config } = ctx;
    if (refusedAtOnce(new URL(input.url), capture.policy)) throw badRequest('capture:refusedUrl', { url: input.url });
    for (const open of this.#open.values()) if (open.userId === userId) throw badRequest('capture:sessionOpen');
    // Per process (each session is a page of this process's Chromium); the per-user rule is the database's.
    if (this.#open.size + this.#starting >= config.CAPTURE_PROCESS_MAX_SESSIONS) throw badRequest('capture:sessionsBusy');
    this.#starting++;
    try {
      return await this.#start(userId, input);
    } finally {
      this.#starting--;
    }
  }

  async #start(userId: number, input: { url: string; title: string; label: string }): Promise<ProcessSession> {
    const { ctx, capture } = this;
    const { config } = ctx;
    const price = capture.priceOf('process');
    const now = ctx.clock.now();
    let row: { id: number };
    try {
      row = await ctx.db.transaction().execute(async (trx) => {
        await capture.assertAffordable(trx, userId, price);
        return trx
          .insertInto('captures')
          .values({
            user_id: userId,
            kind: 'process',
            state: 'recording',
            title: input.title,
            label: input.label,
            url: input.url,
            price,
            created_at: now,
            started_at: now,
            last_seen_at: now,
            holder_url: config.INTERNAL_URL,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      });
    } catch (error) {
      // The user's session opened on another process (or a start racing this one there) holds the index.
      if (isOneSessionViolation(error)) throw badRequest('capture:sessionOpen');
      throw error;
    }
    const dir = capture.sessionDir(row.id);
    let live: LiveSession;
    try {
      live = await LiveSession.open(capture.browser, {
        dir,
        url: input.url,
        policy: capture.policy,
        maxBytes: config.CAPTURE_MAX_BYTES,
        timeoutMs: config.CAPTURE_TIMEOUT_SECONDS * 1000,
        now,
      });
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      const reason = error instanceof CaptureFailure ? error.reason : 'internal';
      if (!(error instanceof CaptureFailure)) this.log.error({ err: error }, 'remote browser session could not start');
      await capture.fail(row.id, null, reason);
      throw badRequest(reasonKey(reason));
    }
    this.#open.set(row.id, { userId, live, seenWrittenAt: performance.now(), ending: false });
    return this.describe(row.id);
  }

  /** The owner's open session in this process; another user's, an ended or an unknown one answers as missing. */
  #owned(userId: number, id: number): Open {
    const open = this.#open.get(id);
    if (!open || open.userId !== userId || open.ending) throw notFound('capture:sessionMissing');
    return open;
  }

  /** Whether this process holds the owner's session (else the frame call answers from the database row). */
  holds(userId: number, id: number): boolean {
    const open = this.#open.get(id);
    return Boolean(open && open.userId === userId && !open.ending);
  }

  frame(
    userId: number,
    id: number,
    after: number,
  ): { seq: number; jpeg: Buffer; elapsedMs: number; actions: number } | { seq: null; elapsedMs: number; actions: number } {
    const open = this.#owned(userId, id);
    const frame = open.live.frameAfter(after);
    const now = performance.now();
    if (now - open.seenWrittenAt > SEEN_WRITE_MS) {
      open.seenWrittenAt = now;
      void this.ctx.db
        .updateTable('captures')
        .set({ last_seen_at: this.ctx.clock.now() })
        .where('id', '=', id)
        .execute()
        .catch(() => undefined);
    }
    return frame
      ? { seq: frame.seq, jpeg: frame.jpeg, elapsedMs: open.live.elapsedMs, actions: open.live.actionCount }
      : { seq: null, elapsedMs: open.live.elapsedMs, actions: open.live.actionCount };
  }

  async input(userId: number, input: ProcessInput): Promise<{ actions: number; elapsedMs: number }> {
    const open = this.#owned(userId, input.id);
    if (input.type === 'navigate' && refusedAtOnce(new URL(input.url), this.capture.policy))
      throw badRequest('capture:refusedUrl', { url: input.url });
    await open.live.dispatch(input);
    return { actions: open.live.actionCount, elapsedMs: open.live.elapsedMs };
  }

  /** Ends the recording and queues its encoding and preservation (the capture becomes 'processing'). */
  async stop(userId: number, id: number): Promise<void> {
    const open = this.#owned(userId, id);
    await this.#finish(id, open);
  }

  /** Discards the session (the owner left): nothing is preserved or charged. */
  async cancel(userId: number, id: number): Promise<void> {
    const open = this.#owned(userId, id);
    await this.#discard(id, open, 'abandoned');
  }

  async #finish(id: number, open: Open): Promise<void> {
    open.ending = true;
    try {
      await open.live.finish(this.ctx.clock.now());
      // The recording goes to the file store (local disk or the bucket) before its job is queued, so
      // whichever process takes the job can encode it (runners.ts); this folder is not needed any more.
      const packed = await this.ctx.files.put(await packRecording(open.live.dir), { maxBytes: Number.MAX_SAFE_INTEGER });
      await this.ctx.db.transaction().execute(async (trx) => {
        const jobId = await this.capture.jobs.enqueue(trx, JOB_PROCESS, { captureId: id });
        await trx
          .updateTable('captures')
          .set({ state: 'processing', job_id: jobId, recording_file_key: packed.key })
          .where('id', '=', id)
          .where('state', '=', 'recording')
          .execute();
      });
      this.capture.jobs.poke();
    } catch (error) {
      this.log.error({ err: error, capture: id }, 'session could not be finished');
      await this.capture.fail(id, null, 'internal');
    } finally {
      this.#open.delete(id);
      await rm(open.live.dir, { recursive: true, force: true });
    }
  }

  async #discard(id: number, open: Open, reason: 'abandoned' | 'interrupted'): Promise<void> {
    open.ending = true;
    try {
      await open.live.close();
      await rm(open.live.dir, { recursive: true, force: true });
      await this.capture.fail(id, null, reason);
    } finally {
      this.#open.delete(id);
    }
  }

  /**
   * Ends sessions past their maximum length (kept: encoded and preserved) or left idle (discarded), and
   * fails recordings of any process whose `last_seen_at` went stale (that process died with its browser).
   */
  async sweep(): Promise<void> {
    const { config } = this.ctx;
    const now = performance.now();
    for (const [id, open] of this.#open) {
      if (open.ending) continue;
      if (open.live.elapsedMs >= config.CAPTURE_PROCESS_MAX_SECONDS * 1000) await this.#finish(id, open);
      else if (now - open.live.lastSeen >= config.CAPTURE_PROCESS_IDLE_SECONDS * 1000) await this.#discard(id, open, 'abandoned');
    }
    const staleBefore = new Date(this.ctx.clock.now().getTime() - (config.CAPTURE_PROCESS_IDLE_SECONDS * 1000 + SEEN_WRITE_MS * 2));
    const stale = await this.ctx.db
      .selectFrom('captures')
      .select('id')
      .where('kind', '=', 'process')
      .where('state', '=', 'recording')
      .where('last_seen_at', '<', staleBefore)
      .execute();
    for (const { id } of stale) {
      if (this.#open.has(id)) continue;
      await rm(this.capture.sessionDir(id), { recursive: true, force: true });
      await this.capture.fail(id, null, 'interrupted');
    }
  }

  /** The process is stopping: its sessions cannot go on (their browser goes with it). */
  async closeAll(): Promise<void> {
    if (this.#sweeper) clearInterval(this.#sweeper);
    this.#sweeper = null;
    for (const [id, open] of [...this.#open]) await this.#discard(id, open, 'interrupted');
  }
}
