-- Every Ed25519 key that has signed log checkpoints (key rotation). A process publishes its key here
-- when it starts, so after LOG_SIGNING_KEY is rotated the retired keys stay served (GET /api/chain/publicKey?keyId=
-- and GET /api/chain/keys) and every checkpoint, old ones included, stays verifiable in the browser by the key
-- it names. Public keys only; rows are never changed or deleted.
CREATE TABLE log_keys (
  key_id text PRIMARY KEY CHECK (key_id ~ '^[0-9a-f]{64}$'),
  public_key text NOT NULL,
  pem text NOT NULL,
  published_at timestamptz NOT NULL
);
