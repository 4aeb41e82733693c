// The Kysely types of the database, by domain; `schema.test.ts` holds them against the migrated database.
import type {
  UsersTable,
  SessionsTable,
  CaptchasTable,
  SmsCodesTable,
  SmsOutboxTable,
  RateLimitHitsTable,
  NoticesTable,
  AppVersionsTable,
  NotificationsTable,
  SchemaMigrationsTable,
  SigningKeysTable,
  SignaturesTable,
  AddressesTable,
  KycSubmissionsTable,
  PersonalDataExportsTable,
  AccountCancellationsTable,
  AuthHandoffsTable,
} from './accounts';
import type {
  LogHeadTable,
  LogEntriesTable,
  LogNodesTable,
  LogCheckpointsTable,
  LogKeysTable,
  LogTimestampsTable,
  TsaSandboxTable,
} from './log';
import type {
  EvidenceTable,
  EvidenceCountsTable,
  JobsTable,
  CapturesTable,
  MobileRecordingsTable,
  MobileRecordingPiecesTable,
} from './evidence';
import type {
  OrdersTable,
  PointsLedgerTable,
  SandboxTradesTable,
  GatewayEventsTable,
  PaymentTradesTable,
  PaymentRefundsTable,
  SandboxRefundsTable,
} from './payments';
import type {
  InvoiceHeadersTable,
  InvoiceApplicationsTable,
  InvoiceApplicationOrdersTable,
  InvoiceFilesTable,
  MailOutboxTable,
  NotaryOrdersTable,
  NotaryItemsTable,
  NotaryDocumentsTable,
} from './documents';
import type { StaffTable, StaffRecoveryCodesTable, StaffSessionsTable, StaffAuditTable } from './staff';

export type * from './accounts';
export type * from './log';
export type * from './evidence';
export type * from './payments';
export type * from './documents';
export type * from './staff';

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
  mobile_recordings: MobileRecordingsTable;
  mobile_recording_pieces: MobileRecordingPiecesTable;
  notary_orders: NotaryOrdersTable;
  notary_items: NotaryItemsTable;
  notary_documents: NotaryDocumentsTable;
  staff: StaffTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  personal_data_exports: PersonalDataExportsTable;
  account_cancellations: AccountCancellationsTable;
  auth_handoffs: AuthHandoffsTable;
}
