import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ProcessFacts } from '../../../contracts/index';
import type { AppContext } from '../../context';
import type { JobRow } from '../../jobs/queue';
import { JobsStopped } from '../../jobs/queue';
import { spendPoints } from '../ledger/index';
import { notify, word } from '../notifications/index';
import { packBundle, type BundlePart } from './bundle';
import { encodeWebm } from './encode';
import { CaptureFailure } from './failure';
import { RECORD_FILE, type SessionRecord } from './live-session';
import { unpackRecording } from './recording-pack';
import { captureById, TYPE_OF_KIND, type CaptureRow } from './repository';
import { buildWacz } from './wacz';
import { captureWebPage } from './web-capture';
import { isInsufficient, JOB_PROCESS, JOB_WEB, KIND_WORD, ORDER_WORD, type CaptureService } from './service';

/**
 * The capture jobs (apart from the service): a web capture or a recorded session runs in a worker,
 * and its result is preserved like an uploaded file in one transaction with its charge.
 */
class CaptureRunners {
  constructor(
    private readonly service: CaptureService,
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Preserves a finished capture: the bundle's zip goes into the store and onto the log, and in the same
   * transaction the capture becomes done (only from the state it was in: a second run finds it settled and
   * rolls back), its price is charged and its job completed. A balance that no longer covers the price
   * fails the capture instead (not charged, nothing preserved).
   */
  async preserve(
    capture: CaptureRow,
    jobId: number,
    parts: BundlePart[],
    about: Record<string, unknown>,
    extra: { facts: unknown; durationSeconds: number | null },
  ): Promise<void> {
    const { ctx } = this;
    const now = ctx.clock.now();
    const bundle = await packBundle(ctx.files, parts, { kind: capture.kind, title: capture.title, ...about }, now);
    const fromState = capture.kind === 'web' ? 'capturing' : 'processing';
    try {
      await this.service.evidence.preserve(capture.user_id, {
        source: bundle.zip(),
        fileName: `${capture.kind}-capture.zip`,
        label: capture.label,
        title: capture.title,
        type: TYPE_OF_KIND[capture.kind],
        durationSeconds: extra.durationSeconds,
        sourceUrl: capture.kind === 'web' ? capture.url : null,
        inTransaction: async (trx, row) => {
          const orderNo =
            capture.price > 0
              ? (
                  await spendPoints(trx, ctx, capture.user_id, {
                    amount: capture.price,
                    description: ctx.translator.t(ORDER_WORD[capture.kind], { title: capture.title }),
                  })
                ).orderNo
              : null;
          const settled = await trx
            .updateTable('captures')
            .set({
              state: 'done',
              evidence_id: row.id,
              order_no: orderNo,
              facts: JSON.stringify(extra.facts),
              files: JSON.stringify(bundle.files),
              duration_seconds: extra.durationSeconds,
              finished_at: now,
            })
            .where('id', '=', capture.id)
            .where('state', '=', fromState)
            .executeTakeFirst();
          if (Number(settled.numUpdatedRows) !== 1) throw new Error(`capture ${capture.id} was settled by another run`);
          await this.service.jobs.complete(trx, jobId);
          await notify(
            { db: trx, clock: ctx.clock },
            capture.user_id,
            {
              key: 'capture:notify_done',
              params: { kind: word(KIND_WORD[capture.kind]), title: capture.title, baoquan: row.baoquan },
            },
            { kind: 'evidence', ref: row.baoquan },
          );
        },
      });
    } catch (error) {
      if (isInsufficient(error)) {
        await this.service.fail(capture.id, jobId, 'insufficientPoints');
        return;
      }
      throw error;
    }
  }

  async runWeb(job: JobRow, signal: AbortSignal): Promise<void> {
    const { ctx } = this;
    const capture = await captureById(ctx.db, Number(job.payload.captureId));
    if (!capture || (capture.state !== 'queued' && capture.state !== 'capturing') || !capture.url) {
      await this.service.jobs.complete(ctx.db, job.id);
      return;
    }
    await ctx.db.updateTable('captures').set({ state: 'capturing', started_at: ctx.clock.now() }).where('id', '=', capture.id).execute();
    let result;
    try {
      result = await captureWebPage(this.service.browser, capture.url, {
        policy: this.service.policy,
        limits: {
          timeoutMs: ctx.config.CAPTURE_TIMEOUT_SECONDS * 1000,
          maxBytes: ctx.config.CAPTURE_MAX_BYTES,
          maxRedirects: ctx.config.CAPTURE_MAX_REDIRECTS,
        },
        signal,
        now: () => ctx.clock.now(),
      });
    } catch (error) {
      // The queue is stopping: leave the job to its lease, another run takes it again.
      if (signal.reason instanceof JobsStopped) throw signal.reason;
      if (error instanceof CaptureFailure) {
        await this.service.fail(capture.id, job.id, error.reason);
        return;
      }
      throw error;
    }
    const { facts } = result;
    // The replayable web archive: part of the bundle, so the preserved zip's hash covers it.
    const wacz = await buildWacz({
      page: { url: facts.finalUrl, title: facts.pageTitle, ts: facts.capturedAt },
      exchanges: result.exchanges,
      screenshot: result.screenshot,
      created: ctx.clock.now(),
    });
    await this.preserve(
      { ...capture, state: 'capturing' },
      job.id,
      [
        { name: 'screenshot.png', role: 'screenshot', mime: 'image/png', source: result.screenshot, compress: false },
        { name: 'page.html', role: 'html', mime: 'text/html; charset=utf-8', source: result.html, compress: true },
        {
          name: 'exchange.json',
          role: 'exchange',
          mime: 'application/json',
          source: Buffer.from(`${JSON.stringify(facts, null, 2)}\n`, 'utf8'),
          compress: true,
        },
        { name: 'page.wacz', role: 'wacz', mime: 'application/wacz', source: wacz, compress: false },
      ],
      { url: facts.url, finalUrl: facts.finalUrl, capturedAt: facts.capturedAt, browser: facts.browser },
      { facts, durationSeconds: null },
    );
  }

  async runProcess(job: JobRow): Promise<void> {
    const { ctx } = this;
    const capture = await captureById(ctx.db, Number(job.payload.captureId));
    if (!capture || capture.state !== 'processing') {
      await this.service.jobs.complete(ctx.db, job.id);
      return;
    }
    const dir = this.service.sessionDir(capture.id);
    const packed = capture.recording_file_key;
    let record: SessionRecord;
    try {
      if (packed) {
        // The recording as the stopping process stored it (any process encodes it), unpacked
        // into this process's working folder (a run taken again after a crash starts from a clean one).
        await rm(dir, { recursive: true, force: true });
        await mkdir(dir, { recursive: true });
        record = await unpackRecording((await ctx.files.open(packed)).stream, dir);
      } else {
        // Stopped by a process of an earlier release: the frames are in its local folder.
        record = JSON.parse(await readFile(join(dir, RECORD_FILE), 'utf8')) as SessionRecord;
      }
    } catch (error) {
      if (packed) this.log.error({ err: error, capture: capture.id }, 'stored recording could not be read');
      await this.service.fail(capture.id, job.id, 'interrupted');
      await this.#discard(capture.id, packed);
      return;
    }
    const video = join(dir, 'recording.webm');
    try {
      await encodeWebm(ctx.config.FFMPEG_PATH, dir, record.frames, record.durationMs, video, 540_000);
    } catch (error) {
      this.log.error({ err: error, capture: capture.id }, 'recording could not be encoded');
      await this.service.fail(capture.id, job.id, 'encodeFailed');
      await this.#discard(capture.id, packed);
      return;
    }
    const durationSeconds = Math.max(1, Math.round(record.durationMs / 1000));
    const facts: ProcessFacts = {
      startUrl: record.startUrl,
      startedAt: record.startedAt,
      endedAt: record.endedAt,
      frames: record.frames.length,
      viewport: record.viewport,
      actions: record.actions,
      browser: record.browser,
    };
    await this.preserve(
      capture,
      job.id,
      [
        { name: 'recording.webm', role: 'video', mime: 'video/webm', source: { path: video }, compress: false },
        {
          name: 'actions.json',
          role: 'actions',
          mime: 'application/json',
          source: Buffer.from(`${JSON.stringify(record.actions, null, 2)}\n`, 'utf8'),
          compress: true,
        },
      ],
      { url: record.startUrl, startedAt: record.startedAt, endedAt: record.endedAt, durationSeconds, browser: record.browser },
      { facts, durationSeconds },
    );
    await this.#discard(capture.id, packed);
  }

  /**
   * Removes a recording's working folder and its stored pack once it is preserved or failed. The pack is
   * this capture's alone (its record names the capture's own times and frames), so it is deleted at once;
   * should this not happen (the process dies here), no row names it any more and the orphan sweep takes it.
   */
  async #discard(captureId: number, packed: string | null): Promise<void> {
    await rm(this.service.sessionDir(captureId), { recursive: true, force: true });
    if (!packed) return;
    await this.ctx.files
      .remove(packed)
      .catch((error: unknown) => this.log.warn({ err: error, capture: captureId }, 'stored recording not deleted'));
    await this.ctx.db
      .updateTable('captures')
      .set({ recording_file_key: null })
      .where('id', '=', captureId)
      .where('state', 'in', ['done', 'failed'])
      .execute();
  }

