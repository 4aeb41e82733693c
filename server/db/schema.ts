import type { ColumnType, Generated } from 'kysely';

/** Columns written once by the database (identity) and read as numbers: see the int8 parsers in database.ts. */
type Id = Generated<number>;
type Timestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface UsersTable {
  id: Id;
  phone: string;
  password_hash: string;
  status: Generated<number>;
  user_status: Generated<number>;
  auth_type: Generated<number>;
  repair_type: Generated<number>;
  /** Hundredths of a point. */
  points: Generated<number>;
  contact_phone: Generated<string>;
  company: Generated<string>;
  contact_name: Generated<string>;
  extract_code: Generated<string>;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: Id;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export type SmsPurpose = 'register' | 'login' | 'reset';

export interface SmsCodesTable {
  id: Id;
  phone: string;
  purpose: SmsPurpose;
  code_hash: string;
  ip: Generated<string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: NullableTimestamp;
  /** Set when the code passed a check (used_at is also set when a newer code retires it). */
  verified_at: NullableTimestamp;
}

export interface SmsOutboxTable {
  id: Id;
  phone: string;
  content: string;
  created_at: Timestamp;
}

export interface RateLimitHitsTable {
  id: Id;
  bucket: string;
  hit_at: Timestamp;
}

export interface NoticesTable {
  id: Id;
  title: string;
  content: string;
  created_at: Timestamp;
  published: Generated<boolean>;
}

export interface AppVersionsTable {
  id: Id;
  version: string;
  released_at: Timestamp;
  notes: Generated<string>;
  android_url: Generated<string>;
  ios_url: Generated<string>;
}

export interface NotificationsTable {
  id: Id;
  user_id: number;
  content: string;
  created_at: Timestamp;
  is_read: Generated<boolean>;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  rate_limit_hits: RateLimitHitsTable;
  notices: NoticesTable;
  app_versions: AppVersionsTable;
  notifications: NotificationsTable;
  schema_migrations: SchemaMigrationsTable;
}
