import type { ColumnType, Generated } from 'kysely';
import type { Id, Timestamp, NullableTimestamp } from './columns';

// Invoices (headers, applications, files and their e-mails) and notarisation orders.

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

/** Notarisation orders; amounts in hundredths of a point. */
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
