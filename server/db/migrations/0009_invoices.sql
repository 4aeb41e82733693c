-- Invoices: invoice headers (发票抬头), applications (开票申请) and the orders of each application.
-- Amounts are integer hundredths of a yuan, as in orders.

-- At most 5 per owner (spec section 9): the add locks the owner's users row, then counts.
CREATE TABLE invoice_headers (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- ENTERPRISE: electronic ordinary VAT invoice; ENTERPRISE_SPECIAL: paper special VAT invoice.
  type          text NOT NULL CHECK (type IN ('ENTERPRISE', 'ENTERPRISE_SPECIAL')),
  head          text NOT NULL,
  tax_num       text NOT NULL,
  -- Required for ENTERPRISE_SPECIAL only (bank, account, registered address and phone).
  bank_name     text NOT NULL DEFAULT '',
  account       text NOT NULL DEFAULT '',
  street        text NOT NULL DEFAULT '',
  phone_number  text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL
);
CREATE INDEX invoice_headers_user_idx ON invoice_headers (user_id, id);

CREATE TABLE invoice_applications (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The application number the list shows as order_no: 'F' + China time YYYYMMDDHHmmss + 6 random digits.
  apply_no           text NOT NULL UNIQUE,
  user_id            bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- 1 pending (待开票), 2 submitted to finance (提交财务 / 开票中), 3 issued (已开票), 4 refused (审核不通过).
  status             smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
  amount             bigint NOT NULL CHECK (amount > 0),
  order_count        integer NOT NULL CHECK (order_count BETWEEN 1 AND 5),
  -- What the header and the address said when the person applied: later edits or deletes change nothing here.
  header_id          bigint REFERENCES invoice_headers(id) ON DELETE SET NULL,
  type               text NOT NULL CHECK (type IN ('ENTERPRISE', 'ENTERPRISE_SPECIAL')),
  head               text NOT NULL,
  tax_num            text NOT NULL,
  bank_name          text NOT NULL DEFAULT '',
  account            text NOT NULL DEFAULT '',
  street             text NOT NULL DEFAULT '',
  phone_number       text NOT NULL DEFAULT '',
  address_id         bigint REFERENCES addresses(id) ON DELETE SET NULL,
  name               text NOT NULL,
  post_phone_number  text NOT NULL,
  address            text NOT NULL,
  -- The address's e-mail when applying; an electronic invoice goes to the e-mail the desk issues it to.
  email              text NOT NULL DEFAULT '',
  remark             text NOT NULL DEFAULT '',
  -- The desk's note when submitting to finance (初审备注) and its reason when refusing (审核备注).
  first_remark       text NOT NULL DEFAULT '',
  check_remark       text NOT NULL DEFAULT '',
  -- Paper invoices: the courier's tracking number, set when issued.
  courier_number     text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL,
  submitted_at       timestamptz,
  decided_at         timestamptz
);
CREATE INDEX invoice_applications_user_idx ON invoice_applications (user_id, id DESC);

-- The orders of an application. `live` is false once the application is refused, so the same order may be
-- applied for again; the partial unique index is the backstop of "an order is never in two live applications".
CREATE TABLE invoice_application_orders (
  application_id  bigint NOT NULL REFERENCES invoice_applications(id) ON DELETE CASCADE,
  order_id        bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  live            boolean NOT NULL DEFAULT true,
  PRIMARY KEY (application_id, order_id)
);
CREATE UNIQUE INDEX invoice_application_orders_live_idx ON invoice_application_orders (order_id) WHERE live;
