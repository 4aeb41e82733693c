import type { Generated } from 'kysely';
import type { Id, Timestamp, NullableTimestamp } from './columns';

// Orders, the points ledger and the payment gateways' trades, notifications and refunds.

export interface OrdersTable {
  id: Id;
  order_no: string;
  user_id: number;
  /** 1 recharge, 2 consumption, 3 notarisation. */
  type: number;
  description: string;
  /** Hundredths. */
  amount: number;
  /** 1 pending, 2 paid, 3 failed, 4 cancelled (the filter codes of spec section 4). */
  status: Generated<number>;
  /** 0 none, 1 points, 2 Alipay, 3 WeChat Pay. */
  pay_type: Generated<number>;
  is_app: Generated<boolean>;
  invoice_status: Generated<number>;
  close_reason: Generated<string>;
  gateway_trade_no: Generated<string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  paid_at: NullableTimestamp;
  closed_at: NullableTimestamp;
}

export interface PointsLedgerTable {
  id: Id;
  user_id: number;
  order_no: string;
  /** 'refund' gives back a stopped or failed notarisation's debit. */
  kind: 'recharge' | 'spend' | 'refund';
  /** Signed hundredths. */
  amount: number;
  balance_after: number;
  description: string;
  created_at: Timestamp;
}

/** Gateway notifications and query answers as received, with our verdict (0015_gateway_events.sql). */
export interface GatewayEventsTable {
  id: Generated<number>;
  provider: 'alipay' | 'wechat';
  kind: 'notify' | 'query' | 'refund' | 'close';
  order_no: string | null;
  body: string;
  verdict: string;
  created_at: Timestamp;
}

export interface SandboxTradesTable {
  ref: string;
  provider: 'alipay' | 'wechat';
  order_no: string;
  amount: number;
  subject: string;
  return_url: Generated<string>;
  status: Generated<'open' | 'paid' | 'failed' | 'closed'>;
  trade_no: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** The gateways a recharge order's trade was opened at (0022_payment_refunds.sql). */
export interface PaymentTradesTable {
  order_no: string;
  provider: 'alipay' | 'wechat';
  opened_at: Timestamp;
  closed_at: NullableTimestamp;
}

export type RefundState = 'processing' | 'refunded' | 'failed';

/** A payment given back through its gateway (0022_payment_refunds.sql): one per (order, gateway). */
export interface PaymentRefundsTable {
  id: Id;
  order_no: string;
  user_id: number;
  provider: 'alipay' | 'wechat';
  trade_no: string;
  out_refund_no: string;
  amount: number;
  reason: 'closed' | 'surplus';
  state: Generated<RefundState>;
  failure: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  refunded_at: NullableTimestamp;
}

export interface SandboxRefundsTable {
  out_refund_no: string;
  provider: string;
  order_no: string;
  amount: number;
  created_at: Timestamp;
}
