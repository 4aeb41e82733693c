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
  /** One of locales/languages.json, or null: the request's Accept-Language, then the default. */
  language: string | null;
  extract_code: Generated<string>;
  created_at: Timestamp;
  /** Set when the account was cancelled and its personal data erased (issue 22); the row is a tombstone. */
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

/** Live records per user and evidence type, kept by triggers on `evidence` (0020_evidence_counts.sql). */
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
  /** Whether the file is in the store (issue 20); null: not checked since the column was added. */
  file_present: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** Erased with its owner's account (issue 22): file and descriptions gone, hashes and log entry kept. */
  erased_at: NullableTimestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

export interface OrdersTable {
  id: Id;
  order_no: string;
  user_id: number;
  /** 1 recharge, 2 consumption, 3 notarisation. */
  type: number;
  description: string;
  /** Hundredths. */
  amount: number;
  /** 1 pending, 2 paid, 3 failed, 4 cancelled (the filter codes of spec section 4). */
  status: Generated<number>;
  /** 0 none, 1 points, 2 Alipay, 3 WeChat Pay. */
  pay_type: Generated<number>;
  is_app: Generated<boolean>;
  invoice_status: Generated<number>;
  close_reason: Generated<string>;
  gateway_trade_no: Generated<string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  paid_at: NullableTimestamp;
  closed_at: NullableTimestamp;
}

export interface PointsLedgerTable {
  id: Id;
  user_id: number;
  order_no: string;
  /** 'refund' gives back a stopped or failed notarisation's debit (issue 7). */
  kind: 'recharge' | 'spend' | 'refund';
  /** Signed hundredths. */
  amount: number;
  balance_after: number;
  description: string;
  created_at: Timestamp;
}

/** Gateway notifications and query answers as received, with our verdict (0015_gateway_events.sql). */
export interface GatewayEventsTable {
  id: Generated<number>;
  provider: 'alipay' | 'wechat';
  kind: 'notify' | 'query' | 'refund' | 'close';
  order_no: string | null;
  body: string;
  verdict: string;
  created_at: Timestamp;
}

