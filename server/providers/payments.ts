import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
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
}

/** A payment gateway as the service sees it; the real Alipay and WeChat Pay clients implement the same. */
export interface PaymentGateway {
  readonly provider: PaymentProviderName;
  /** Alipay answers `html` (a form posting to its cashier); WeChat Pay a `url` (the code URL of a QR code). */
  start(request: PaymentRequest): Promise<{ html: string; url: string }>;
  /** Closes the gateway's open trades of an order (cancel), so nobody can pay them any more. */
  close(orderNo: string): Promise<void>;
  /** True when a notification body was signed by the gateway (HMAC-SHA256 with the gateway's key). */
  verify(text: string, signature: string): Promise<boolean>;
  sign(text: string): Promise<string>;
}

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
        trade_no: `${formatChinaTime(now).replace(/\D/g, '').slice(0, 8)}22${randomBytes(8).readBigUInt64BE().toString().padStart(20, '0').slice(0, 20)}`,
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
}
