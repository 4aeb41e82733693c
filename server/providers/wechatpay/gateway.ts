import type { NotifyVerdict, PaymentGateway, PaymentRequest, RawNotify, TradeQuery } from '../payments';
import type { TradeState, WechatPayClient } from './client';

const QUERY_STATE: Record<TradeState, TradeQuery['state']> = {
  SUCCESS: 'paid',
  // Refunded after being paid: the order was paid (a refund is finance's business, not the credit's).
  REFUND: 'paid',
  NOTPAY: 'unpaid',
  USERPAYING: 'unpaid',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'failed',
};

/**
 * WeChat Pay API v3 as a payment gateway (PAYMENT_PROVIDER=wechatpay): Native pay (the code URL the web app
 * shows as a QR code on /weChat/{orderId}), order query and close, and the payment notification verified
 * (platform key) and decrypted (API v3 key) by `WechatPayClient`. Amounts are fen, which are our hundredths.
 */
export class WechatPayGateway implements PaymentGateway {
  readonly provider = 'wechat' as const;

  constructor(
    private readonly client: WechatPayClient,
    /** Absolute https address of our notify endpoint (PUBLIC_URL + /api/wxpay/notify). */
    private readonly notifyUrl: string,
  ) {}

  async start(request: PaymentRequest): Promise<{ html: string; url: string }> {
    const url = await this.client.nativePrepay({
      orderNo: request.orderNo,
      amountFen: request.amount,
      description: request.subject,
      expiresAt: request.expiresAt,
      notifyUrl: this.notifyUrl,
    });
    return { html: '', url };
  }

  close(orderNo: string): Promise<void> {
    return this.client.close(orderNo);
  }

  async query(orderNo: string): Promise<TradeQuery | null> {
    const trade = await this.client.query(orderNo);
    if (!trade) return null;
    return { state: QUERY_STATE[trade.tradeState], amount: trade.totalFen, tradeNo: trade.transactionId ?? '' };
  }

  readNotify({ body, headers }: RawNotify): Promise<NotifyVerdict> {
    const result = this.client.readNotify({ headers, body });
    if (!result.ok) return Promise.resolve({ ok: false, reason: result.reason });
    const { transaction } = result;
    if (transaction.totalFen === null) return Promise.resolve({ ok: false, reason: 'malformed' });
    const paid = result.eventType === 'TRANSACTION.SUCCESS' && transaction.tradeState === 'SUCCESS';
    return Promise.resolve({
      ok: true,
      orderNo: transaction.orderNo,
      amount: transaction.totalFen,
      tradeNo: transaction.transactionId ?? '',
      state: paid ? 'paid' : transaction.tradeState === 'PAYERROR' ? 'failed' : 'pending',
    });
  }
}
