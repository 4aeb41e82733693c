-- Notarisation paid by bank transfer (detail's payment method and transfer screenshot): at step 4 the
-- user may transfer the amount to the notary office's account (1 point = 1 yuan) and upload the screenshot;
-- the office confirms (the order is paid, in progress) or rejects it (back to step 4 with the reason).

-- How the order is paid: NULL not yet chosen, 1 points, 2 bank transfer (no points are ever charged for it).
ALTER TABLE notary_orders ADD COLUMN pay_method smallint CHECK (pay_method IN (1, 2));
-- The screenshot in the private file store (folder notary-transfers), and when it was sent: both set while the
-- order waits for the office's confirmation, both cleared again when the office rejects it.
ALTER TABLE notary_orders ADD COLUMN transfer_file_key text;
ALTER TABLE notary_orders ADD COLUMN transfer_at timestamptz;
ALTER TABLE notary_orders ADD COLUMN transfer_confirmed_at timestamptz;
-- The office's last rejection and its reason (shown at step 4 until a new screenshot is sent).
ALTER TABLE notary_orders ADD COLUMN transfer_rejected_at timestamptz;
ALTER TABLE notary_orders ADD COLUMN transfer_reject_reason text NOT NULL DEFAULT '';
ALTER TABLE notary_orders ADD CONSTRAINT notary_orders_transfer_check CHECK ((transfer_at IS NULL) = (transfer_file_key IS NULL));

-- The desk's queue of transfers to confirm.
CREATE INDEX notary_orders_transfer_idx ON notary_orders (transfer_at) WHERE transfer_at IS NOT NULL AND notarial IS NULL;
