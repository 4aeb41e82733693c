-- Notarisation: notary orders of preserved evidence, the four-step application (form, signature,
-- decryption authorisation, payment), the notary office's documents; refunds in the points ledger.

-- A stopped or failed notarisation gives back what was paid: one refund per order, as there is one debit.
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_kind_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_kind_check CHECK (kind IN ('recharge', 'spend', 'refund'));

CREATE TABLE notary_orders (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- 'N' + China time YYYYMMDDHHmmss + 6 random digits.
  order_no          text NOT NULL UNIQUE,
  user_id           bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- Evidence type code of every record of the order (spec section 9): 1 web data, 2 process, 3 web, 4 mobile, 5 app data.
  type              smallint NOT NULL CHECK (type BETWEEN 1 AND 5),
  -- The step to do next: 1 application form, 2 online signature, 3 decryption authorisation, 4 payment.
  step              smallint NOT NULL DEFAULT 1 CHECK (step BETWEEN 1 AND 4),
  -- NULL while unfinished (spec section 4); 1 in progress (paid), 2 succeeded, 3 terminated (voided), 4 failed.
  notarial          smallint CHECK (notarial BETWEEN 1 AND 4),
  record_count      integer NOT NULL CHECK (record_count > 0),
  -- Hundredths of a point, fixed when the order is made (NOTARY_POINTS_PER_RECORD at that moment).
  price_per_record  bigint NOT NULL CHECK (price_per_record > 0),
  amount            bigint NOT NULL CHECK (amount > 0),
  -- Step 1: applicant (as verified, masked), purpose, copies, delivery (address copied as it was).
  application       jsonb,
  form_saved_at     timestamptz,
  -- Step 2: the default seal used, its image copied into the file store (a seal deleted later stays on the order).
  signature_id      bigint,
  seal_name         text,
  seal_file_key     text,
  signed_at         timestamptz,
  -- Step 3: consent that the notary office decrypts every record of the order.
  decode_at         timestamptz,
  -- Step 4: the current payment order (type 3 in orders, listed on /orders tab 3); a new one replaces a cancelled or expired one.
  pay_order_no      text REFERENCES orders(order_no) ON DELETE SET NULL,
  paid_at           timestamptz,
  -- The notary office (sandbox desk).
  accepted_at       timestamptz,
  completed_at      timestamptz,
  failed_at         timestamptz,
  fail_reason       text NOT NULL DEFAULT '',
  voided_at         timestamptz,
  refunded_at       timestamptz,
  created_at        timestamptz NOT NULL,
  CHECK (notarial IS NULL OR notarial = 3 OR paid_at IS NOT NULL)
);
CREATE INDEX notary_orders_user_idx ON notary_orders (user_id, id DESC);
CREATE INDEX notary_orders_pay_order_idx ON notary_orders (pay_order_no);
-- The desk's queue: paid orders in progress.
CREATE INDEX notary_orders_desk_idx ON notary_orders (paid_at) WHERE notarial = 1;

-- The records of an order, in the order chosen.
CREATE TABLE notary_items (
  order_id     bigint NOT NULL REFERENCES notary_orders(id) ON DELETE CASCADE,
  position     integer NOT NULL,
  evidence_id  bigint NOT NULL REFERENCES evidence(id) ON DELETE CASCADE,
  PRIMARY KEY (order_id, position),
  UNIQUE (order_id, evidence_id)
);

-- Documents the office has issued (1 application form at payment, 2 acceptance notice and 3 application
-- notice at acceptance, 4 inquiry record at completion). The PDF is rendered from the order's frozen data on
-- first download and kept in the file store.
CREATE TABLE notary_documents (
  order_id   bigint NOT NULL REFERENCES notary_orders(id) ON DELETE CASCADE,
  type       smallint NOT NULL CHECK (type BETWEEN 1 AND 4),
  issued_at  timestamptz NOT NULL,
  file_key   text,
  PRIMARY KEY (order_id, type)
);