export interface SandboxTradesTable {
  ref: string;
  provider: 'alipay' | 'wechat';
  order_no: string;
  amount: number;
  subject: string;
  return_url: Generated<string>;
  status: Generated<'open' | 'paid' | 'failed' | 'closed'>;
  trade_no: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** The gateways a recharge order's trade was opened at (0022_payment_refunds.sql). */
export interface PaymentTradesTable {
  order_no: string;
  provider: 'alipay' | 'wechat';
  opened_at: Timestamp;
  closed_at: NullableTimestamp;
}

export type RefundState = 'processing' | 'refunded' | 'failed';

/** A payment given back through its gateway (0022_payment_refunds.sql): one per (order, gateway). */
export interface PaymentRefundsTable {
  id: Id;
  order_no: string;
  user_id: number;
  provider: 'alipay' | 'wechat';
  trade_no: string;
  out_refund_no: string;
  amount: number;
  reason: 'closed' | 'surplus';
  state: Generated<RefundState>;
  failure: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  refunded_at: NullableTimestamp;
}

export interface SandboxRefundsTable {
  out_refund_no: string;
  provider: string;
  order_no: string;
  amount: number;
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

export type InvoiceTypeCode = 'ENTERPRISE' | 'ENTERPRISE_SPECIAL';

export interface InvoiceHeadersTable {
  id: Id;
  user_id: number;
  type: InvoiceTypeCode;
  head: string;
  tax_num: string;
  bank_name: Generated<string>;
  account: Generated<string>;
  street: Generated<string>;
  phone_number: Generated<string>;
  created_at: Timestamp;
}

export interface InvoiceApplicationsTable {
  id: Id;
  apply_no: string;
  user_id: number;
  /** 1 pending, 2 submitted to finance, 3 issued, 4 refused. */
  status: Generated<number>;
  /** Hundredths of a yuan. */
  amount: number;
  order_count: number;
  header_id: number | null;
  type: InvoiceTypeCode;
  head: string;
  tax_num: string;
  bank_name: Generated<string>;
  account: Generated<string>;
  street: Generated<string>;
  phone_number: Generated<string>;
  address_id: number | null;
  name: string;
  post_phone_number: string;
  address: string;
  email: Generated<string>;
  remark: Generated<string>;
  first_remark: Generated<string>;
  check_remark: Generated<string>;
  courier_number: Generated<string>;
  created_at: Timestamp;
  submitted_at: NullableTimestamp;
  decided_at: NullableTimestamp;
  invoice_number: Generated<string>;
  invoice_code: Generated<string>;
  /** YYYY-MM-DD, '' until issued. */
  invoice_date: Generated<string>;
  courier_company: Generated<string>;
  mail_state: Generated<'' | 'queued' | 'sent' | 'failed'>;
  mail_error: Generated<string>;
  mailed_at: NullableTimestamp;
}

export interface InvoiceFilesTable {
  id: Id;
  application_id: number;
  kind: 'pdf' | 'ofd' | 'xml';
  file_key: string;
  size: number;
  sha256: string;
  created_at: Timestamp;
}

/** One attachment of a sandbox mail: a file of the invoices store. */
export interface MailAttachmentRef {
  name: string;
  type: string;
  key: string;
  size: number;
}

export interface MailOutboxTable {
  id: Id;
  recipient: string;
  subject: string;
  body: string;
  attachments: ColumnType<MailAttachmentRef[], string, string>;
  created_at: Timestamp;
}

export interface InvoiceApplicationOrdersTable {
  application_id: number;
  order_id: number;
  live: Generated<boolean>;
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

/** One capture of online evidence collection (issue 9): a web address, a recorded session or an app upload. */
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

/** Notarisation orders (issue 7); amounts in hundredths of a point. */
export interface NotaryOrdersTable {
  id: Id;
  order_no: string;
  user_id: number;
  /** Evidence type code of the records (1-5). */
  type: number;
  /** Next step: 1 application form, 2 signature, 3 decryption authorisation, 4 payment. */
  step: Generated<number>;
  /** null unfinished; 1 in progress, 2 succeeded, 3 terminated (voided), 4 failed. */
  notarial: number | null;
  record_count: number;
  price_per_record: number;
  amount: number;
  application: ColumnType<NotaryApplication | null, string | null | undefined, string | null>;
  form_saved_at: NullableTimestamp;
  signature_id: number | null;
  seal_name: string | null;
  seal_file_key: string | null;
  signed_at: NullableTimestamp;
  decode_at: NullableTimestamp;
  pay_order_no: string | null;
  paid_at: NullableTimestamp;
  accepted_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  fail_reason: Generated<string>;
  voided_at: NullableTimestamp;
  /** Why the notary office voided the order (0015); empty when the user stopped it. */
  void_reason: Generated<string>;
  refunded_at: NullableTimestamp;
  created_at: Timestamp;
  /** null not chosen yet, 1 points, 2 bank transfer (0011). */
  pay_method: number | null;
  /** The bank transfer's screenshot and when it was sent: set while the office has to confirm it. */
  transfer_file_key: string | null;
  transfer_at: NullableTimestamp;
  transfer_confirmed_at: NullableTimestamp;
  transfer_rejected_at: NullableTimestamp;
  transfer_reject_reason: Generated<string>;
  /** The notarial certificate the office attached (0022): main store key, size, when; document 5 once completed. */
  certificate_file_key: string | null;
  certificate_size: number | null;
  certificate_at: NullableTimestamp;
  /** Paper delivery (0022): the courier and tracking number, set together when the certificate is sent. */
  ship_courier: Generated<string>;
  ship_number: Generated<string>;
  shipped_at: NullableTimestamp;
}

/** What step 1 recorded: the applicant as verified (numbers masked) and the choices of the form. */
export interface NotaryApplication {
  applicant: { status: number; name: string; idNumber: string; contactName: string; contactPhone: string };
  purpose: number;
  purposeNote: string;
  copies: number;
  /** 1 self pick-up at the notary office, 2 mail. */
  delivery: number;
  address: { id: number; name: string; phone: string; text: string } | null;
}

export interface NotaryItemsTable {
  order_id: number;
  position: number;
  evidence_id: number;
}

export interface NotaryDocumentsTable {
  order_id: number;
  /** 1 application form, 2 acceptance notice, 3 application notice, 4 inquiry record, 5 notarial certificate (0022). */
  type: number;
  issued_at: Timestamp;
  file_key: string | null;
}

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

/** Issue 22: a copy of one's personal data, made in the background (migration 0018). */
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
  log_head: LogHeadTable;
  log_entries: LogEntriesTable;
  log_nodes: LogNodesTable;
  log_checkpoints: LogCheckpointsTable;
  log_keys: LogKeysTable;
  log_timestamps: LogTimestampsTable;
  tsa_sandbox: TsaSandboxTable;
  evidence: EvidenceTable;
  evidence_counts: EvidenceCountsTable;
  signing_keys: SigningKeysTable;
  signatures: SignaturesTable;
  addresses: AddressesTable;
  orders: OrdersTable;
  points_ledger: PointsLedgerTable;
  sandbox_trades: SandboxTradesTable;
  gateway_events: GatewayEventsTable;
  payment_trades: PaymentTradesTable;
  payment_refunds: PaymentRefundsTable;
  sandbox_refunds: SandboxRefundsTable;
  kyc_submissions: KycSubmissionsTable;
  invoice_headers: InvoiceHeadersTable;
  invoice_applications: InvoiceApplicationsTable;
  invoice_application_orders: InvoiceApplicationOrdersTable;
  invoice_files: InvoiceFilesTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  captures: CapturesTable;
  notary_orders: NotaryOrdersTable;
  notary_items: NotaryItemsTable;
  notary_documents: NotaryDocumentsTable;
  staff: StaffTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  personal_data_exports: PersonalDataExportsTable;
  account_cancellations: AccountCancellationsTable;
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
