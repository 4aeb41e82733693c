-- Every notification a payment gateway posted and every answer to our trade queries, kept for audit:
-- the raw body exactly as received, what we made of it (the verdict) and when. Append-only in
-- the service; finance reads it when a user says they paid and nothing arrived.
CREATE TABLE gateway_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider    text NOT NULL CHECK (provider IN ('alipay', 'wechat')),
  kind        text NOT NULL CHECK (kind IN ('notify', 'query')),
  order_no    text,
  body        text NOT NULL,
  verdict     text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX gateway_events_order_idx ON gateway_events (order_no);
