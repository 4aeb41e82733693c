-- Mobile evidence recorded in the phone's browser and sent in pieces. The recording is a `captures` row of kind
-- 'mobile' (state 'recording' while pieces arrive, then done or failed), so the mobile list and the queue page
-- show it as any capture; these tables hold what only a recording has. Piece rows (and the stored objects they
-- name) live only while the recording is open: once it is preserved or failed they are deleted.

CREATE TABLE mobile_recordings (
  capture_id     bigint PRIMARY KEY REFERENCES captures(id) ON DELETE CASCADE,
  media_kind     text NOT NULL CHECK (media_kind IN ('photo', 'video', 'audio')),
  -- The declared container type (checked against the assembled bytes at the stop).
  mime           text NOT NULL,
  -- What the browser said about the device and place (contracts/mobile-recording.ts mobileDeviceFactsSchema).
  device         jsonb NOT NULL,
  pieces         integer NOT NULL DEFAULT 0 CHECK (pieces >= 0),
  bytes          bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
  -- Hex SHA-256 chain over the pieces so far; 64 zeros before the first.
  chain_head     text NOT NULL,
  started_at     timestamptz NOT NULL,
  last_piece_at  timestamptz,
  -- [{from, to, seconds}]: silences between arrivals longer than the gap threshold (server times).
  gaps           jsonb NOT NULL DEFAULT '[]',
  ended_at       timestamptz
);

CREATE TABLE mobile_recording_pieces (
  capture_id   bigint NOT NULL REFERENCES mobile_recordings(capture_id) ON DELETE CASCADE,
  seq          integer NOT NULL CHECK (seq >= 0),
  sha256       text NOT NULL,
  size         integer NOT NULL CHECK (size >= 0),
  -- The piece's object in the main file store (the orphan sweep counts it as held while the row exists).
  file_key     text NOT NULL,
  received_at  timestamptz NOT NULL,
  -- The chain head once this piece was appended.
  chain_hash   text NOT NULL,
  PRIMARY KEY (capture_id, seq)
);

-- Desktop-to-phone sign-in: a code shown as a QR code, stored only as its SHA-256, used once.
CREATE TABLE auth_handoffs (
  code_hash   text PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX auth_handoffs_expiry_idx ON auth_handoffs (expires_at);
