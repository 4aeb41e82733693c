-- A copy of one's personal data (PIPL art. 45). One row per export a user started: made in the
-- background by the job 'personal-data.export' (progress 0..100), kept as a zip in the store 'personalData'
-- until expires_at, then deleted by the job 'personal-data.purge' (purged_at set, file_key cleared).
-- At most one export per user is queued or running at a time (the partial unique index).
CREATE TABLE personal_data_exports (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'ready', 'failed', 'expired')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  file_key text,
  size bigint,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  expires_at timestamptz,
  purged_at timestamptz
);
CREATE INDEX personal_data_exports_user_idx ON personal_data_exports (user_id, id);
CREATE UNIQUE INDEX personal_data_exports_active_idx ON personal_data_exports (user_id) WHERE state IN ('queued', 'running');

-- The notification that an export is ready links to the settings page: a new subject kind.
ALTER TABLE notifications DROP CONSTRAINT notifications_subject_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_subject_kind_check
  CHECK (subject_kind IN ('order', 'invoice', 'verification', 'notary', 'evidence', 'personalData'));
