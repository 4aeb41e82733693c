import type { NotifyVerdict, PaymentGateway, PaymentRequest, RawNotify, RefundAnswer, RefundRequest, TradeQuery } from '../payments';
import { type RefundStatus, type TradeState, type WechatPayClient, WechatPayError } from './client';

const REFUND_STATE: Record<RefundStatus, RefundAnswer> = {
  SUCCESS: { state: 'refunded' },
  PROCESSING: { state: 'processing' },
  // Closed by WeChat Pay, or stuck (the payer's account cannot take it): finance has to act.
  CLOSED: { state: 'refused', reason: 'CLOSED' },
  ABNORMAL: { state: 'refused', reason: 'ABNORMAL' },
};

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

  /**
   * A refund by out_refund_no. A retry asks about the refund first (GET), so a refund whose answer was lost is
   * read, not requested again; only when WeChat Pay has none is it created (the same number either way).
   * A 4xx refusal (NOT_ENOUGH, RESOURCE_NOT_EXISTS, INVALID_REQUEST…) is final; 429 and 5xx are retried.
   */
  async refund(request: RefundRequest, retry: boolean): Promise<RefundAnswer> {
    if (retry) {
      const known = await this.client.queryRefund(request.outRefundNo);
      if (known) return REFUND_STATE[known];
    }
    try {
      const status = await this.client.createRefund({
        orderNo: request.orderNo,
        outRefundNo: request.outRefundNo,
        refundFen: request.amount,
        totalFen: request.amount,
        reason: request.reason,
      });
      return REFUND_STATE[status];
    } catch (error) {
      const status = error instanceof WechatPayError && error.kind === 'api' ? (error.status ?? 0) : 0;
      if (status >= 400 && status < 500 && status !== 429) return { state: 'refused', reason: (error as WechatPayError).code };
      throw error;
    }
  }
}
