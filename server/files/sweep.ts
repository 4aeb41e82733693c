import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { FileStore } from './store';
import { isSiblingTemp, removeAbandonedTemps } from './temp';

/**
 * Where each store of a DATA_DIR lives. The modules build their FileStore from these (the sealed KYC store
 * adds its key); the sweep opens the same folders without keys (it only lists and deletes whole objects).
 */
export const storeRoots = (dataDir: string) => ({
  /** Evidence files, capture bundles and their parts, notary seal copies and documents. */
  main: join(dataDir, 'files'),
  /** Users' seal images. */
  signatures: join(dataDir, 'files', 'signatures'),
  /** Identity images, encrypted at rest. */
  kycSealed: join(dataDir, 'files', 'kyc-sealed'),
  /** Bank-transfer screenshots of notary orders. */
  notaryTransfers: join(dataDir, 'files', 'notary-transfers'),
  /** Copies of users' personal data, kept until their link expires. */
  personalData: join(dataDir, 'files', 'personal-data'),
  /** Issued invoices' files (PDF, OFD, XML), also the attachments of sandbox mails. */
  invoices: join(dataDir, 'files', 'invoices'),
});

export type StoreName = keyof ReturnType<typeof storeRoots>;

const keysOf = (rows: { key: string | null }[]) => new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));

/**
 * Every column that names a stored object, by store. A table or column that starts keeping file keys must
 * be added here, or the sweep would take its objects for orphans (sweep.test.ts checks the schema for
 * columns named like file keys that this list does not know).
 */
export const REFERENCES: Record<StoreName, { columns: string[]; keys: (db: Kysely<DB>) => Promise<Set<string>> }> = {
  main: {
    columns: [
      'evidence.file_key',
      'notary_orders.seal_file_key',
      'notary_documents.file_key',
      'notary_orders.certificate_file_key',
      'captures.files',
      'captures.recording_file_key',
      'mobile_recording_pieces.file_key',
    ],
    keys: async (db) => {
      const { rows } = await sql<{ key: string | null }>`
        SELECT file_key AS key FROM evidence
        UNION SELECT seal_file_key FROM notary_orders WHERE seal_file_key IS NOT NULL
        UNION SELECT file_key FROM notary_documents WHERE file_key IS NOT NULL
        UNION SELECT certificate_file_key FROM notary_orders WHERE certificate_file_key IS NOT NULL
        UNION SELECT recording_file_key FROM captures WHERE recording_file_key IS NOT NULL AND state = 'processing'
        UNION SELECT file_key FROM mobile_recording_pieces
        UNION SELECT part->>'key' FROM captures
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(files) = 'array' THEN files ELSE '[]'::jsonb END) AS part`.execute(
        db,
      );
      return keysOf(rows);
    },
  },
  signatures: {
    columns: ['signatures.file_key'],
    keys: async (db) => keysOf(await db.selectFrom('signatures').select('file_key as key').execute()),
  },
  kycSealed: {
    columns: ['kyc_submissions.files'],
    // `files` is the JSON text {field: {key, type}}.
    keys: async (db) => {
      const { rows } = await sql<{ key: string | null }>`
        SELECT image.value->>'key' AS key FROM kyc_submissions
          CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(files::jsonb) = 'object' THEN files::jsonb ELSE '{}'::jsonb END) AS image`.execute(
        db,
      );
      return keysOf(rows);
    },
  },
  notaryTransfers: {
    columns: ['notary_orders.transfer_file_key'],
    keys: async (db) =>
      keysOf(await db.selectFrom('notary_orders').select('transfer_file_key as key').where('transfer_file_key', 'is not', null).execute()),
  },
  personalData: {
    columns: ['personal_data_exports.file_key'],
    keys: async (db) =>
      keysOf(await db.selectFrom('personal_data_exports').select('file_key as key').where('file_key', 'is not', null).execute()),
  },
  invoices: {
    columns: ['invoice_files.file_key', 'mail_outbox.attachments'],
    keys: async (db) => {
      const { rows } = await sql<{ key: string | null }>`
        SELECT file_key AS key FROM invoice_files
        UNION SELECT part->>'key' FROM mail_outbox
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(attachments) = 'array' THEN attachments ELSE '[]'::jsonb END) AS part`.execute(
        db,
      );
      return keysOf(rows);
    },
  },
};

