-- Trusted time for the log (RFC 3161). A job asks a time-stamping authority, at most every
-- TSA_INTERVAL_SECONDS, for a token over the SHA-256 of the newest checkpoint's signed text; one token covers every
-- record appended since the previous one. Checkpoints never change: the token lives beside the checkpoint it covers.
-- Rows are never changed or deleted.
CREATE TABLE log_timestamps (
  tree_size bigint PRIMARY KEY REFERENCES log_checkpoints (tree_size),
  -- The TimeStampToken (DER ContentInfo), base64.
  token text NOT NULL,
  -- What the token states (read from it after verification), for lists and pages.
  gen_time timestamptz NOT NULL,
  authority text NOT NULL,
  created_at timestamptz NOT NULL
);

-- The sandbox authority's keys and certificates (APP_MODE=sandbox without TSA_URL): made by the first process that
-- needs them and shared by every process on the same database, so its tokens verify the same everywhere.
CREATE TABLE tsa_sandbox (
  id smallint PRIMARY KEY CHECK (id = 1),
  material jsonb NOT NULL
);
