import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { badRequest } from '../http/errors';
import { headerOf } from '../lib/headers';
import { escapeHtml } from '../lib/html';
import { databaseSecret } from '../lib/secrets';
import { formatChinaTime } from '../lib/time';

export type PaymentProviderName = 'alipay' | 'wechat';

export interface PaymentRequest {
  orderNo: string;
  /** Hundredths of a yuan. */
  amount: number;
  subject: string;
  expiresAt: Date;
  /** Same-origin path the cashier returns to (Alipay). */
  returnPath: string;
  /** Origin of the calling page, for the absolute code URL of the QR code when PUBLIC_URL is not set. */
  origin: string;
  /** The payer is on a phone (Alipay: phone-website pay instead of the computer cashier). */
  mobile: boolean;
}

/** A notification exactly as it arrived: the body's text (its signature covers these bytes) and the headers. */
export interface RawNotify {
  body: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * What a gateway's notification says once verified: the order, the amount in hundredths, the gateway's trade
 * number and the trade's state; or why it is not believed (a bad signature, another merchant, a stale time,
 * an unreadable body). Nothing is applied from a refused notification.
 */
export type NotifyVerdict =
  { ok: true; orderNo: string; amount: number; tradeNo: string; state: 'paid' | 'failed' | 'pending' } | { ok: false; reason: string };

/** A gateway's answer about one trade (reconciliation): `null` from `query` when it has no such trade. */
export interface TradeQuery {
  state: 'paid' | 'unpaid' | 'closed' | 'failed';
  /** Hundredths of a yuan, when the gateway says. */
  amount: number | null;
  tradeNo: string;
}

/** A payment to give back in full (its order could not take it): the gateway's idempotency key is `outRefundNo`. */
export interface RefundRequest {
  orderNo: string;
  /** The gateway's trade number when known (the order number identifies the trade as well). */
  tradeNo: string;
  /** Ours, fixed per payment: every retry sends the same one, so the gateway never refunds twice. */
  outRefundNo: string;
  /** Hundredths of a yuan: the whole payment. */
  amount: number;
  /** Shown to the payer by the gateway (from the locale). */
  reason: string;
}

/**
 * The gateway's word on a refund: done, still on its way (asked again later), or refused for good with the
 * gateway's reason (finance looks at it). A transport failure or an unbelieved answer is thrown instead: the
 * refund is retried with the same out-refund number.
 */
export type RefundAnswer = { state: 'refunded' } | { state: 'processing' } | { state: 'refused'; reason: string };

/** A payment gateway as the service sees it: the sandbox ones and the real WeChat Pay client implement it. */
export interface PaymentGateway {
  readonly provider: PaymentProviderName;
  /** Alipay answers `html` (a form posting to its cashier); WeChat Pay a `url` (the code URL of a QR code). */
  start(request: PaymentRequest): Promise<{ html: string; url: string }>;
  /** Closes the gateway's open trades of an order (cancel), so nobody can pay them any more. */
  close(orderNo: string): Promise<void>;
  /** The gateway's word on the order's trade (for an order whose notification never came). */
  query(orderNo: string): Promise<TradeQuery | null>;
  /** Verifies and reads a notification the gateway posted to our notify endpoint. */
  readNotify(notify: RawNotify): Promise<NotifyVerdict>;
  /**
   * Refunds a payment in full. `retry`: an earlier attempt's answer was lost or said "processing", so the
   * gateway is asked about the refund first where it can be (the same out-refund number is sent either way).
   */
  refund(request: RefundRequest, retry: boolean): Promise<RefundAnswer>;
}

export interface Gateways {
  alipay: PaymentGateway;
  wechat: PaymentGateway;
  /** The sandbox gateways (PAYMENT_PROVIDER=sandbox), whose cashier and scan pages the sandbox serves; null with real ones. */
  sandbox: { alipay: SandboxGateway; wechat: SandboxGateway } | null;
}

