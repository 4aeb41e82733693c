-- Foundation: accounts, sessions, captchas, SMS codes, rate limits, notices, app versions, notifications.
-- Runs unchanged on PGlite and on PostgreSQL; timestamps are timestamptz, money-like values integer hundredths.

CREATE TABLE users (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone          text NOT NULL UNIQUE,
  password_hash  text NOT NULL,
  status         smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
  user_status    smallint NOT NULL DEFAULT 1 CHECK (user_status BETWEEN 1 AND 4),
  auth_type      smallint NOT NULL DEFAULT 0,
  repair_type    smallint NOT NULL DEFAULT 0,
  points         bigint NOT NULL DEFAULT 0 CHECK (points >= 0),
  contact_phone  text NOT NULL DEFAULT '',
  company        text NOT NULL DEFAULT '',
  contact_name   text NOT NULL DEFAULT '',
  extract_code   text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL
);

CREATE TABLE sessions (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash    text NOT NULL UNIQUE,
  user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE captchas (
  id           text PRIMARY KEY,
  answer_hash  text NOT NULL,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX captchas_expires_idx ON captchas (expires_at);

CREATE TABLE sms_codes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone       text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('register', 'login', 'reset')),
  code_hash   text NOT NULL,
  ip          text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  used_at     timestamptz
);
CREATE INDEX sms_codes_phone_idx ON sms_codes (phone, created_at DESC);

-- What the sandbox SMS gateway "sent": read by the outbox page and by tests.
CREATE TABLE sms_outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone       text NOT NULL,
  content     text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX sms_outbox_phone_idx ON sms_outbox (phone, id DESC);

-- Sliding-window rate limits shared by every API process: one row per counted event.
CREATE TABLE rate_limit_hits (
  id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bucket  text NOT NULL,
  hit_at  timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_bucket_idx ON rate_limit_hits (bucket, hit_at);
CREATE INDEX rate_limit_hits_time_idx ON rate_limit_hits (hit_at);

CREATE TABLE notices (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title       text NOT NULL,
  content     text NOT NULL,
  created_at  timestamptz NOT NULL,
  published   boolean NOT NULL DEFAULT true
);

CREATE TABLE app_versions (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  version      text NOT NULL UNIQUE,
  released_at  timestamptz NOT NULL,
  notes        text NOT NULL DEFAULT '',
  android_url  text NOT NULL DEFAULT '',
  ios_url      text NOT NULL DEFAULT ''
);

CREATE TABLE notifications (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content     text NOT NULL,
  created_at  timestamptz NOT NULL,
  is_read     boolean NOT NULL DEFAULT false
);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE NOT is_read;

-- Seed content (data, not code): editors change these rows, not the program.
INSERT INTO notices (title, content, created_at) VALUES
  ('平台上线公告', '电子数据存证平台正式上线。您可以在线保全电子数据、取证网页与过程，并向公证处申请出具公证书。', '2025-01-01T09:00:00+08:00'),
  ('实名认证提醒', '为保障证据的法律效力，申请公证前请先完成实名认证。个人用户与企业用户的认证材料不同，请按页面提示提交。', '2025-01-02T09:00:00+08:00');

INSERT INTO app_versions (version, released_at, notes, android_url, ios_url) VALUES
  ('1.0.0', '2025-01-01T09:00:00+08:00', '首个版本：支持手机取证、录音录像取证与证据查看。', '', '');
