import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { PersonalDataExport } from '../../../contracts/index';
import type { AppContext } from '../../context';
import type { PersonalDataExportsTable } from '../../db/schema';
import type { SignedLink } from '../../files/links';
import type { FileStore } from '../../files/store';
import type { JobQueue, JobRow } from '../../jobs/queue';
import { formatChinaTime } from '../../lib/time';
import { notify } from '../notifications/index';
import { userTranslator } from '../../http/language';
import { collectSections, type CollectHelpers } from './collect';
import { buildPackage } from './package';

export type ExportRow = Selectable<PersonalDataExportsTable>;

export const JOB_EXPORT = 'personal-data.export';
export const JOB_PURGE = 'personal-data.purge';
export const DOWNLOAD_PATH = '/api/personalData/download';
/** How long a finished copy is kept for its owner to download; the zip is deleted then (docs/decisions/personal-data.md). */
export const EXPORT_TTL_SECONDS = 24 * 3600;
/** A download link lives this long (enough for the browser to follow it) and works once. */
export const DOWNLOAD_LINK_TTL_SECONDS = 60;
/** The copy is text and a few seal images; far below this. */
const MAX_ZIP_BYTES = 512 * 1024 * 1024;

export interface PersonalDataDeps {
  ctx: AppContext;
  jobs: JobQueue;
  /** Where the zips are kept (store 'personalData'). */
  store: FileStore;
  /** The seal images (store 'signatures'). */
  sealStore: FileStore;
  /** Readers of stored values for the copy: sealed verification fields, capture failure reasons. */
  collect: CollectHelpers;
}

/**
 * A copy of one's personal data (PIPL art. 45): started by the user, made by a background job (progress
 * in the row), announced by a notification, downloaded in the owner's session only (the page asks, with the session,
 * for a signed link that lives a minute and works once), and deleted by a second job when it expires. One export per user is queued or running at a time.
 */
export class PersonalDataService {
  constructor(private readonly deps: PersonalDataDeps) {}

