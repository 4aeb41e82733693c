import { type HeaderBag, headerOf } from '../../lib/headers';
import { z } from 'zod';
import { type Clock, systemClock } from '../../clock';
import type { WechatPayConfig } from './config';
import {
  answerMessage,
  authorizationHeader,
  decryptResource,
  makeNonce,
  MAX_CLOCK_SKEW_SECONDS,
  parseRfc3339,
  requestMessage,
  rfc3339China,
  rsaSign,
  rsaVerify,
  SIGNATURE_PROBE_PREFIX,
  unixSeconds,
} from './protocol';

/**
 * Why an answer or a notification was not believed:
 * - `unsigned`: a Wechatpay-Timestamp/Nonce/Signature/Serial header is missing;
 * - `unknownSerial`: signed with a key we do not hold (Wechatpay-Serial is neither our public key ID nor a
 *   platform certificate's serial);
 * - `badSignature`: the signature does not verify over timestamp, nonce and the exact body (or is a probe);
 * - `stale`: its timestamp is more than 5 minutes from our clock.
 */
export type SignatureRefusal = 'unsigned' | 'unknownSerial' | 'badSignature' | 'stale';

/** Why a notification was refused: a signature refusal, or what its verified body got wrong. */
export type NotifyRefusal = SignatureRefusal | 'malformed' | 'decryptFailed' | 'wrongMerchant' | 'wrongApp';

/**
 * A failed call. `kind`: `api` (WeChat Pay answered 4xx/5xx; `code` is its error code, `SIGN_ERROR`,
 * `ORDER_CLOSED`…), `unverified` (the answer's signature was refused; `code` is the refusal), `answer` (a
 * verified answer we cannot read), `transport` (no answer: network, time-out). The message holds neither
 * keys nor signatures: the caller may log it as it is.
 */
export class WechatPayError extends Error {
  constructor(
    readonly kind: 'api' | 'unverified' | 'answer' | 'transport',
    readonly code: string,
    readonly status: number | null,
    detail: string,
  ) {
    super(`WeChat Pay ${kind} error${status === null ? '' : ` (HTTP ${status})`} ${code}: ${detail}`);
    this.name = 'WechatPayError';
  }
}

/** trade_state of a transaction. */
export const TRADE_STATES = ['SUCCESS', 'REFUND', 'NOTPAY', 'CLOSED', 'REVOKED', 'USERPAYING', 'PAYERROR'] as const;
export type TradeState = (typeof TRADE_STATES)[number];

export interface WechatPayTransaction {
  tradeState: TradeState;
  /** WeChat Pay's transaction number; null until paid. */
  transactionId: string | null;
  /** amount.total, in fen; null when the answer has none. */
  totalFen: number | null;
  successTime: Date | null;
}

export interface NotifiedTransaction extends WechatPayTransaction {
  orderNo: string;
  mchid: string;
  appid: string;
}

export type NotifyResult =
  { ok: true; id: string; eventType: string; transaction: NotifiedTransaction } | { ok: false; reason: NotifyRefusal };

export interface NativePrepayRequest {
  orderNo: string;
  amountFen: number;
  description: string;
  expiresAt: Date;
  /** Absolute https address WeChat Pay posts the payment notification to (no query string). */
  notifyUrl: string;
}

export type { HeaderBag };

