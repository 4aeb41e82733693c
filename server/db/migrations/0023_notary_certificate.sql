-- The notary office issues the notarial certificate (公证书): the clerk attaches its PDF to an accepted order
-- (kept on the order until completion, replaceable until then), completion makes it document 5 of the order,
-- which the user downloads like the other four. Paper delivery records the courier and the tracking number
-- when the certificate is sent.
ALTER TABLE notary_documents DROP CONSTRAINT notary_documents_type_check;
ALTER TABLE notary_documents ADD CONSTRAINT notary_documents_type_check CHECK (type BETWEEN 1 AND 5);

-- The attached certificate (main file store, like evidence): its key, size and when it was attached.
ALTER TABLE notary_orders ADD COLUMN certificate_file_key text;
ALTER TABLE notary_orders ADD COLUMN certificate_size integer;
ALTER TABLE notary_orders ADD COLUMN certificate_at timestamptz;
-- Paper delivery (application.delivery 2): set together, once, when the office sends the certificate.
ALTER TABLE notary_orders ADD COLUMN ship_courier text NOT NULL DEFAULT '';
ALTER TABLE notary_orders ADD COLUMN ship_number text NOT NULL DEFAULT '';
ALTER TABLE notary_orders ADD COLUMN shipped_at timestamptz;
