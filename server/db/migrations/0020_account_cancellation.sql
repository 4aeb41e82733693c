-- Account cancellation (注销账号): a request confirmed by an SMS code, a cooling-off period, then a
-- job that deletes the personal data. The users row stays as a tombstone (phone replaced, so the number can
-- register anew) because the orders and invoice applications kept for accounting name it by its id.

ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('register', 'login', 'reset', 'cancel'));

-- Set when the deletion job erased the account: every sign-in path finds no such phone any more.
ALTER TABLE users ADD COLUMN cancelled_at timestamptz;

-- Set on records erased with their owner's account: the file and every descriptive field are gone; the
-- number, hashes, time and log entry stay, and public lookups answer "deleted by its owner".
ALTER TABLE evidence ADD COLUMN erased_at timestamptz;
CREATE INDEX evidence_baoquan_erased_idx ON evidence (baoquan) WHERE erased_at IS NOT NULL;

CREATE TABLE account_cancellations (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  -- pending (cooling-off) -> withdrawn | erasing (rows deleted, stored objects being removed) -> done.
  state         text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'withdrawn', 'erasing', 'done')),
  requested_at  timestamptz NOT NULL,
  due_at        timestamptz NOT NULL,
  withdrawn_at  timestamptz,
  erased_at     timestamptz,
  done_at       timestamptz,
  -- The stored objects still to remove once the rows are gone: [{store, key}]; emptied as they go.
  objects       jsonb NOT NULL DEFAULT '[]',
  -- A worker's claim on an 'erasing' row (several machines): another takes it once this has passed.
  lease_until   timestamptz,
  -- Set when the due job found open obligations (orders opened during the cooling-off): it tries again later.
  blocked_at    timestamptz
);
-- At most one live request per account.
CREATE UNIQUE INDEX account_cancellations_live_idx ON account_cancellations (user_id) WHERE state IN ('pending', 'erasing');
CREATE INDEX account_cancellations_due_idx ON account_cancellations (due_at) WHERE state = 'pending';