  async giveUp(job: JobRow, error: string): Promise<void> {
    const captureId = Number(job.payload.captureId);
    if (!Number.isInteger(captureId)) return;
    await this.service.fail(captureId, null, /lease expired/.test(error) ? 'interrupted' : 'internal');
    if (job.kind === JOB_PROCESS) {
      const row = await captureById(this.ctx.db, captureId);
      await this.#discard(captureId, row?.state === 'failed' ? row.recording_file_key : null);
    }
  }
}

/** Registers the web and process capture jobs with the service's queue. */
export function registerCaptureJobs(service: CaptureService, ctx: AppContext, log: FastifyBaseLogger): void {
  const runners = new CaptureRunners(service, ctx, log);
  const { jobs } = service;
  const { config } = ctx;
  const captureSeconds = config.CAPTURE_TIMEOUT_SECONDS;
  jobs.register({
    kind: JOB_WEB,
    // The page's own limit, the screenshot and the preservation, with room to spare.
    timeoutSeconds: captureSeconds * 2 + 20,
    leaseSeconds: captureSeconds * 2 + 40,
    run: (job, { signal }) => runners.runWeb(job, signal),
    giveUp: (job, error) => runners.giveUp(job, error),
  });
  jobs.register({
    kind: JOB_PROCESS,
    timeoutSeconds: 600,
    leaseSeconds: 660,
    run: (job) => runners.runProcess(job),
    giveUp: (job, error) => runners.giveUp(job, error),
  });
}
