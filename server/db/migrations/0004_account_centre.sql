-- Account centre: signature seals, addresses, signing keys of file links; notifications existed.

-- Keys of HMAC-signed short-lived links (server/files/signed-url.ts), created on first use and shared by
-- every API process through the database.
CREATE TABLE signing_keys (
  name    text PRIMARY KEY,
  secret  text NOT NULL
);

CREATE TABLE signatures (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name        text NOT NULL,
  -- Key of the PNG in the content-addressed file store (server/files/store.ts).
  file_key    text NOT NULL,
  file_size   bigint NOT NULL,
  is_default  boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL
);
CREATE INDEX signatures_user_idx ON signatures (user_id, id DESC);
-- Exactly one default per owner is kept by the service in one transaction; the database forbids two.
CREATE UNIQUE INDEX signatures_one_default_idx ON signatures (user_id) WHERE is_default;

CREATE TABLE addresses (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name           text NOT NULL,
  province_code  text NOT NULL,
  city_code      text NOT NULL,
  area_code      text NOT NULL DEFAULT '',
  province       text NOT NULL,
  city           text NOT NULL,
  area           text NOT NULL DEFAULT '',
  address        text NOT NULL,
  phone_number   text NOT NULL,
  email          text NOT NULL,
  is_default     boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL
);
CREATE INDEX addresses_user_idx ON addresses (user_id, id);
CREATE UNIQUE INDEX addresses_one_default_idx ON addresses (user_id) WHERE is_default;

CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