  /** The running export when there is one (a repeated start answers it), else a new one, queued. */
  async start(userId: number): Promise<PersonalDataExport> {
    const { db, clock } = this.deps.ctx;
    const row = await db.transaction().execute(async (trx) => {
      // The owner's row, locked: two starts at once make one export.
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
      const active = await trx
        .selectFrom('personal_data_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (active) return active;
      const created = await trx
        .insertInto('personal_data_exports')
        .values({ user_id: userId, created_at: clock.now() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.deps.jobs.enqueue(trx, JOB_EXPORT, { exportId: created.id }, { maxAttempts: 3 });
      return created;
    });
    return this.view(row);
  }

  /** The user's latest export, null when they never asked for one. */
  async latest(userId: number): Promise<PersonalDataExport | null> {
    const row = await this.deps.ctx.db
      .selectFrom('personal_data_exports')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? this.view(row) : null;
  }

  /** A ready export past its time reads as expired even before the purge job has run. */
  view(row: ExportRow): PersonalDataExport {
    const now = this.deps.ctx.clock.now();
    const lapsed = row.state === 'ready' && (!row.expires_at || row.expires_at <= now);
    const state = lapsed ? 'expired' : row.state;
    return {
      id: row.id,
      state,
      progress: row.progress,
      createdAt: formatChinaTime(row.created_at),
      readyAt: row.finished_at && row.state !== 'failed' ? formatChinaTime(row.finished_at) : '',
      expiresAt: row.expires_at ? formatChinaTime(row.expires_at) : '',
      size: row.size === null ? null : Number(row.size),
    };
  }

  /**
   * For the signed-in owner only: a link to their ready copy that lives DOWNLOAD_LINK_TTL_SECONDS and works once
   * (a browser download cannot send the session's header, so the page asks for this right before it downloads).
   * A new link replaces the previous one. Null when the caller has no ready copy.
   */
  async link(userId: number): Promise<SignedLink | null> {
    const { db, clock, links } = this.deps.ctx;
    const now = clock.now();
    const nonce = randomBytes(18).toString('base64url');
    const row = await db
      .updateTable('personal_data_exports')
      .set({ link_nonce: nonce })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('personal_data_exports')
          .select((e) => e.fn.max('id').as('id'))
          .where('user_id', '=', userId),
      )
      .where('user_id', '=', userId)
      .where('state', '=', 'ready')
      .where('expires_at', '>', now)
      .where('file_key', 'is not', null)
      .returning(['id', 'user_id'])
      .executeTakeFirst();
    if (!row) return null;
    return links.create(DOWNLOAD_PATH, { e: String(row.id), u: String(row.user_id), n: nonce }, DOWNLOAD_LINK_TTL_SECONDS);
  }

  /**
   * The export a link names, when the link is genuine, unexpired, not used yet (it is spent here, in the statement
   * that checks it), and the file is still there; null for anything else (a guessed, altered, expired or used link,
   * another user's id, a purged file), which all answer alike.
   */
  async download(query: unknown): Promise<ExportRow | null> {
    const params = await this.deps.ctx.links.check(DOWNLOAD_PATH, query, ['e', 'u', 'n'] as const);
    if (!params || !/^\d{1,12}$/.test(params.e) || !/^\d{1,12}$/.test(params.u) || params.n.length < 20) return null;
    const now = this.deps.ctx.clock.now();
    const row = await this.deps.ctx.db
      .updateTable('personal_data_exports')
      .set({ link_nonce: null })
      .where('id', '=', Number(params.e))
      .where('user_id', '=', Number(params.u))
      .where('link_nonce', '=', params.n)
      .where('state', '=', 'ready')
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (!row?.file_key) return null;
    return (await this.deps.store.has(row.file_key)) ? row : null;
  }

  /** The export job: reads every section, writes the zip, marks the export ready, tells the user. */
  async runExport(job: JobRow): Promise<void> {
    const { db, clock } = this.deps.ctx;
    const exportId = Number(job.payload.exportId);
    const row = await db.selectFrom('personal_data_exports').selectAll().where('id', '=', exportId).executeTakeFirst();
    if (!row || (row.state !== 'queued' && row.state !== 'running')) {
      await this.deps.jobs.complete(db, job.id);
      return;
    }
    const setProgress = async (progress: number) => {
      await db
        .updateTable('personal_data_exports')
        .set({ state: 'running', progress })
        .where('id', '=', exportId)
        .where('state', 'in', ['queued', 'running'])
        .execute();
    };
    await setProgress(5);
    const { sections, seals } = await collectSections(db, row.user_id, this.deps.collect, (done, total) =>
      setProgress(5 + Math.floor((80 * done) / total)),
    );
    const now = clock.now();
    // Made by a job: in the owner's language (their setting, else the default).
    const owner = await db.selectFrom('users').select('language').where('id', '=', row.user_id).executeTakeFirst();
    const language = userTranslator(owner?.language).language;
    const stored = await this.deps.store.put(await buildPackage(sections, seals, this.deps.sealStore, now, language), {
      maxBytes: MAX_ZIP_BYTES,
    });
    await setProgress(95);
    const expiresAt = new Date(now.getTime() + EXPORT_TTL_SECONDS * 1000);
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('personal_data_exports')
        .set({ state: 'ready', progress: 100, file_key: stored.key, size: stored.size, finished_at: now, expires_at: expiresAt })
        .where('id', '=', exportId)
        .where('state', 'in', ['queued', 'running'])
        .returning('id')
        .executeTakeFirst();
      if (updated) {
        await notify(
          { db: trx, clock },
          row.user_id,
          { key: 'personal-data:readyNotice', params: { expires: expiresAt.toISOString() } },
          {
            kind: 'personalData',
            ref: String(exportId),
          },
        );
        const purge = await this.deps.jobs.enqueue(trx, JOB_PURGE, { exportId });
        await trx.updateTable('jobs').set({ run_after: expiresAt }).where('id', '=', purge).execute();
      }
      await this.deps.jobs.complete(trx, job.id);
    });
  }

  /** Attempts used up: the export failed; the user is told and may start again. */
  async giveUp(job: JobRow): Promise<void> {
    const { db, clock } = this.deps.ctx;
    const exportId = Number(job.payload.exportId);
    const failed = await db
      .updateTable('personal_data_exports')
      .set({ state: 'failed', finished_at: clock.now() })
      .where('id', '=', exportId)
      .where('state', 'in', ['queued', 'running'])
      .returning('user_id')
      .executeTakeFirst();
    if (failed)
      await notify({ db, clock }, failed.user_id, { key: 'personal-data:failedNotice' }, { kind: 'personalData', ref: String(exportId) });
  }

  /**
   * The purge job, due when the link expires: the zip is deleted from the store and the row kept as 'expired'
   * (when and what was exported, no content). A key another export shares (same bytes) is left in place.
   */
  async purge(job: JobRow): Promise<void> {
    const { db, clock } = this.deps.ctx;
    const exportId = Number(job.payload.exportId);
    const row = await db.selectFrom('personal_data_exports').selectAll().where('id', '=', exportId).executeTakeFirst();
    if (row?.file_key) {
      const shared = await db
        .selectFrom('personal_data_exports')
        .select('id')
        .where('file_key', '=', row.file_key)
        .where('id', '<>', row.id)
        .executeTakeFirst();
      if (!shared) await this.deps.store.remove(row.file_key);
    }
    await db.transaction().execute(async (trx) => {
      if (row)
        await trx
          .updateTable('personal_data_exports')
          .set({ state: 'expired', file_key: null, purged_at: clock.now() })
          .where('id', '=', exportId)
          .execute();
      await this.deps.jobs.complete(trx, job.id);
    });
  }
}
