import type { ColumnType, Generated } from 'kysely';
import type { Id, Timestamp, NullableTimestamp } from './columns';

// Accounts and what hangs on them: sessions, SMS codes, notices, notifications, keys and seals, addresses,
// real-name verification, personal-data copies and cancellations.

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
  /** One of locales/languages.json, or null: the request's Accept-Language, then the default. */
  language: string | null;
  extract_code: Generated<string>;
  created_at: Timestamp;
  /** Set when the account was cancelled and its personal data erased; the row is a tombstone. */
  cancelled_at: NullableTimestamp;
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

/** A desktop-to-phone sign-in code: its SHA-256 only, used once (0028_mobile_recordings.sql). */
export interface AuthHandoffsTable {
  code_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export type SmsPurpose = 'register' | 'login' | 'reset' | 'cancel';

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
  /** What the message is about (migration 0012); both NULL when it names nothing. */
  subject_kind: 'order' | 'invoice' | 'verification' | 'notary' | 'evidence' | 'personalData' | null;
  subject_ref: string | null;
  /** The copy key rendered when read (migration 0026); NULL on older rows, which show `content` as is. */
  message_key: string | null;
  /** JSON text of the key's parameters (server/modules/notifications/service.ts MessageParams). */
  message_params: string | null;
}

export interface SigningKeysTable {
  name: string;
  /** 32 random bytes, base64. */
  secret: string;
}

export interface SignaturesTable {
  id: Id;
  user_id: number;
  name: string;
  file_key: string;
  file_size: number;
  is_default: Generated<boolean>;
  created_at: Timestamp;
}

export interface AddressesTable {
  id: Id;
  user_id: number;
  name: string;
  province_code: string;
  city_code: string;
  area_code: Generated<string>;
  province: string;
  city: string;
  area: Generated<string>;
  address: string;
  phone_number: string;
  email: string;
  is_default: Generated<boolean>;
  created_at: Timestamp;
}

export interface KycSubmissionsTable {
  id: Id;
  user_id: number;
  kind: 'organization' | 'document' | 'face' | 'supplement';
  state: Generated<'pending' | 'approved' | 'rejected'>;
  /** AES-256-GCM of the JSON of the text fields (server/modules/kyc/crypto.ts). */
  fields_enc: string;
  /** JSON {field: {key, type}} of the images in the private kyc store. */
  files: Generated<string>;
  certify_id: string | null;
  reason: Generated<string>;
  created_at: Timestamp;
  decided_at: NullableTimestamp;
}

/** A copy of one's personal data, made in the background (migration 0018). */
export interface PersonalDataExportsTable {
  id: Id;
  user_id: number;
  state: Generated<'queued' | 'running' | 'ready' | 'failed' | 'expired'>;
  progress: Generated<number>;
  file_key: string | null;
  size: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  purged_at: NullableTimestamp;
  /** The one-time download link currently handed out (migration 0024); cleared when used. */
  link_nonce: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AccountCancellationsTable {
  id: Id;
  user_id: number;
  state: Generated<'pending' | 'withdrawn' | 'erasing' | 'done'>;
  requested_at: Timestamp;
  due_at: Timestamp;
  withdrawn_at: NullableTimestamp;
  erased_at: NullableTimestamp;
  done_at: NullableTimestamp;
  objects: ColumnType<{ store: string; key: string }[], string | undefined, string>;
  lease_until: NullableTimestamp;
  blocked_at: NullableTimestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}
