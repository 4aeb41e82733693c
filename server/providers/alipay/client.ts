import { createRequire } from 'node:module';
import type * as AlipaySdkModule from 'alipay-sdk';
import type { AlipaySdk, AlipaySdkCommonResult } from 'alipay-sdk';

// alipay-sdk takes about a second to load: loaded when a client is made (Alipay configured), not at start.
const requireLazy = createRequire(import.meta.url);
const alipaySdk = () => (requireLazy('alipay-sdk') as typeof AlipaySdkModule).AlipaySdk;
import type { Clock } from '../../clock';
import { formatChinaTime } from '../../lib/time';
import { hundredthsOf as hundredths, yuanText as yuan } from '../payments';
import type { AlipayConfig } from './config';

/** A call Alipay answered with something other than success (`code` 10000), or could not be made or believed. */
export class AlipayError extends Error {
  constructor(
    readonly method: string,
    /** Alipay's `code` (e.g. 20000 service unavailable, 40004 business failure), or `transport` / `unverified`. */
    readonly code: string,
    readonly subCode = '',
    detail = '',
  ) {
    super(`${method}: ${code}${subCode ? ` ${subCode}` : ''}${detail ? ` (${detail})` : ''}`);
    this.name = 'AlipayError';
  }
}

export type AlipayTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS' | 'TRADE_FINISHED';

export interface AlipayTrade {
  orderNo: string;
  tradeNo: string;
  status: AlipayTradeStatus;
  /** Hundredths of a yuan. */
  amount: number | null;
}

/** A notification as read: the verified fields, or why it is not believed. */
export type AlipayNotifyResult =
  | { ok: true; orderNo: string; tradeNo: string; status: string; amount: number | null; fields: Record<string, string> }
  | { ok: false; reason: 'badSignature' | 'otherApp' | 'otherSeller' | 'incomplete' };

export interface PagePayRequest {
  orderNo: string;
  /** Hundredths of a yuan. */
  amount: number;
  subject: string;
  expiresAt: Date;
  returnUrl: string;
  notifyUrl: string;
  /** Phone-website pay (alipay.trade.wap.pay) instead of computer-website pay (alipay.trade.page.pay). */
  mobile: boolean;
}

const SUCCESS = '10000';
const NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
const TRADE_STATUSES: readonly string[] = ['WAIT_BUYER_PAY', 'TRADE_CLOSED', 'TRADE_SUCCESS', 'TRADE_FINISHED'];

/**
 * Alipay's open platform (the v1 gateway, RSA2) through the official Node SDK: page and phone-website pay
 * forms, trade query and close, notification check, and identity verification (alipay.user.certify.open.*).
 * Every answer's signature is verified with Alipay's public key (`validateSign`) before anything is believed.
 */
export class AlipayClient {
  readonly #sdk: AlipaySdk;

