import type { ColumnType } from 'kysely';
import type { Timestamp } from './columns';

// The transparency log: its entries, tree nodes, signed checkpoints, keys and trusted timestamps.

export interface LogHeadTable {
  id: number;
  tree_size: number;
}

export interface LogEntriesTable {
  idx: number;
  entry: string;
  leaf_hash: string;
  created_at: Timestamp;
}

export interface LogNodesTable {
  level: number;
  idx: number;
  hash: string;
}

export interface LogCheckpointsTable {
  tree_size: number;
  root_hash: string;
  signed_at: string;
  signed_text: string;
  signature: string;
  key_id: string;
}

/** Public keys that have signed checkpoints, current and retired (0014_log_keys.sql). */
export interface LogKeysTable {
  key_id: string;
  /** Base64 of the 32-byte raw Ed25519 public key. */
  public_key: string;
  pem: string;
  published_at: Date;
}

/** RFC 3161 tokens over checkpoints (0017_log_timestamps.sql). */
export interface LogTimestampsTable {
  tree_size: number;
  /** Base64 DER TimeStampToken. */
  token: string;
  gen_time: Date;
  authority: string;
  created_at: Date;
}

/** The sandbox time-stamping authority's keys and certificates (0017_log_timestamps.sql). */
export interface TsaSandboxTable {
  id: number;
  material: ColumnType<{ privateKey: string; certificates: string[]; policy: string }, string, never>;
}
