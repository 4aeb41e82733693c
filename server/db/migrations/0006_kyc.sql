-- Real-name verification: one row per submission (organisation, document upload, face check,
-- supplement of a face-verified user); the user's userStatus/status/authType/repairType stay on users.
CREATE TABLE kyc_submissions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('organization', 'document', 'face', 'supplement')),
  state       text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  -- AES-256-GCM (server/modules/kyc/crypto.ts) of the JSON of every text field: names, ID numbers, the
  -- bank account, phones. Never plain text at rest.
  fields_enc  text NOT NULL,
  -- JSON {field: {key, type}}: keys of the images in the private store `${DATA_DIR}/files/kyc`.
  files       text NOT NULL DEFAULT '{}',
  -- Face checks only: the id the face page and the polling name.
  certify_id  text UNIQUE,
  reason      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL,
  decided_at  timestamptz
);
CREATE INDEX kyc_submissions_user_idx ON kyc_submissions (user_id, id DESC);
CREATE INDEX kyc_submissions_pending_idx ON kyc_submissions (id) WHERE state = 'pending';