export interface SweepOptions {
  /** Objects written less than this long ago are never collected: their row may be about to commit. */
  orphanGraceMs: number;
  /** The store of each name (stores.ts openStore on the configured storage); default: local folders of the DATA_DIR. */
  open?: (name: StoreName) => FileStore;
  /** Temporary files not written to for this long are removed even when their owner cannot be checked. */
  tempStaleMs: number;
  nowMs?: number;
}

export interface SweepReport {
  /** Temporary files (uploads, atomic writes) of dead writers removed. */
  temps: number;
  /** Objects no row names, by store. */
  orphans: Record<StoreName, number>;
  /** Capture working folders of captures that are no longer recorded or processed. */
  captureDirs: number;
}

/**
 * Objects of `store` older than the grace period that no row names are deleted. Listed first, then the
 * references read, then each candidate stat-ed again just before it goes: an upload of equal content in
 * another process refreshes the object's time (FileStore.put) before its row commits, so it is spared.
 */
export async function sweepOrphans(
  store: FileStore,
  references: () => Promise<Set<string>>,
  graceMs: number,
  nowMs: number,
): Promise<number> {
  const candidates: string[] = [];
  for await (const object of store.objects()) {
    if (nowMs - object.mtimeMs >= graceMs) candidates.push(object.key);
  }
  if (candidates.length === 0) return 0;
  const referenced = await references();
  let removed = 0;
  for (const key of candidates) {
    if (referenced.has(key)) continue;
    const mtimeMs = await store.modifiedAt(key);
    if (mtimeMs === null || nowMs - mtimeMs < graceMs) continue;
    await store.remove(key);
    removed++;
  }
  return removed;
}

/**
 * Capture working folders (`${DATA_DIR}/capture/sessions/<capture id>`: frames, record, the video being
 * encoded) whose capture is not recording or processing any more, or does not exist: what a killed process
 * left. A recording of a dead process is failed (and its folder removed) by the session sweeper once its
 * `last_seen_at` goes stale; a processing one is taken again by the job queue when its lease runs out.
 */
export async function sweepCaptureDirs(db: Kysely<DB>, dataDir: string): Promise<number> {
  const root = join(dataDir, 'capture', 'sessions');
  const names = await readdir(root).catch(() => [] as string[]);
  if (names.length === 0) return 0;
  const live = new Set(
    (await db.selectFrom('captures').select('id').where('state', 'in', ['recording', 'processing']).execute()).map((r) => String(r.id)),
  );
  let removed = 0;
  for (const name of names) {
    if (live.has(name)) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * The crash sweep of a DATA_DIR, run at every start and then periodically (index.ts): temporary
 * files of dead writers in every store and the keys folder, orphan objects of every store, leftover capture
 * folders. Safe with other processes on the same DATA_DIR (see temp.ts and the grace period).
 */
export async function sweepDataDir(db: Kysely<DB>, dataDir: string, options: SweepOptions): Promise<SweepReport> {
  const nowMs = options.nowMs ?? Date.now();
  const roots = storeRoots(dataDir);
  const report: SweepReport = {
    temps: 0,
    orphans: { main: 0, signatures: 0, kycSealed: 0, notaryTransfers: 0, personalData: 0, invoices: 0 },
    captureDirs: 0,
  };
  for (const name of Object.keys(roots) as StoreName[]) {
    const store = options.open ? options.open(name) : new FileStore(roots[name]);
    report.temps += await store.removeAbandonedTemps(options.tempStaleMs, nowMs);
    report.orphans[name] = await sweepOrphans(store, () => REFERENCES[name].keys(db), options.orphanGraceMs, nowMs);
  }
  report.temps += await removeAbandonedTemps(join(dataDir, 'keys'), options.tempStaleMs, nowMs, isSiblingTemp);
  report.captureDirs = await sweepCaptureDirs(db, dataDir);
  return report;
}
