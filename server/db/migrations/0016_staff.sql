-- The staff console: staff accounts apart from users, their recovery codes and sessions, and the
-- append-only audit log of everything staff do. Roles: admin (everything), notary (the notary office),
-- finance (invoices, order and payment search), reviewer (real-name verification).

CREATE TABLE staff (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Sign-in name: 3-32 of a-z 0-9 . _ - starting with a letter (the contract checks the form; kept lower case).
  username              text NOT NULL UNIQUE CHECK (username ~ '^[a-z][a-z0-9._-]{2,31}$'),
  name                  text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 30),
  role                  text NOT NULL CHECK (role IN ('admin', 'notary', 'finance', 'reviewer')),
  -- The users' scheme (server/modules/auth/password.ts): scrypt with its parameters in the value.
  password_hash         text NOT NULL,
  -- Set for a password an administrator (or the CLI) made: the next sign-in has to choose a new one first.
  must_change_password  boolean NOT NULL DEFAULT true,
  -- The TOTP secret, AES-256-GCM with the KYC key (server/modules/kyc/crypto.ts); null until enrolment starts.
  totp_secret_enc       text,
  totp_enrolled         boolean NOT NULL DEFAULT false,
  -- The last 30-second step a code was accepted for: a code of that step or an earlier one is not taken again.
  totp_last_step        bigint,
  -- Failed passwords and codes since the last success; reaching the limit sets locked_until (staff/limits.ts).
  failed_attempts       integer NOT NULL DEFAULT 0,
  locked_until          timestamptz,
  disabled              boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL
);

-- Ten one-time codes made when TOTP is enrolled, each stored as a salted SHA-256; a used one keeps used_at.
CREATE TABLE staff_recovery_codes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id    bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  created_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX staff_recovery_codes_staff_idx ON staff_recovery_codes (staff_id);

-- Sessions, held as `Authorization: Staff <token>` (only the token's SHA-256 is kept). A 'challenge' is the
-- few minutes between a right password and the second factor (or enrolment); only 'active' ones reach the desks.
CREATE TABLE staff_sessions (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash    text NOT NULL UNIQUE,
  staff_id      bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  stage         text NOT NULL CHECK (stage IN ('challenge', 'active')),
  created_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  -- The absolute end; the idle end is last_seen_at + STAFF_SESSION_IDLE_MINUTES.
  expires_at    timestamptz NOT NULL,
  ended_at      timestamptz
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id) WHERE ended_at IS NULL;

-- Who did what to which record, when, from where, with the record's state before and after. staff_id is null
-- for what the command line or an unknown sign-in name did; no foreign key, so the log outlives any row.
CREATE TABLE staff_audit (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id     bigint,
  at           timestamptz NOT NULL,
  action       text NOT NULL,
  record_type  text NOT NULL DEFAULT '',
  record_id    text NOT NULL DEFAULT '',
  before       jsonb,
  after        jsonb,
  client_ip    text NOT NULL DEFAULT ''
);
CREATE INDEX staff_audit_at_idx ON staff_audit (at DESC, id DESC);
CREATE INDEX staff_audit_staff_idx ON staff_audit (staff_id, at DESC);
CREATE INDEX staff_audit_record_idx ON staff_audit (record_type, record_id);
CREATE INDEX staff_audit_action_idx ON staff_audit (action, at DESC);

-- Append-only: rows may be added and read, never changed, deleted or truncated, whatever the code does.
-- (The table's owner could still drop the triggers; docs/staff.md shows how to hand the table to another role.)
CREATE FUNCTION staff_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER staff_audit_no_update_delete BEFORE UPDATE OR DELETE ON staff_audit
  FOR EACH ROW EXECUTE FUNCTION staff_audit_refuse_change();
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_refuse_change();

-- The notary office may now void an order in progress with a reason (the user's stop has none).
ALTER TABLE notary_orders ADD COLUMN void_reason text NOT NULL DEFAULT '';
