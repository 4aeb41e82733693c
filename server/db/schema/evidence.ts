import type { ColumnType, Generated } from 'kysely';
import type { Id, Timestamp, NullableTimestamp } from './columns';

// Preserved evidence, its counts, and the capture jobs that produce it.

export interface EvidenceForensics {
  appAddress: string;
  appType: string;
  duration: number;
  configName: string;
  configModelName: string;
  configVersion: string;
  configProcessor: string;
  configCore: string;
}

/** Live records per user and evidence type, kept by triggers on `evidence` (0021_evidence_counts.sql). */
export interface EvidenceCountsTable {
  user_id: number;
  type: number;
  live: number;
}

export interface EvidenceTable {
  id: Id;
  user_id: number;
  baoquan: string;
  title: string;
  label: Generated<string>;
  file_kind: 'image' | 'video' | 'audio' | 'document' | 'other';
  mime: string;
  file_key: string;
  file_hash: string;
  size: number;
  path: string;
  is_app: Generated<boolean>;
  /** Evidence type code (spec section 9): 1 web data, 2 process, 3 web capture, 4 mobile, 5 app data. */
  type: Generated<number>;
  /** Recorded length of process (2) and mobile (4) evidence. */
  duration_seconds: number | null;
  /** Captured address of web evidence (3). */
  source_url: string | null;
  forensics: ColumnType<EvidenceForensics | null, string | null | undefined, string | null>;
  log_index: number;
  chainhash: string;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** Whether the file is in the store; null: not checked since the column was added. */
  file_present: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** Erased with its owner's account: file and descriptions gone, hashes and log entry kept. */
  erased_at: NullableTimestamp;
}

/** Background work (server/jobs): claimed with FOR UPDATE SKIP LOCKED, held by a lease while it runs. */
export interface JobsTable {
  id: Id;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: Timestamp;
  lease_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One capture of online evidence collection: a web address, a recorded session or an app upload. */
export interface CapturesTable {
  id: Id;
  user_id: number;
  kind: 'web' | 'process' | 'mobile';
  state: 'queued' | 'capturing' | 'recording' | 'processing' | 'done' | 'failed';
  title: string;
  label: Generated<string>;
  url: string | null;
  reason: string | null;
  price: number;
  facts: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  files: ColumnType<CaptureFileRow[] | null, string | null | undefined, string | null>;
  duration_seconds: number | null;
  evidence_id: number | null;
  order_no: string | null;
  job_id: number | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  last_seen_at: NullableTimestamp;
  /** process: INTERNAL_URL of the process holding the session (its calls are forwarded there). */
  holder_url: string | null;
  /** process: the packed recording in the main store while it waits to be encoded (migration 0013). */
  recording_file_key: string | null;
}

/** A part of a capture's bundle, also stored on its own (so the screenshot and the video can be shown). */
export interface CaptureFileRow {
  name: string;
  role: string;
  key: string;
  sha256: string;
  size: number;
  mime: string;
}

/** A silence between two pieces' arrivals, as a recording states it (server times, China time text). */
export interface MobileGapRow {
  from: string;
  to: string;
  seconds: number;
}

/** What only a mobile recording has, beside its `captures` row (0028_mobile_recordings.sql). */
export interface MobileRecordingsTable {
  capture_id: number;
  media_kind: 'photo' | 'video' | 'audio';
  mime: string;
  device: ColumnType<Record<string, unknown>, string, string>;
  pieces: Generated<number>;
  bytes: Generated<number>;
  chain_head: string;
  started_at: Timestamp;
  last_piece_at: NullableTimestamp;
  gaps: ColumnType<MobileGapRow[], string | undefined, string>;
  ended_at: NullableTimestamp;
}

/** One received piece of an open recording; its object is held by this row until the recording ends. */
export interface MobileRecordingPiecesTable {
  capture_id: number;
  seq: number;
  sha256: string;
  size: number;
  file_key: string;
  received_at: Timestamp;
  chain_hash: string;
}
