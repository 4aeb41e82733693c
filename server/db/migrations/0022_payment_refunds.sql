-- The gateways a recharge order's trade was opened at: a cancel, or a payment started at the other gateway,
-- closes only these, so a payment start never waits on a gateway that has no trade of the order.
CREATE TABLE payment_trades (
  order_no    text NOT NULL,
  provider    text NOT NULL CHECK (provider IN ('alipay', 'wechat')),
  opened_at   timestamptz NOT NULL,
  -- Set once the gateway confirmed the trade closed (or never had it); a closed trade is not closed again.
  closed_at   timestamptz,
  PRIMARY KEY (order_no, provider)
);

-- A payment the order could not take (it reached a cancelled or expired order, or the order was already paid
-- at the other gateway), given back through the gateway's refund call by a job. One row per payment: the
-- (order_no, provider) key makes a repeated notification or a second process find the refund already there,
-- and out_refund_no is fixed with the row, so every retry asks the gateway for the same refund.
CREATE TABLE payment_refunds (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no       text NOT NULL,
  user_id        bigint NOT NULL,
  provider       text NOT NULL CHECK (provider IN ('alipay', 'wechat')),
  trade_no       text NOT NULL,
  out_refund_no  text NOT NULL UNIQUE,
  amount         bigint NOT NULL CHECK (amount > 0),
  reason         text NOT NULL CHECK (reason IN ('closed', 'surplus')),
  state          text NOT NULL DEFAULT 'processing' CHECK (state IN ('processing', 'refunded', 'failed')),
  -- The gateway's refusal (or the last error when the attempts ran out), for the finance desk.
  failure        text,
  attempts       integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL,
  refunded_at    timestamptz,
  UNIQUE (order_no, provider)
);
CREATE INDEX payment_refunds_state_idx ON payment_refunds (state, id);

-- The sandbox gateways' refunds, one per out_refund_no (as the vendors keep them).
CREATE TABLE sandbox_refunds (
  out_refund_no  text PRIMARY KEY,
  provider       text NOT NULL,
  order_no       text NOT NULL,
  amount         bigint NOT NULL,
  created_at     timestamptz NOT NULL
);

-- Refund answers and background closes are kept beside notifications and queries.
ALTER TABLE gateway_events DROP CONSTRAINT gateway_events_kind_check;
ALTER TABLE gateway_events ADD CONSTRAINT gateway_events_kind_check CHECK (kind IN ('notify', 'query', 'refund', 'close'));
