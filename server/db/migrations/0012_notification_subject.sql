-- Notification subjects: a notification names an order, an invoice application, the user's identity
-- verification, a notary order or a preserved record, and the web list links its text to that subject's page.
-- kind: what the subject is; ref: its reference (an order number, an invoice application id, `organization` or
-- `person` for a verification, a notary order id, a baoquan). Both NULL for a message about nothing in particular
-- (the welcome, a failed capture).
ALTER TABLE notifications ADD COLUMN subject_kind text CHECK (subject_kind IN ('order', 'invoice', 'verification', 'notary', 'evidence'));
ALTER TABLE notifications ADD COLUMN subject_ref text;
ALTER TABLE notifications ADD CONSTRAINT notifications_subject_check CHECK ((subject_kind IS NULL) = (subject_ref IS NULL));
