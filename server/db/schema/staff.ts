import type { ColumnType, Generated } from 'kysely';
import type { Id, Timestamp, NullableTimestamp } from './columns';

// The office's staff: accounts, recovery codes, sessions and the audit trail.

export type StaffRoleCode = 'admin' | 'notary' | 'finance' | 'reviewer';

/** Staff of the console (0015_staff.sql), apart from users. */
export interface StaffTable {
  id: Id;
  username: string;
  name: string;
  role: StaffRoleCode;
  password_hash: string;
  must_change_password: Generated<boolean>;
  /** AES-256-GCM of the base32 TOTP secret (the KYC key); null until enrolment starts. */
  totp_secret_enc: string | null;
  totp_enrolled: Generated<boolean>;
  /** The last 30-second step a code was accepted for (a code is never taken twice). */
  totp_last_step: number | null;
  failed_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  disabled: Generated<boolean>;
  created_at: Timestamp;
}

export interface StaffRecoveryCodesTable {
  id: Id;
  staff_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface StaffSessionsTable {
  id: Id;
  token_hash: string;
  staff_id: number;
  /** 'challenge': password right, second factor (or enrolment) still to come; 'active': signed in. */
  stage: 'challenge' | 'active';
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
}

/** The append-only staff audit log (UPDATE, DELETE and TRUNCATE refused by triggers). */
export interface StaffAuditTable {
  id: Id;
  staff_id: number | null;
  at: Timestamp;
  action: string;
  record_type: Generated<string>;
  record_id: Generated<string>;
  before: ColumnType<Record<string, unknown> | null, string | null | undefined, never>;
  after: ColumnType<Record<string, unknown> | null, string | null | undefined, never>;
  client_ip: Generated<string>;
}
