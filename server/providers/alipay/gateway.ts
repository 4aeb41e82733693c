import type { NotifyVerdict, PaymentGateway, PaymentRequest, RawNotify, RefundAnswer, RefundRequest, TradeQuery } from '../payments';
import type { AlipayClient, AlipayTradeStatus } from './client';

const QUERY_STATE: Record<AlipayTradeStatus, TradeQuery['state']> = {
  WAIT_BUYER_PAY: 'unpaid',
  TRADE_CLOSED: 'closed',
  TRADE_SUCCESS: 'paid',
  // Paid, and past its refund period.
  TRADE_FINISHED: 'paid',
};

/**
 * Alipay as a payment gateway (PAYMENT_PROVIDER with `alipay`): computer-website pay, or phone-website pay when
 * the payer is on a phone, whose signed form doPay answers; trade query and close; the notification verified
 * with Alipay's public key and checked against our APPID and seller. Amounts are yuan with two decimals there.
 */
export class AlipayGateway implements PaymentGateway {
  readonly provider = 'alipay' as const;

  constructor(
    private readonly client: AlipayClient,
    /** https address of the site (PUBLIC_URL): the notify and return addresses are built on it. */
    private readonly publicUrl: string,
  ) {}

  start(request: PaymentRequest): Promise<{ html: string; url: string }> {
    const html = this.client.pagePay({
      orderNo: request.orderNo,
      amount: request.amount,
      subject: request.subject,
      expiresAt: request.expiresAt,
      returnUrl: `${this.publicUrl}${request.returnPath}`,
      notifyUrl: `${this.publicUrl}/api/alipay/notify`,
      mobile: request.mobile,
    });
    return Promise.resolve({ html, url: '' });
  }

  close(orderNo: string): Promise<void> {
    return this.client.close(orderNo);
  }

  async query(orderNo: string): Promise<TradeQuery | null> {
    const trade = await this.client.query(orderNo);
    if (!trade) return null;
    return { state: QUERY_STATE[trade.status], amount: trade.amount, tradeNo: trade.tradeNo };
  }

  readNotify({ body }: RawNotify): Promise<NotifyVerdict> {
    const result = this.client.readNotify(body);
    if (!result.ok) return Promise.resolve({ ok: false, reason: result.reason });
    if (result.amount === null) return Promise.resolve({ ok: false, reason: 'malformed' });
    const { status } = result;
    // A closed trade (timed out, closed by us when the payer switched to WeChat Pay, refunded) does not fail
    // the order: it stays payable until it is paid, cancelled or expires. It is kept in gateway_events only.
    const state = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'paid' : 'pending';
    return Promise.resolve({ ok: true, orderNo: result.orderNo, amount: result.amount, tradeNo: result.tradeNo, state });
  }

  /** alipay.trade.refund with out_request_no = our out-refund number: a retry sends the same one (Alipay refunds once). */
  async refund(request: RefundRequest): Promise<RefundAnswer> {
    const answer = await this.client.refund({
      orderNo: request.orderNo,
      tradeNo: request.tradeNo,
      outRequestNo: request.outRefundNo,
      amount: request.amount,
      reason: request.reason,
    });
    return answer.ok ? { state: 'refunded' } : { state: 'refused', reason: answer.code };
  }
}
