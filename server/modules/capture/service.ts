import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { CaptureDetail, CaptureItem, CapturePart, CaptureReason } from '../../../contracts/index';
import {
  captureReasonSchema,
  limitedCaptureDetailSchema,
  type LimitedCaptureDetail,
  type mobileUploadFields,
  processFactsSchema,
  webFactsSchema,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import type { CaptureFileRow, DB, EvidenceForensics } from '../../db/schema';
import { fileLink } from '../../files/links';
import { ApiError, badRequest } from '../../http/errors';
import { formatChinaTime } from '../../lib/time';
import type { JobQueue } from '../../jobs/queue';

import { spendPoints } from '../ledger/index';
import { notify, word } from '../notifications/index';
import type { EvidenceRow } from '../evidence/index';
import { appForensicsFields, recordingFactsOf, type CertificateView, type EvidenceService } from '../evidence/index';
import { refusedAtOnce, type AddressPolicy } from './address-policy';
import { CaptureBrowser } from './browser';
import { reasonKey } from './failure';
import { findCapture, findCaptureByEvidence, heldPrice, TYPE_OF_KIND, type CaptureKind, type CaptureWithEvidence } from './repository';

/** Work that commits with a capture's own change (what the capture held, released). */
type InTransaction = (trx: Transaction<DB>) => Promise<void>;

export const JOB_WEB = 'capture.web';
export const JOB_PROCESS = 'capture.process';

/** Points (as configured, two decimals) in the hundredths the ledger counts. */
export const hundredths = (points: number) => Math.round(points * 100);
const points = (h: number) => Math.round(h) / 100;

export const KIND_WORD: Record<CaptureKind, string> = {
  web: 'capture:kind_web',
  process: 'capture:kind_process',
  mobile: 'capture:kind_mobile',
};
export const ORDER_WORD: Record<CaptureKind, string> = {
  web: 'capture:order_web',
  process: 'capture:order_process',
  mobile: 'capture:order_mobile',
};

export const isInsufficient = (error: unknown) => error instanceof ApiError && error.messageKey === 'payment:insufficientPoints';

/**
 * Online evidence collection: web captures and recorded sessions become jobs, app uploads are
 * preserved at once; every result is preserved like an uploaded file (same log, same certificate) in one
 * transaction with its charge, so a capture is charged exactly when it is preserved and never otherwise.
 */
export class CaptureService {
  readonly browser: CaptureBrowser;
  readonly policy: AddressPolicy;

  constructor(
    private readonly ctx: AppContext,
    readonly evidence: EvidenceService,
    readonly jobs: JobQueue,
  ) {
    const { config } = ctx;
    this.browser = new CaptureBrowser(config.CHROMIUM_PATH);
    this.policy = {
      allowPrivate: config.CAPTURE_ALLOW_PRIVATE,
      servicePort: config.PORT,
      serviceHosts: config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).hostname.toLowerCase()] : [],
      lookupTimeoutMs: 5_000,
    };
  }

  prices(): { web: number; process: number; mobile: number } {
    const { config } = this.ctx;
    return {
      web: points(hundredths(config.CAPTURE_WEB_POINTS)),
      process: points(hundredths(config.CAPTURE_PROCESS_POINTS)),
      mobile: points(hundredths(config.CAPTURE_MOBILE_POINTS)),
    };
  }

  priceOf(kind: CaptureKind): number {
    const { config } = this.ctx;
    return hundredths(
      kind === 'web' ? config.CAPTURE_WEB_POINTS : kind === 'process' ? config.CAPTURE_PROCESS_POINTS : config.CAPTURE_MOBILE_POINTS,
    );
  }

  /**
   * Refuses (400 积分不足) when the balance cannot cover `price` on top of what the owner's open captures
   * may still cost; locks the owner's row when given a transaction, so two requests cannot both pass.
   */
  async assertAffordable(db: Kysely<DB> | Transaction<DB>, userId: number, price: number): Promise<void> {
    if (price === 0) return;
    const user = await db.selectFrom('users').select('points').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if (user.points < (await heldPrice(db, userId)) + price) throw badRequest('payment:insufficientPoints');
  }

  /** Queues one web capture per address (refused addresses and a balance that cannot pay refuse them all). */
  async submitWeb(userId: number, input: { urls: string[]; title: string; label: string }): Promise<{ ids: number[]; points: number }> {
    for (const url of input.urls) {
      if (refusedAtOnce(new URL(url), this.policy)) throw badRequest('capture:refusedUrl', { url });
    }
    const price = this.priceOf('web');
    const ids = await this.ctx.db.transaction().execute(async (trx) => {
      await this.assertAffordable(trx, userId, price * input.urls.length);
      const now = this.ctx.clock.now();
      const created: number[] = [];
      for (const url of input.urls) {
        const row = await trx
          .insertInto('captures')
          .values({ user_id: userId, kind: 'web', state: 'queued', title: input.title, label: input.label, url, price, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        const jobId = await this.jobs.enqueue(trx, JOB_WEB, { captureId: row.id });
        await trx.updateTable('captures').set({ job_id: jobId }).where('id', '=', row.id).execute();
        created.push(row.id);
      }
      return created;
    });
    this.jobs.poke();
    return { ids, points: points(price * ids.length) };
  }

  /**
   * Preserves an upload of the mobile app (type 4) with its forensics; its charge, the capture row and the
   * record commit together. The balance is checked before a byte is read.
   */
  async uploadMobile(userId: number, fields: z.output<typeof mobileUploadFields>, source: Readable): Promise<CaptureItem> {
    const price = this.priceOf('mobile');
    try {
      await this.assertAffordable(this.ctx.db, userId, price);
    } catch (error) {
      source.resume();
      throw error;
    }
    const forensics: EvidenceForensics = {
      appAddress: fields.appAddress,
      appType: fields.appType,
      duration: Number(fields.duration),
      configName: fields.configName,
      configModelName: fields.configModelName,
      configVersion: fields.configVersion,
      configProcessor: fields.configProcessor,
      configCore: fields.configCore,
    };
    let captureId = 0;
    await this.evidence.preserve(userId, {
      source,
      fileName: fields.fileName,
      label: fields.label,
      title: fields.title,
      type: TYPE_OF_KIND.mobile,
      isApp: true,
      durationSeconds: forensics.duration,
      forensics,
      inTransaction: async (trx, row) => {
        const orderNo =
          price > 0
            ? (
                await spendPoints(trx, this.ctx, userId, {
                  amount: price,
                  description: this.ctx.translator.t(ORDER_WORD.mobile, { title: fields.title }),
                })
              ).orderNo
            : null;
        const capture = await trx
          .insertInto('captures')
          .values({
            user_id: userId,
            kind: 'mobile',
            state: 'done',
            title: fields.title,
            label: fields.label,
            price,
            duration_seconds: forensics.duration,
            evidence_id: row.id,
            order_no: orderNo,
            files: JSON.stringify([
              { name: row.title, role: 'media', key: row.file_key, sha256: row.file_hash, size: row.size, mime: row.mime },
            ]),
            created_at: row.created_at,
            started_at: row.created_at,
            finished_at: row.created_at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        captureId = capture.id;
      },
    });
    const item = await this.item(userId, captureId);
    if (!item) throw new Error('mobile capture vanished');
    return item;
  }

  /** One capture of the owner as the lists and queue pages show it; undefined for a missing or another user's. */
  async item(userId: number, id: number): Promise<CaptureItem | undefined> {
    const row = await findCapture(this.ctx.db, userId, id);
    if (!row) return undefined;
    const ahead = row.state === 'queued' && row.job_id ? await this.jobs.ahead(row.job_id) : null;
    return this.toItem(row, await this.#present(row), ahead);
  }

  async #present(row: CaptureWithEvidence): Promise<boolean> {
    // From the row, the store only for a record not checked since `file_present` was added.
    return row.ev_file_key ? (row.ev_file_present ?? this.ctx.files.has(row.ev_file_key)) : false;
  }

  async toItems(rows: CaptureWithEvidence[]): Promise<CaptureItem[]> {
    const present = await Promise.all(rows.map((r) => this.#present(r)));
    return rows.map((row, i) => this.toItem(row, present[i] ?? false, null));
  }

  toItem(row: CaptureWithEvidence, present: boolean, ahead: number | null): CaptureItem {
    const reason = row.reason ? captureReasonSchema.catch('internal').parse(row.reason) : null;
    const done = row.state === 'done' && row.evidence_id !== null;
    return {
      id: row.id,
      type: TYPE_OF_KIND[row.kind],
      state: row.state,
      reason: row.state === 'failed' ? reason : null,
      reasonText: row.state === 'failed' && reason ? this.ctx.translator.t(reasonKey(reason)) : null,
      title: row.title,
      label: row.label,
      url: row.url,
      duration: row.duration_seconds,
      points: points(row.price),
      createTime: formatChinaTime(row.created_at),
      finishTime: row.finished_at ? formatChinaTime(row.finished_at) : null,
      ahead,
      evidenceId: done ? row.evidence_id : null,
      baoquan: done ? row.ev_baoquan : null,
      saveTime: done && row.ev_created_at ? formatChinaTime(row.ev_created_at) : null,
      chainhash: done ? row.ev_chainhash : null,
      filehash: done ? row.ev_file_hash : null,
      size: done ? row.ev_size : null,
      path: done ? row.ev_path : null,
      fileType: done ? row.ev_file_kind : null,
      isDownload: done ? (present ? 1 : 0) : null,
      ...appForensicsFields(done ? row.ev_forensics : null),
    };
  }

  /** The collected record behind a preservation number, as the caller may see it (owner, code holder, anyone). */
  async detail(row: EvidenceRow, view: CertificateView): Promise<CaptureDetail> {
    const capture = await findCaptureByEvidence(this.ctx.db, row.id);
    const isDownload = (await this.evidence.present(row)) ? 1 : 0;
    const explorerUrl = this.evidence.explorerUrl(row.chainhash);
    if (view === 'limited') return limitedCaptureDetail(row, capture?.files ?? [], { isDownload, explorerUrl });
    const facts = capture?.facts ?? null;
    const web = capture?.kind === 'web' ? webFactsSchema.safeParse(facts) : null;
    const process = capture?.kind === 'process' ? processFactsSchema.safeParse(facts) : null;
    return {
      view,
      isSelf: view === 'owner' ? 1 : 0,
      type: row.type,
      baoquan: row.baoquan,
      title: row.title,
      label: row.label,
      saveTime: formatChinaTime(row.created_at),
      chainhash: row.chainhash,
      filehash: row.file_hash,
      size: row.size,
      fileType: row.file_kind,
      path: view === 'owner' ? row.path : null,
      isDownload,
      explorerUrl,
      url: row.source_url,
      duration: row.duration_seconds,
      forensics: row.forensics,
      web: web?.success ? web.data : null,
      process: process?.success ? process.data : null,
      recording: capture?.kind === 'mobile' ? await recordingFactsOf(this.ctx.db, row.id) : null,
      files: (capture?.files ?? []).map((f) => ({ name: f.name, sha256: f.sha256, size: f.size })),
      captureId: view === 'owner' && capture ? capture.id : null,
    };
  }

  /** Signed links of a record's parts (and of the whole bundle), for the owner or a holder of the code. */
  async parts(row: EvidenceRow): Promise<CapturePart[]> {
    const capture = await findCaptureByEvidence(this.ctx.db, row.id);
    const list: CapturePart[] = [];
    for (const file of capture?.files ?? []) {
      if (!(await this.ctx.files.has(file.key))) continue;
      const inline = file.role === 'screenshot' || file.role === 'video' || file.role === 'media';
      const link = await fileLink(
        this.ctx.links,
        {
          key: file.key,
          name: file.name,
          type: file.mime,
          disposition: inline ? 'inline' : 'attachment',
          holder: { owner: row.user_id, record: 'capture', id: row.id },
        },
        3600,
      );
      list.push({ role: file.role as CapturePart['role'], name: file.name, mime: file.mime, size: file.size, url: link.url });
    }
    if (capture?.kind !== 'mobile' && (await this.evidence.present(row))) {
      list.push({
        role: 'bundle',
        name: `${row.baoquan}.zip`,
        mime: row.mime,
        size: row.size,
        url: (await this.evidence.fileLink(row)).url,
      });
    }
    return list;
  }

  /** Fails a capture (not charged), completes its job and tells the owner in one transaction, with `alongside`. */
  async fail(captureId: number, jobId: number | null, reason: CaptureReason, alongside?: InTransaction): Promise<void> {
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      await alongside?.(trx);
      const updated = await trx
        .updateTable('captures')
        .set({ state: 'failed', reason, finished_at: now })
        .where('id', '=', captureId)
        .where('state', 'in', ['queued', 'capturing', 'recording', 'processing'])
        .returningAll()
        .executeTakeFirst();
      if (jobId !== null) await this.jobs.complete(trx, jobId);
      if (updated && reason !== 'abandoned') {
        await notify(
          { db: trx, clock: this.ctx.clock },
          updated.user_id,
          {
            key: 'capture:notify_failed',
            params: { kind: word(KIND_WORD[updated.kind]), title: updated.title, reason: word(reasonKey(reason)) },
          },
          null,
        );
      }
    });
  }

  sessionDir(captureId: number): string {
    return join(this.ctx.config.DATA_DIR, 'capture', 'sessions', String(captureId));
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

/**
 * How the limited view names a bundle part: by its role only. Stored names may carry the owner's words (an
 * app upload's part is named after its title), so none is ever shown there.
 */
const LIMITED_PART_NAME: Readonly<Record<string, string>> = {
  screenshot: 'screenshot.png',
  html: 'page.html',
  exchange: 'exchange.json',
  video: 'recording.webm',
  actions: 'actions.json',
  media: 'media',
  wacz: 'page.wacz',
};

/**
 * The limited record view (anyone without the code): named fields picked from the record into a new object
 * (an allow-list, checked against its own contract): hashes, sizes, kind and times; each bundle part by its
 * role, size and SHA-256. No title, label, address, facts, duration, forensics, path or capture id.
 */
export function limitedCaptureDetail(
  row: Pick<EvidenceRow, 'type' | 'baoquan' | 'created_at' | 'chainhash' | 'file_hash' | 'size' | 'file_kind'>,
  files: readonly Pick<CaptureFileRow, 'role' | 'sha256' | 'size'>[],
  shown: { isDownload: 0 | 1; explorerUrl: string },
): LimitedCaptureDetail {
  const view: LimitedCaptureDetail = {
    view: 'limited',
    isSelf: 0,
    type: row.type,
    baoquan: row.baoquan,
    title: null,
    label: null,
    saveTime: formatChinaTime(row.created_at),
    chainhash: row.chainhash,
    filehash: row.file_hash,
    size: row.size,
    fileType: row.file_kind,
    path: null,
    isDownload: shown.isDownload,
    explorerUrl: shown.explorerUrl,
    url: null,
    duration: null,
    forensics: null,
    web: null,
    process: null,
    recording: null,
    files: files.map((f) => ({ name: LIMITED_PART_NAME[f.role] ?? 'part', sha256: f.sha256, size: f.size })),
    captureId: null,
  };
  return limitedCaptureDetailSchema.parse(view);
}
