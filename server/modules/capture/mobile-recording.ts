import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  MobilePieceResponse,
  MobileRecordingLimits,
  MobileRecordingStatus,
  mobileRecordingStartRequest,
  mobileRecordingStopRequest,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import type { DB, MobileGapRow } from '../../db/schema';
import { sniffType } from '../../files/sniff';
import { FileTooLargeError } from '../../files/store';
import { badRequest, notFound } from '../../http/errors';
import { formatChinaTime } from '../../lib/time';
import { sizeText } from '../evidence/index';
import {
  bytesUpTo,
  findPiece,
  findRecording,
  idleRecordings,
  listPieces,
  lockRecording,
  releasePieces,
  stuckRecordings,
  type RecordingRow,
} from './mobile-recording-repository';
import { assembledHead, preserveRecording } from './mobile-recording-assembly';
import { bytesMatchMime, CHAIN_START, chainNext, gapBefore, mimeFitsKind } from './mobile-recording-rules';
import { isInsufficient, type CaptureService } from './service';

const missing = () => notFound('capture:notFound');
const ended = () => badRequest('capture:mobileRecordingEnded');
/** How often open recordings are checked for silence. */
const SWEEP_MS = 30_000;
/** A stop that has not finished in this long died with its process: the recording fails (uncharged). */
const STUCK_MS = 3600_000;
/** How long a second stop waits for the first to finish preserving. */
const STOP_WAIT_MS = 60_000;

type Db = AppContext['db'] | Transaction<DB>;

/**
 * Mobile evidence recorded in the phone's browser and sent in pieces while it is made (docs/mobile-capture.md).
 * A recording is a mobile capture in state `recording`; each piece is streamed into the file store, hashed there
 * and compared with the phone's hash, then appended to the chain under the recording's row lock (any process
 * may receive any piece). The stop checks the phone's count and chain head, checks the assembled bytes' type
 * and preserves them as one record, charged once, in the transaction that ends the capture.
 */
