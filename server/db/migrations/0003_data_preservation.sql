-- Data preservation: the append-only log (RFC 6962 Merkle tree), its signed checkpoints, evidence.

-- One row: the log's size. Appends lock it (SELECT ... FOR UPDATE), so they happen one after another even
-- with several API processes on one PostgreSQL.
CREATE TABLE log_head (
  id         smallint PRIMARY KEY CHECK (id = 1),
  tree_size  bigint NOT NULL
);
INSERT INTO log_head (id, tree_size) VALUES (1, 0);

-- Never updated, never deleted: deleting evidence hides the record, its entry stays and keeps verifying.
CREATE TABLE log_entries (
  idx         bigint PRIMARY KEY,
  -- Canonical UTF-8 JSON exactly as hashed: {"n","baoquan","filehash","time","owner"}.
  entry       text NOT NULL,
  -- Hex SHA-256(0x00 || entry): the record's chain hash.
  leaf_hash   text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL
);

-- Hashes of the perfect subtrees (level L, index i covers leaves i*2^L .. (i+1)*2^L - 1; level 0 = leaves),
-- written as appends complete them, so roots and audit paths read O(log n) rows.
CREATE TABLE log_nodes (
  level  smallint NOT NULL,
  idx    bigint NOT NULL,
  hash   text NOT NULL,
  PRIMARY KEY (level, idx)
);

-- Signed tree heads: one per append (made in the append's transaction), plus the empty tree on first ask.
CREATE TABLE log_checkpoints (
  tree_size    bigint PRIMARY KEY,
  root_hash    text NOT NULL,
  signed_at    text NOT NULL,
  signed_text  text NOT NULL,
  signature    text NOT NULL,
  key_id       text NOT NULL
);

CREATE TABLE evidence (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- BQ + China date + 12 random digits.
  baoquan     text NOT NULL UNIQUE,
  title       text NOT NULL,
  label       text NOT NULL DEFAULT '',
  file_kind   text NOT NULL CHECK (file_kind IN ('image', 'video', 'audio', 'document', 'other')),
  mime        text NOT NULL,
  -- Key of the bytes in the content-addressed file store; equal files share one object.
  file_key    text NOT NULL,
  file_hash   text NOT NULL,
  size        bigint NOT NULL,
  -- The spec's obfuscated stored-path form of the object's location.
  path        text NOT NULL,
  is_app      boolean NOT NULL DEFAULT false,
  -- Forensics of mobile-app evidence (spec section 2); null for web uploads.
  forensics   jsonb,
  log_index   bigint NOT NULL UNIQUE REFERENCES log_entries(idx),
  chainhash   text NOT NULL,
  created_at  timestamptz NOT NULL,
  deleted_at  timestamptz
);
CREATE INDEX evidence_owner_idx ON evidence (user_id, is_app, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX evidence_file_hash_idx ON evidence (file_hash);
CREATE INDEX evidence_chainhash_idx ON evidence (chainhash);
