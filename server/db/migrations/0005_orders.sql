-- Points, orders and payment: orders, the points ledger, the sandbox gateways' own trades.
-- Amounts are integer hundredths (fen of yuan, hundredths of a point; 1 yuan buys 1 point).

CREATE TABLE orders (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no        text NOT NULL UNIQUE,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- 1 recharge (充值), 2 consumption (消费), 3 notarisation (公证出证).
  type            smallint NOT NULL CHECK (type IN (1, 2, 3)),
  description     text NOT NULL,
  -- What the order costs (recharge: money paid; consumption: points spent), hundredths.
  amount          bigint NOT NULL CHECK (amount > 0),
  -- 1 pending (待支付), 2 paid (已支付), 3 failed (支付失败), 4 cancelled (已取消; also by expiry). Filter codes of spec section 4.
  status          smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
  -- 0 not chosen, 1 points (积分), 2 Alipay (支付宝), 3 WeChat Pay (微信).
  pay_type        smallint NOT NULL DEFAULT 0 CHECK (pay_type IN (0, 1, 2, 3)),
  is_app          boolean NOT NULL DEFAULT false,
  -- 0 not invoiced, 1 in progress, 2 invoiced, 3 failed (the invoice application moves it).
  invoice_status  smallint NOT NULL DEFAULT 0 CHECK (invoice_status IN (0, 1, 2, 3)),
  -- 'expired' when the expiry, not the owner, cancelled it.
  close_reason    text NOT NULL DEFAULT '',
  gateway_trade_no text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  paid_at         timestamptz,
  closed_at       timestamptz
);
CREATE INDEX orders_user_idx ON orders (user_id, type, id DESC);
CREATE INDEX orders_pending_idx ON orders (expires_at) WHERE status = 1;

-- Every change of a balance, tied to its order; kept in the same transaction as users.points.
CREATE TABLE points_ledger (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  order_no       text NOT NULL REFERENCES orders(order_no) ON DELETE CASCADE,
  -- 'recharge' (credit of a paid recharge) or 'spend' (debit of a consumption).
  kind           text NOT NULL CHECK (kind IN ('recharge', 'spend')),
  -- Signed hundredths: positive credits, negative debits.
  amount         bigint NOT NULL CHECK (amount <> 0),
  balance_after  bigint NOT NULL CHECK (balance_after >= 0),
  description    text NOT NULL,
  created_at     timestamptz NOT NULL,
  -- One credit or debit per order, whatever the replays: crediting is idempotent.
  UNIQUE (order_no, kind)
);
CREATE INDEX points_ledger_user_idx ON points_ledger (user_id, id DESC);

-- The sandbox gateways' own books (APP_MODE=sandbox): a trade per payment attempt, like the vendor keeps.
CREATE TABLE sandbox_trades (
  ref         text PRIMARY KEY,
  provider    text NOT NULL CHECK (provider IN ('alipay', 'wechat')),
  order_no    text NOT NULL,
  amount      bigint NOT NULL,
  subject     text NOT NULL,
  return_url  text NOT NULL DEFAULT '',
  -- 'open', 'paid', 'failed', 'closed'
  status      text NOT NULL DEFAULT 'open',
  trade_no    text NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX sandbox_trades_order_idx ON sandbox_trades (order_no);