export class MobileRecordings {
  #sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly capture: CaptureService,
  ) {}

  limits(): MobileRecordingLimits {
    const { config } = this.ctx;
    return {
      pieceMaxBytes: config.MOBILE_PIECE_MAX_BYTES,
      maxBytes: config.MOBILE_RECORDING_MAX_BYTES,
      maxSeconds: config.MOBILE_RECORDING_MAX_SECONDS,
      idleSeconds: config.MOBILE_RECORDING_IDLE_SECONDS,
    };
  }

  toStatus(row: RecordingRow): MobileRecordingStatus {
    const done = row.state === 'done' && row.baoquan !== null;
    return {
      id: row.capture_id,
      kind: row.media_kind,
      mime: row.mime,
      // A stop under way is still open to the phone: its answer (or the next status) tells how it ended.
      state: row.state === 'done' || row.state === 'failed' ? row.state : 'recording',
      pieces: row.pieces,
      bytes: row.bytes,
      chainHead: row.chain_head,
      startedAt: formatChinaTime(row.started_at),
      lastPieceAt: row.last_piece_at ? formatChinaTime(row.last_piece_at) : null,
      gaps: row.gaps,
      limits: this.limits(),
      baoquan: done ? row.baoquan : null,
    };
  }

  async status(userId: number, id: number): Promise<MobileRecordingStatus> {
    const row = await findRecording(this.ctx.db, userId, id);
    if (!row) throw missing();
    return this.toStatus(row);
  }

  /** Opens a recording: a mobile capture in state `recording`, whose price is held against the balance until it ends. */
  async start(userId: number, input: z.output<typeof mobileRecordingStartRequest>): Promise<MobileRecordingStatus> {
    if (!mimeFitsKind(input.kind, input.mime)) throw badRequest('capture:mobileKindMime');
    const { ctx, capture } = this;
    const price = capture.priceOf('mobile');
    const id = await ctx.db.transaction().execute(async (trx) => {
      await capture.assertAffordable(trx, userId, price);
      const now = ctx.clock.now();
      const row = await trx
        .insertInto('captures')
        .values({
          user_id: userId,
          kind: 'mobile',
          state: 'recording',
          title: input.title,
          label: input.label,
          price,
          created_at: now,
          started_at: now,
          last_seen_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('mobile_recordings')
        .values({
          capture_id: row.id,
          media_kind: input.kind,
          mime: input.mime,
          device: JSON.stringify(input.device),
          chain_head: CHAIN_START,
          started_at: now,
        })
        .execute();
      return row.id;
    });
    return this.status(userId, id);
  }

  /**
   * What a piece `seq` with hash `sha256` means for the recording as it stands: the answer already given (the same
   * piece again), or null when it is the next one and may be appended. Anything else is refused.
   */
  async #judge(db: Db, row: RecordingRow, seq: number, sha256: string): Promise<MobilePieceResponse | null> {
    if (row.state !== 'recording') throw ended();
    if (seq < row.pieces) {
      const piece = await findPiece(db, row.capture_id, seq);
      if (!piece || piece.sha256 !== sha256) throw badRequest('capture:mobilePieceConflict', { seq });
      return { seq, chainHead: piece.chain_hash, pieces: seq + 1, bytes: await bytesUpTo(db, row.capture_id, seq) };
    }
    if (seq > row.pieces) throw badRequest('capture:mobilePieceOutOfOrder', { expected: row.pieces });
    if (row.media_kind === 'photo' && seq > 0) throw badRequest('capture:mobilePhotoPieces');
    const { config } = this.ctx;
    const elapsed = this.ctx.clock.now().getTime() - row.started_at.getTime();
    if (elapsed > config.MOBILE_RECORDING_MAX_SECONDS * 1000) {
      throw badRequest('capture:mobileRecordingTooLong', { minutes: Math.floor(config.MOBILE_RECORDING_MAX_SECONDS / 60) });
    }
    return null;
  }

  /**
   * Receives piece `seq`: streamed into the store (at most MOBILE_PIECE_MAX_BYTES), its SHA-256 compared with the
   * phone's, then appended under the row lock. A refused piece changes nothing; its object, if it was written,
   * is named by no row and goes with the orphan sweep.
   */
  async piece(userId: number, id: number, seq: number, sha256: string, source: Readable): Promise<MobilePieceResponse> {
    const { ctx } = this;
    const { config } = ctx;
    let before: MobilePieceResponse | null;
    try {
      const row = await findRecording(ctx.db, userId, id);
      if (!row) throw missing();
      before = await this.#judge(ctx.db, row, seq, sha256);
      if (!before && row.bytes >= config.MOBILE_RECORDING_MAX_BYTES) throw this.#totalTooLarge();
    } catch (error) {
      source.resume();
      throw error;
    }
    if (before) {
      source.resume();
      return before;
    }
    const stored = await ctx.files.put(source, { maxBytes: config.MOBILE_PIECE_MAX_BYTES }).catch((error: unknown) => {
      if (error instanceof FileTooLargeError)
        throw badRequest('capture:mobilePieceTooLarge', { size: sizeText(config.MOBILE_PIECE_MAX_BYTES) });
      throw badRequest('preservation:uploadBroken');
    });
    if (stored.sha256 !== sha256) throw badRequest('capture:mobilePieceHash', { seq });
    return ctx.db.transaction().execute(async (trx) => {
      const row = await lockRecording(trx, userId, id);
      if (!row) throw missing();
      // Another process may have appended this piece meanwhile: the same bytes answer as before.
      const repeated = await this.#judge(trx, row, seq, sha256);
      if (repeated) return repeated;
      const bytes = row.bytes + stored.size;
      if (bytes > config.MOBILE_RECORDING_MAX_BYTES) throw this.#totalTooLarge();
      const now = ctx.clock.now();
      const chainHead = chainNext(row.chain_head, seq, sha256);
      const gap = gapBefore(row.started_at, row.last_piece_at, row.pieces, now);
      const gaps: MobileGapRow[] = gap ? [...row.gaps, gap] : row.gaps;
      await trx
        .insertInto('mobile_recording_pieces')
        .values({ capture_id: id, seq, sha256, size: stored.size, file_key: stored.key, received_at: now, chain_hash: chainHead })
        .execute();
      await trx
        .updateTable('mobile_recordings')
        .set({ pieces: seq + 1, bytes, chain_head: chainHead, last_piece_at: now, gaps: JSON.stringify(gaps) })
        .where('capture_id', '=', id)
        .execute();
      await trx.updateTable('captures').set({ last_seen_at: now }).where('id', '=', id).execute();
      return { seq, chainHead, pieces: seq + 1, bytes };
    });
  }

  #totalTooLarge() {
    return badRequest('capture:mobileRecordingTooLarge', { size: sizeText(this.ctx.config.MOBILE_RECORDING_MAX_BYTES) });
  }

  /**
   * Ends the recording the phone saw (its count and chain head must be the server's) and preserves the pieces,
   * in order, as one record. Exactly one stop preserves: it moves the capture to `processing` under the row lock;
   * a stop that finds it there waits for that one's outcome; a stop after `done` answers the same status.
   */
  async stop(userId: number, id: number, input: z.output<typeof mobileRecordingStopRequest>): Promise<MobileRecordingStatus> {
    const { ctx } = this;
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      const row = await lockRecording(trx, userId, id);
      if (!row) throw missing();
      if (row.state === 'done' || row.state === 'processing') return null;
      if (row.state !== 'recording') throw ended();
      if (row.pieces !== input.pieces || row.chain_head !== input.chainHead) {
        throw badRequest('capture:mobileStopMismatch', { pieces: row.pieces });
      }
      await trx
        .updateTable('captures')
        .set({ state: 'processing', duration_seconds: input.duration })
        .where('id', '=', id)
        .where('state', '=', 'recording')
        .execute();
      await trx.updateTable('mobile_recordings').set({ ended_at: ctx.clock.now() }).where('capture_id', '=', id).execute();
      return row;
    });
    if (!claimed) return this.#outcome(userId, id);
    const pieces = await listPieces(ctx.db, id);
    if (!bytesMatchMime(claimed.mime, await sniffType(await assembledHead(ctx.files, pieces)))) {
      await this.#end(id, 'typeMismatch');
      throw badRequest('capture:mobileTypeMismatch');
    }
    try {
      await preserveRecording(ctx, this.capture, { userId, row: claimed, pieces, duration: input.duration });
    } catch (error) {
      if (isInsufficient(error)) {
        await this.#end(id, 'insufficientPoints');
        throw error;
      }
      // Nothing was preserved or charged: the recording is open again, so the phone may stop it again.
      await ctx.db
        .updateTable('captures')
        .set({ state: 'recording', duration_seconds: null })
        .where('id', '=', id)
        .where('state', '=', 'processing')
        .execute();
      await ctx.db.updateTable('mobile_recordings').set({ ended_at: null }).where('capture_id', '=', id).execute();
      throw error;
    }
    return this.status(userId, id);
  }

  /** The status once another stop has finished (done answers; failed refuses as ended). */
  async #outcome(userId: number, id: number): Promise<MobileRecordingStatus> {
    const deadline = Date.now() + STOP_WAIT_MS;
    for (;;) {
      const row = await findRecording(this.ctx.db, userId, id);
      if (!row) throw missing();
      if (row.state === 'done') return this.toStatus(row);
      if (row.state !== 'processing') throw ended();
      if (Date.now() > deadline) throw badRequest('capture:mobileStopping');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Fails a recording (uncharged) and releases its pieces, in one transaction. */
  async #end(id: number, reason: 'typeMismatch' | 'insufficientPoints' | 'interrupted'): Promise<void> {
    await this.capture.fail(id, null, reason, (trx) => releasePieces(trx, id));
  }

  /**
   * Ends recordings silent for MOBILE_RECORDING_IDLE_SECONDS as failed (`abandoned`, uncharged, their pieces
   * released), each under its row lock with the silence checked again; and fails stops whose process died.
   */
  async sweep(): Promise<void> {
    const { ctx } = this;
    const now = ctx.clock.now().getTime();
    const cutoff = new Date(now - ctx.config.MOBILE_RECORDING_IDLE_SECONDS * 1000);
    for (const id of await idleRecordings(ctx.db, cutoff)) {
      await ctx.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('mobile_recordings').selectAll().where('capture_id', '=', id).forUpdate().executeTakeFirst();
        if (!row || (row.last_piece_at ?? row.started_at) >= cutoff) return;
        const failed = await trx
          .updateTable('captures')
          .set({ state: 'failed', reason: 'abandoned', finished_at: new Date(now) })
          .where('id', '=', id)
          .where('state', '=', 'recording')
          .returning('id')
          .executeTakeFirst();
        if (!failed) return;
        await trx
          .updateTable('mobile_recordings')
          .set({ ended_at: new Date(now) })
          .where('capture_id', '=', id)
          .execute();
        await releasePieces(trx, id);
      });
    }
    for (const id of await stuckRecordings(ctx.db, new Date(now - STUCK_MS))) await this.#end(id, 'interrupted');
  }

  startSweeping(): void {
    const { log } = this.ctx;
    this.#sweeper ??= setInterval(
      () => void this.sweep().catch((error: unknown) => log.warn({ err: error }, 'recording sweep failed')),
      SWEEP_MS,
    );
    this.#sweeper.unref();
  }

  stopSweeping(): void {
    if (this.#sweeper) clearInterval(this.#sweeper);
    this.#sweeper = null;
  }
}