  constructor(
    private readonly config: AlipayConfig,
    private readonly clock: Clock,
  ) {
    this.#sdk = new (alipaySdk())({
      appId: config.appId,
      // The SDK rebuilds the PEM from its lines: it must not end with a newline.
      privateKey: config.privateKeyPem.trim(),
      keyType: 'PKCS8',
      alipayPublicKey: config.alipayPublicKeyPem.trim(),
      gateway: config.gateway,
      timeout: config.timeoutMs,
      signType: 'RSA2',
      camelcase: false,
    });
  }

  /** The request time in China time, from our clock (the SDK would use the process's local time zone). */
  #timestamp = () => formatChinaTime(this.clock.now());

  async #exec(method: string, bizContent: Record<string, unknown>): Promise<AlipaySdkCommonResult> {
    let result: AlipaySdkCommonResult;
    try {
      result = await this.#sdk.exec(method, { timestamp: this.#timestamp(), bizContent }, { validateSign: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A wrong signature on the answer: nothing it says is believed.
      const code = message.includes('验签') ? 'unverified' : 'transport';
      throw new AlipayError(method, code, '', message.slice(0, 200));
    }
    return result;
  }

  /**
   * The form that takes the payer to Alipay's cashier (computer or phone website pay), signed with the
   * application key. The SDK's auto-submit script is left in; the web app copies only the form's fields.
   */
  pagePay(request: PagePayRequest): string {
    const method = request.mobile ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay';
    return this.#sdk.pageExecute(method, 'POST', {
      timestamp: this.#timestamp(),
      notifyUrl: request.notifyUrl,
      returnUrl: request.returnUrl,
      bizContent: {
        out_trade_no: request.orderNo,
        total_amount: yuan(request.amount),
        subject: request.subject.slice(0, 256),
        product_code: request.mobile ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        time_expire: formatChinaTime(request.expiresAt),
        ...(request.mobile ? { quit_url: request.returnUrl } : {}),
      },
    });
  }

  /** alipay.trade.query; null when Alipay has no trade for the order (the payer never opened the cashier). */
  async query(orderNo: string): Promise<AlipayTrade | null> {
    const method = 'alipay.trade.query';
    const answer = await this.#exec(method, { out_trade_no: orderNo });
    if (answer.code !== SUCCESS) {
      if (answer.sub_code === NOT_EXIST) return null;
      throw new AlipayError(method, answer.code, answer.sub_code ?? '', answer.sub_msg ?? answer.msg);
    }
    const status = String(answer.trade_status ?? '');
    if (answer.out_trade_no !== orderNo || !TRADE_STATUSES.includes(status))
      throw new AlipayError(method, 'unverified', '', 'answer about another trade or an unknown state');
    return {
      orderNo,
      tradeNo: String(answer.trade_no ?? ''),
      status: status as AlipayTradeStatus,
      amount: hundredths(typeof answer.total_amount === 'string' ? answer.total_amount : undefined),
    };
  }

  /** alipay.trade.close: an order with no trade at Alipay, or one already closed, needs nothing. */
  async close(orderNo: string): Promise<void> {
    const method = 'alipay.trade.close';
    const answer = await this.#exec(method, { out_trade_no: orderNo });
    if (answer.code === SUCCESS || answer.sub_code === NOT_EXIST) return;
    throw new AlipayError(method, answer.code, answer.sub_code ?? '', answer.sub_msg ?? answer.msg);
  }

  /**
   * alipay.trade.refund in full, keyed by `out_request_no`: Alipay refunds a trade once per request number, so
   * the same number sent again (an answer lost) answers success without a second refund. A business refusal
   * (40004: not refundable, balance too low, no such trade) is final; a system error (20000) or no answer throws.
   */
  async refund(input: {
    orderNo: string;
    tradeNo: string;
    outRequestNo: string;
    amount: number;
    reason: string;
  }): Promise<{ ok: true; fundChange: boolean } | { ok: false; code: string }> {
    const method = 'alipay.trade.refund';
    const answer = await this.#exec(method, {
      out_trade_no: input.orderNo,
      ...(input.tradeNo ? { trade_no: input.tradeNo } : {}),
      refund_amount: yuan(input.amount),
      out_request_no: input.outRequestNo,
      refund_reason: input.reason.slice(0, 256),
    });
    if (answer.code === SUCCESS) {
      if (answer.out_trade_no !== undefined && answer.out_trade_no !== input.orderNo)
        throw new AlipayError(method, 'unverified', '', 'answer about another trade');
      return { ok: true, fundChange: answer.fund_change === 'Y' };
    }
    if (answer.code === '40004') return { ok: false, code: String(answer.sub_code ?? answer.code) };
    throw new AlipayError(method, answer.code, answer.sub_code ?? '', answer.sub_msg ?? answer.msg);
  }

  /**
   * An asynchronous notification (form fields): the RSA2 signature checked with Alipay's public key over the
   * sorted fields (the SDK's check), then the application and the seller must be ours.
   */
  readNotify(body: string): AlipayNotifyResult {
    const fields = Object.fromEntries(new URLSearchParams(body));
    if (!fields.sign || !this.#sdk.checkNotifySignV2(fields)) return { ok: false, reason: 'badSignature' };
    if (fields.app_id !== this.config.appId) return { ok: false, reason: 'otherApp' };
    if (fields.seller_id !== this.config.sellerId) return { ok: false, reason: 'otherSeller' };
    if (!fields.out_trade_no || !fields.trade_status) return { ok: false, reason: 'incomplete' };
    return {
      ok: true,
      orderNo: fields.out_trade_no,
      tradeNo: fields.trade_no ?? '',
      status: fields.trade_status,
      amount: hundredths(fields.total_amount),
      fields,
    };
  }

  /** alipay.user.certify.open.initialize: a certify id for this person (name and ID card number). */
  async certifyInitialize(input: { outerOrderNo: string; name: string; idNumber: string; returnUrl: string }): Promise<string> {
    const method = 'alipay.user.certify.open.initialize';
    const answer = await this.#exec(method, {
      outer_order_no: input.outerOrderNo,
      biz_code: 'FACE',
      identity_param: { identity_type: 'CERT_INFO', cert_type: 'IDENTITY_CARD', cert_name: input.name, cert_no: input.idNumber },
      merchant_config: { return_url: input.returnUrl },
    });
    if (answer.code !== SUCCESS || typeof answer.certify_id !== 'string' || !answer.certify_id)
      throw new AlipayError(method, answer.code, answer.sub_code ?? '', answer.sub_msg ?? answer.msg);
    return answer.certify_id;
  }

  /** alipay.user.certify.open.certify: the signed address the person opens (scans) in the Alipay app. */
  certifyUrl(certifyId: string): string {
    return this.#sdk.pageExecute('alipay.user.certify.open.certify', 'GET', {
      timestamp: this.#timestamp(),
      bizContent: { certify_id: certifyId },
    });
  }

  /** alipay.user.certify.open.query: `true` once the person passed; Alipay answers F both before and after a failed try. */
  async certifyPassed(certifyId: string): Promise<boolean> {
    const method = 'alipay.user.certify.open.query';
    const answer = await this.#exec(method, { certify_id: certifyId });
    if (answer.code !== SUCCESS) throw new AlipayError(method, answer.code, answer.sub_code ?? '', answer.sub_msg ?? answer.msg);
    return answer.passed === 'T';
  }
}