/** Yuan text with at most two decimals -> hundredths ("12.30" -> 1230); null when malformed. */
export function hundredthsOf(text: string | undefined): number | null {
  if (!text || !/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** WeChat Pay's notifications older or newer than this are refused (replays of old captures). */
const WECHAT_SKEW_SECONDS = 300;

/** Yuan with two decimals from hundredths: 1234 -> "12.34" (Alipay's total_amount). */
export const yuanText = (hundredths: number) => (hundredths / 100).toFixed(2);

/**
 * Alipay's signed content: every parameter but `sign` and `sign_type`, empty ones left out, sorted by name,
 * `k=v` joined by `&` (the real gateway signs the same string with RSA2; the sandbox with HMAC-SHA256).
 */
export function alipaySignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** WeChat Pay v3's signed message: timestamp, nonce and body, each followed by a newline. */
export const wechatSignContent = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

/** An HMAC-SHA256 key kept in `signing_keys` (created once, shared by every API process). */
class GatewayKey {
  readonly load: () => Promise<Buffer>;
  constructor(db: Kysely<DB>, name: string) {
    this.load = databaseSecret(db, name);
  }

  async sign(text: string): Promise<string> {
    return createHmac('sha256', await this.load())
      .update(text, 'utf8')
      .digest('base64');
  }

  async verify(text: string, signature: string): Promise<boolean> {
    const expected = Buffer.from(await this.sign(text));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * The sandbox gateways (APP_MODE=sandbox): they keep their own trades (`sandbox_trades`), serve a cashier
 * (Alipay) or a scan page (WeChat) under /sandbox, and on confirmation call our notify endpoint with a
 * signed body, as the vendors do. Keys: `signing_keys` rows `sandbox-alipay` and `sandbox-wechat`.
 */
export class SandboxGateway implements PaymentGateway {
  readonly #key: GatewayKey;
  constructor(
    readonly provider: PaymentProviderName,
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly publicUrl: string | undefined,
    /** Text of the form's submit button (from the locale). */
    private readonly submitLabel = '',
  ) {
    this.#key = new GatewayKey(db, `sandbox-${provider}`);
  }

  sign(text: string) {
    return this.#key.sign(text);
  }
  verify(text: string, signature: string) {
    return this.#key.verify(text, signature);
  }

  async start(request: PaymentRequest): Promise<{ html: string; url: string }> {
    const ref = randomBytes(18).toString('base64url');
    const now = this.clock.now();
    // A new attempt supersedes the order's older open trades (as a new prepay does).
    await this.close(request.orderNo);
    await this.db
      .insertInto('sandbox_trades')
      .values({
        ref,
        provider: this.provider,
        order_no: request.orderNo,
        amount: request.amount,
        subject: request.subject,
        return_url: request.returnPath,
        trade_no: `${formatChinaTime(now, 'YYYYMMDD')}22${randomBytes(8).readBigUInt64BE().toString().padStart(20, '0').slice(0, 20)}`,
        created_at: now,
        expires_at: request.expiresAt,
      })
      .execute();
    if (this.provider === 'wechat') {
      const base = (this.publicUrl ?? request.origin).replace(/\/$/, '');
      return { html: '', url: `${base}/sandbox/wechat/scan?pr=${ref}` };
    }
    const params: Record<string, string> = {
      app_id: 'sandbox',
      method: 'alipay.trade.page.pay',
      out_trade_no: request.orderNo,
      total_amount: yuanText(request.amount),
      subject: request.subject,
      return_url: request.returnPath,
      time_expire: formatChinaTime(request.expiresAt),
      timestamp: formatChinaTime(now),
      charset: 'utf-8',
      version: '1.0',
    };
    const sign = await this.sign(alipaySignContent(params));
    const fields = { ...params, sign_type: 'HMAC-SHA256', sign };
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    // No script: the web app submits this form itself (the CSP forbids inline script); the button is for anyone else.
    return {
      html: `<form name="alipaysubmit" method="post" action="/sandbox/alipay/cashier">${inputs}<button type="submit">${escapeHtml(this.submitLabel)}</button></form>`,
      url: '',
    };
  }

  async close(orderNo: string): Promise<void> {
    await this.db
      .updateTable('sandbox_trades')
      .set({ status: 'closed' })
      .where('order_no', '=', orderNo)
      .where('provider', '=', this.provider)
      .where('status', '=', 'open')
      .execute();
  }

  async query(orderNo: string): Promise<TradeQuery | null> {
    const trade = await this.db
      .selectFrom('sandbox_trades')
      .select(['status', 'amount', 'trade_no'])
      .where('order_no', '=', orderNo)
      .where('provider', '=', this.provider)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!trade) return null;
    const state = trade.status === 'open' ? 'unpaid' : trade.status;
    return { state, amount: trade.amount, tradeNo: trade.trade_no };
  }

  /**
   * The sandbox's refund: a paid trade of the order is given back once per out-refund number (as the vendors
   * keep refunds by that number); an order without a paid trade here is refused.
   */
  async refund(request: RefundRequest): Promise<RefundAnswer> {
    const trade = await this.db
      .selectFrom('sandbox_trades')
      .select(['status', 'amount'])
      .where('order_no', '=', request.orderNo)
      .where('provider', '=', this.provider)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (!trade) return { state: 'refused', reason: 'TRADE_NOT_EXIST' };
    if (request.amount > trade.amount) return { state: 'refused', reason: 'REFUND_AMT_EXCEEDED' };
    await this.db
      .insertInto('sandbox_refunds')
      .values({
        out_refund_no: request.outRefundNo,
        provider: this.provider,
        order_no: request.orderNo,
        amount: request.amount,
        created_at: this.clock.now(),
      })
      .onConflict((oc) => oc.column('out_refund_no').doNothing())
      .execute();
    return { state: 'refunded' };
  }

  /**
   * Alipay's form fields signed over `alipaySignContent`, or WeChat Pay's JSON signed over timestamp, nonce and
   * body (`Wechatpay-*` headers), each with the sandbox key (HMAC-SHA256) instead of the vendors' RSA.
   */
  async readNotify({ body, headers }: RawNotify): Promise<NotifyVerdict> {
    if (this.provider === 'alipay') {
      const params = Object.fromEntries(new URLSearchParams(body));
      const sign = params.sign ?? '';
      if (!sign || !(await this.verify(alipaySignContent(params), sign))) return { ok: false, reason: 'bad signature' };
      const amount = hundredthsOf(params.total_amount);
      const status = params.trade_status;
      if (!params.out_trade_no || amount === null || !status) return { ok: false, reason: 'incomplete' };
      const state = status === 'WAIT_BUYER_PAY' ? 'pending' : status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'paid' : 'failed';
      return { ok: true, orderNo: params.out_trade_no, amount, tradeNo: params.trade_no ?? '', state };
    }
    const timestamp = headerOf(headers, 'wechatpay-timestamp') ?? '';
    const nonce = headerOf(headers, 'wechatpay-nonce') ?? '';
    const signature = headerOf(headers, 'wechatpay-signature') ?? '';
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature || !(await this.verify(wechatSignContent(timestamp, nonce, body), signature)))
      return { ok: false, reason: 'bad signature' };
    if (Math.abs(Number(timestamp) - this.clock.now().getTime() / 1000) > WECHAT_SKEW_SECONDS) return { ok: false, reason: 'stale' };
    let resource: { out_trade_no?: unknown; transaction_id?: unknown; trade_state?: unknown; amount?: { total?: unknown } } = {};
    try {
      resource = (JSON.parse(body) as { resource?: typeof resource }).resource ?? {};
    } catch {
      return { ok: false, reason: 'bad body' };
    }
    const orderNo = typeof resource.out_trade_no === 'string' ? resource.out_trade_no : '';
    const total = resource.amount?.total;
    if (!orderNo || typeof total !== 'number' || !Number.isInteger(total) || typeof resource.trade_state !== 'string')
      return { ok: false, reason: 'incomplete' };
    return {
      ok: true,
      orderNo,
      amount: total,
      tradeNo: typeof resource.transaction_id === 'string' ? resource.transaction_id : '',
      state: resource.trade_state === 'SUCCESS' ? 'paid' : 'failed',
    };
  }
}

/**
 * A gateway the deployment does not offer (e.g. Alipay while only WeChat Pay is configured): a payment cannot
 * start (the user is told to choose another method), its notifications are refused, it has no trades.
 */
export class UnavailableGateway implements PaymentGateway {
  constructor(readonly provider: PaymentProviderName) {}

  start(): Promise<{ html: string; url: string }> {
    return Promise.reject(badRequest('payment:methodUnavailable'));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
  query(): Promise<TradeQuery | null> {
    return Promise.resolve(null);
  }
  readNotify(): Promise<NotifyVerdict> {
    return Promise.resolve({ ok: false, reason: 'gateway not offered' });
  }
  refund(): Promise<RefundAnswer> {
    return Promise.resolve({ state: 'refused', reason: 'gateway not offered' });
  }
}
