-- Issued invoices carry the invoice itself: its number, code and date, the files finance attached (PDF or OFD,
-- and the XML of a fully digital invoice), the courier of a paper one, and the state of the e-mail sending it.

ALTER TABLE invoice_applications
  -- 发票号码: 8 digits with a 12-digit code (traditional e-invoice), or 20 digits without code (全电发票).
  ADD COLUMN invoice_number  text NOT NULL DEFAULT '',
  ADD COLUMN invoice_code    text NOT NULL DEFAULT '',
  -- The date printed on the invoice (China calendar day, YYYY-MM-DD); '' until issued.
  ADD COLUMN invoice_date    text NOT NULL DEFAULT '',
  -- Paper invoices: the courier company beside its tracking number (courier_number).
  ADD COLUMN courier_company text NOT NULL DEFAULT '',
  -- Electronic invoices: '' (none), 'queued' (the mail job waits or retries), 'sent', 'failed' (attempts used up).
  ADD COLUMN mail_state      text NOT NULL DEFAULT '' CHECK (mail_state IN ('', 'queued', 'sent', 'failed')),
  ADD COLUMN mail_error      text NOT NULL DEFAULT '',
  ADD COLUMN mailed_at       timestamptz;

-- The files of an issued electronic invoice, in the `invoices` file store (content-addressed keys).
CREATE TABLE invoice_files (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id  bigint NOT NULL REFERENCES invoice_applications(id) ON DELETE CASCADE,
  -- pdf or ofd: the invoice to read and print; xml: the data file of a fully digital invoice.
  kind            text NOT NULL CHECK (kind IN ('pdf', 'ofd', 'xml')),
  file_key        text NOT NULL,
  size            bigint NOT NULL CHECK (size > 0),
  sha256          text NOT NULL,
  created_at      timestamptz NOT NULL,
  UNIQUE (application_id, kind)
);

-- MAIL_PROVIDER=sandbox: every mail is kept here instead of being sent (listed at /sandbox/mail). Attachments
-- name files of the invoices store: [{"name", "type", "key", "size"}].
CREATE TABLE mail_outbox (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recipient    text NOT NULL,
  subject      text NOT NULL,
  body         text NOT NULL,
  attachments  jsonb NOT NULL DEFAULT '[]',
  created_at   timestamptz NOT NULL
);