export interface WechatPayClientOptions {
  clock?: Clock;
  /** Per-request time limit; default 10 s. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  userAgent?: string;
}

const errorAnswer = z.object({ code: z.string().min(1), message: z.string().optional() });
const prepayAnswer = z.object({ code_url: z.string().startsWith('weixin://') });
const transactionAnswer = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.enum(TRADE_STATES),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int().nonnegative().optional() }).partial().optional(),
});
const notifyEnvelope = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource_type: z.literal('encrypt-resource'),
  resource: z.object({
    original_type: z.literal('transaction'),
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string().min(1),
    associated_data: z.string().optional(),
    nonce: z.string().min(1),
  }),
});

/** A refund as WeChat Pay answers its creation and its query (POST / GET /v3/refund/domestic/refunds). */
const refundAnswer = z.object({
  refund_id: z.string(),
  out_refund_no: z.string(),
  out_trade_no: z.string().optional(),
  status: z.enum(['SUCCESS', 'CLOSED', 'PROCESSING', 'ABNORMAL']),
});
export type RefundStatus = z.infer<typeof refundAnswer>['status'];

export interface RefundCreateRequest {
  orderNo: string;
  outRefundNo: string;
  /** Fen to give back, and the payment's total in fen. */
  refundFen: number;
  totalFen: number;
  reason: string;
}

const ORDER_NO = /^[0-9A-Za-z_\-*]{6,32}$/;

function toTransaction(t: z.infer<typeof transactionAnswer>): WechatPayTransaction {
  return {
    tradeState: t.trade_state,
    transactionId: t.transaction_id ? t.transaction_id : null,
    totalFen: t.amount?.total ?? null,
    successTime: t.success_time ? parseRfc3339(t.success_time) : null,
  };
}

/**
 * WeChat Pay API v3 for one direct merchant: Native payment (QR code), order query and close, and payment
 * notifications. Every request is signed with the merchant key; every answer and notification is believed
 * only when signed by WeChat Pay with a key of `config.platformKeys` and timed within 5 minutes.
 */
export class WechatPayClient {
  readonly #config: WechatPayConfig;
  readonly #clock: Clock;
  readonly #timeoutMs: number;
  readonly #fetch: typeof globalThis.fetch;
  readonly #userAgent: string;

  constructor(config: WechatPayConfig, options: WechatPayClientOptions = {}) {
    this.#config = config;
    this.#clock = options.clock ?? systemClock;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#userAgent = options.userAgent ?? 'evidence-platform-wechatpay/1 (node)';
  }

  /** Native prepay (POST /v3/pay/transactions/native): the code URL (`weixin://wxpay/bizpayurl?pr=…`) to show as a QR code. */
  async nativePrepay(request: NativePrepayRequest): Promise<string> {
    if (!ORDER_NO.test(request.orderNo)) throw new RangeError('orderNo: 6-32 letters, digits, _-*');
    if (!Number.isSafeInteger(request.amountFen) || request.amountFen < 1)
      throw new RangeError('amountFen: a whole number of fen, at least 1');
    const notifyUrl = new URL(request.notifyUrl);
    if (notifyUrl.search !== '' || notifyUrl.hash !== '') throw new RangeError('notifyUrl: no query string');
    const body = {
      appid: this.#config.appid,
      mchid: this.#config.mchid,
      description: request.description.slice(0, 127),
      out_trade_no: request.orderNo,
      time_expire: rfc3339China(request.expiresAt),
      notify_url: request.notifyUrl,
      amount: { total: request.amountFen, currency: 'CNY' },
    };
    const answer = await this.#call('POST', '/v3/pay/transactions/native', body);
    if (answer.status !== 200) throw this.#apiError(answer.status, answer.body);
    return this.#read(prepayAnswer, answer).code_url;
  }

