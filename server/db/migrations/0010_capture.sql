-- Online evidence collection: a jobs table for work done in the background, and one row per
-- capture (web address, recorded session, app upload) that the collection lists and queue pages follow.

-- Worked with SELECT ... FOR UPDATE SKIP LOCKED by any number of worker processes. A running job holds a
-- lease: a worker that dies leaves it 'running' with a lease that runs out, and the next claim takes it again.
CREATE TABLE jobs (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind          text NOT NULL,
  payload       jsonb NOT NULL DEFAULT '{}',
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts      integer NOT NULL DEFAULT 0,
  max_attempts  integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
  run_after     timestamptz NOT NULL,
  lease_until   timestamptz,
  last_error    text,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);
CREATE INDEX jobs_queued_idx ON jobs (run_after, id) WHERE state = 'queued';
CREATE INDEX jobs_running_idx ON jobs (lease_until) WHERE state = 'running';

CREATE TABLE captures (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id           bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind              text NOT NULL CHECK (kind IN ('web', 'process', 'mobile')),
  -- web: queued -> capturing -> done | failed; process: recording -> processing -> done | failed; mobile: done.
  state             text NOT NULL CHECK (state IN ('queued', 'capturing', 'recording', 'processing', 'done', 'failed')),
  title             text NOT NULL,
  label             text NOT NULL DEFAULT '',
  -- web: the address asked for; process: the address the session started on.
  url               text,
  -- Why it failed: a code translated by the locale file (capture:reason*).
  reason            text,
  -- Hundredths of a point charged when it is preserved (the price at the time it was asked for).
  price             integer NOT NULL CHECK (price >= 0),
  -- What was recorded (the HTTP exchange, TLS certificate, action log summary), shown by the detail pages.
  facts             jsonb,
  -- The bundle's parts, each also kept as its own stored object: [{name, role, key, sha256, size, mime}].
  files             jsonb,
  duration_seconds  integer CHECK (duration_seconds >= 0),
  evidence_id       bigint UNIQUE REFERENCES evidence(id),
  order_no          text,
  job_id            bigint REFERENCES jobs(id),
  created_at        timestamptz NOT NULL,
  started_at        timestamptz,
  finished_at       timestamptz,
  -- process: the page's last request for the screen; a session nobody looks at is ended.
  last_seen_at      timestamptz
);
CREATE INDEX captures_owner_idx ON captures (user_id, kind, created_at DESC, id DESC);
CREATE INDEX captures_open_idx ON captures (kind, state) WHERE state IN ('recording', 'processing', 'queued', 'capturing');