  /** The order's transaction (GET /v3/pay/transactions/out-trade-no/{no}); null when WeChat Pay has no such order. */
  async query(orderNo: string): Promise<WechatPayTransaction | null> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.#config.mchid)}`;
    const answer = await this.#call('GET', path);
    if (answer.status === 404 && this.#errorCode(answer.body) === 'ORDER_NOT_EXIST') return null;
    if (answer.status !== 200) throw this.#apiError(answer.status, answer.body);
    const transaction = this.#read(transactionAnswer, answer);
    if (transaction.mchid !== this.#config.mchid || transaction.appid !== this.#config.appid || transaction.out_trade_no !== orderNo)
      throw new WechatPayError('answer', 'FOREIGN_TRANSACTION', answer.status, 'the answer names another merchant, app or order');
    return toTransaction(transaction);
  }

  /**
   * Closes the order (POST …/out-trade-no/{no}/close), so its code URL can no longer be paid. An order WeChat
   * Pay does not know, or one already closed, is not an error (nothing can pay it); a paid one is (query it).
   */
  async close(orderNo: string): Promise<void> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`;
    const answer = await this.#call('POST', path, { mchid: this.#config.mchid });
    if (answer.status === 204 || answer.status === 200) return;
    const code = this.#errorCode(answer.body);
    if ((answer.status === 404 && code === 'ORDER_NOT_EXIST') || code === 'ORDER_CLOSED') return;
    throw this.#apiError(answer.status, answer.body);
  }

  /**
   * Creates a refund (POST /v3/refund/domestic/refunds) keyed by `out_refund_no`: WeChat Pay makes one refund per
   * number, so sending the same one again answers that refund. Its status, or the 4xx refusal as a WechatPayError
   * (`api`); a 429/5xx or no answer throws too and is retried.
   */
  async createRefund(request: RefundCreateRequest): Promise<RefundStatus> {
    const body = {
      out_trade_no: request.orderNo,
      out_refund_no: request.outRefundNo,
      reason: request.reason.slice(0, 80),
      amount: { refund: request.refundFen, total: request.totalFen, currency: 'CNY' },
    };
    const answer = await this.#call('POST', '/v3/refund/domestic/refunds', body);
    if (answer.status !== 200) throw this.#apiError(answer.status, answer.body);
    const refund = this.#read(refundAnswer, answer);
    if (refund.out_refund_no !== request.outRefundNo)
      throw new WechatPayError('answer', 'FOREIGN_REFUND', answer.status, 'the answer names another refund');
    return refund.status;
  }

  /** A refund by our number (GET /v3/refund/domestic/refunds/{out_refund_no}); null when WeChat Pay has none. */
  async queryRefund(outRefundNo: string): Promise<RefundStatus | null> {
    const answer = await this.#call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
    if (answer.status === 404 && this.#errorCode(answer.body) === 'RESOURCE_NOT_EXISTS') return null;
    if (answer.status !== 200) throw this.#apiError(answer.status, answer.body);
    const refund = this.#read(refundAnswer, answer);
    if (refund.out_refund_no !== outRefundNo)
      throw new WechatPayError('answer', 'FOREIGN_REFUND', answer.status, 'the answer names another refund');
    return refund.status;
  }

  /**
   * A payment notification as received: its headers and its exact body bytes (not re-serialised JSON). The
   * signature, the timestamp, the decryption and the merchant are checked; the caller answers WeChat Pay
   * 204 when `ok` (and it has recorded the payment), 4xx/5xx otherwise, so WeChat Pay retries.
   */
  readNotify(notification: { headers: HeaderBag; body: Buffer | string }): NotifyResult {
    const body = typeof notification.body === 'string' ? Buffer.from(notification.body, 'utf8') : notification.body;
    const refusal = this.#verify(notification.headers, body);
    if (refusal) return { ok: false, reason: refusal };
    let envelope: z.infer<typeof notifyEnvelope>;
    try {
      const parsed = notifyEnvelope.safeParse(JSON.parse(body.toString('utf8')));
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      envelope = parsed.data;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const plaintext = decryptResource(this.#config.apiV3Key, envelope.resource);
    if (!plaintext) return { ok: false, reason: 'decryptFailed' };
    let transaction: z.infer<typeof transactionAnswer>;
    try {
      const parsed = transactionAnswer.safeParse(JSON.parse(plaintext.toString('utf8')));
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      transaction = parsed.data;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (transaction.mchid !== this.#config.mchid) return { ok: false, reason: 'wrongMerchant' };
    if (transaction.appid !== this.#config.appid) return { ok: false, reason: 'wrongApp' };
    return {
      ok: true,
      id: envelope.id,
      eventType: envelope.event_type,
      transaction: { ...toTransaction(transaction), orderNo: transaction.out_trade_no, mchid: transaction.mchid, appid: transaction.appid },
    };
  }

  /** Checks WeChat Pay's signature headers over the exact body; undefined when believed. */
  #verify(headers: HeaderBag, body: Buffer): SignatureRefusal | undefined {
    const timestamp = headerOf(headers, 'Wechatpay-Timestamp');
    const nonce = headerOf(headers, 'Wechatpay-Nonce');
    const signature = headerOf(headers, 'Wechatpay-Signature');
    const serial = headerOf(headers, 'Wechatpay-Serial');
    if (!timestamp || !nonce || !signature || !serial) return 'unsigned';
    const key = this.#config.platformKeys.get(serial) ?? this.#config.platformKeys.get(serial.toUpperCase());
    if (!key) return 'unknownSerial';
    if (signature.startsWith(SIGNATURE_PROBE_PREFIX)) return 'badSignature';
    if (!rsaVerify(key, answerMessage(timestamp, nonce, body), signature)) return 'badSignature';
    if (!/^\d{1,12}$/.test(timestamp)) return 'stale';
    const skew = Math.abs(this.#clock.now().getTime() / 1000 - Number(timestamp));
    if (skew > MAX_CLOCK_SKEW_SECONDS) return 'stale';
    return undefined;
  }

  async #call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<{ status: number; body: Buffer }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = unixSeconds(this.#clock.now());
    const nonce = makeNonce();
    const signature = rsaSign(this.#config.privateKey, requestMessage(method, path, timestamp, nonce, body));
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': this.#userAgent,
      Authorization: authorizationHeader({
        mchid: this.#config.mchid,
        nonce_str: nonce,
        timestamp,
        serial_no: this.#config.certSerial,
        signature,
      }),
    };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    let answerBody: Buffer;
    try {
      response = await this.#fetch(`${this.#config.baseUrl}${path}`, {
        method,
        headers,
        body: payload === undefined ? undefined : body,
        redirect: 'error',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      answerBody = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'Error';
      throw new WechatPayError('transport', 'NO_ANSWER', null, `${method} ${path.split('?')[0] ?? ''} failed (${reason})`);
    }
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      answerHeaders[name] = value;
    });
    const refusal = this.#verify(answerHeaders, answerBody);
    if (refusal) {
      // An unverified answer is not believed, whatever it says; its status (and claimed code) only help the log.
      const claimed = this.#errorCode(answerBody);
      throw new WechatPayError(
        'unverified',
        refusal,
        response.status,
        `answer to ${method} ${path.split('?')[0] ?? ''} refused${claimed ? ` (claims ${claimed})` : ''}`,
      );
    }
    return { status: response.status, body: answerBody };
  }

  #errorCode(body: Buffer): string | undefined {
    try {
      const parsed = errorAnswer.safeParse(JSON.parse(body.toString('utf8')));
      return parsed.success ? parsed.data.code : undefined;
    } catch {
      return undefined;
    }
  }

  #apiError(status: number, body: Buffer): WechatPayError {
    try {
      const parsed = errorAnswer.safeParse(JSON.parse(body.toString('utf8')));
      if (parsed.success) return new WechatPayError('api', parsed.data.code, status, (parsed.data.message ?? '').slice(0, 300));
    } catch {
      // not JSON: below
    }
    return new WechatPayError('api', 'UNEXPECTED_STATUS', status, 'answer without an error code');
  }

  #read<T>(schema: z.ZodType<T>, answer: { status: number; body: Buffer }): T {
    try {
      const parsed = schema.safeParse(JSON.parse(answer.body.toString('utf8')));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON: below
    }
    throw new WechatPayError('answer', 'UNREADABLE_ANSWER', answer.status, 'a verified answer of an unexpected shape');
  }
}
