import { startLoopbackServer } from './loopback-server';
import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Clock, systemClock } from '../clock';
import {
  answerMessage,
  encryptResource,
  makeNonce,
  MAX_CLOCK_SKEW_SECONDS,
  parseAuthorization,
  requestMessage,
  rfc3339China,
  rsaSign,
  rsaVerify,
  unixSeconds,
} from '../providers/wechatpay/protocol';

/**
 * A WeChat Pay API v3 stand-in for tests: an HTTP server on 127.0.0.1 with its own WeChat Pay key pair
 * (public key mode, `PUB_KEY_ID_…`). It checks every request's Authorization signature with the merchant
 * public key the test generated, keeps Native orders in memory, signs every answer as WeChat Pay does
 * (Wechatpay-Timestamp/Nonce/Signature/Serial over the exact body), and makes signed, encrypted payment
 * notifications. Faults for the next answer and for notifications let tests check what the client refuses.
 */
export interface WechatPayStandInOptions {
  mchid: string;
  appid: string;
  merchantPublicKey: KeyObject;
  merchantSerial: string;
  /** API v3 key (32 bytes) that notifications are encrypted with. */
  apiV3Key: string;
  clock?: Clock;
}

export interface StandInOrder {
  outTradeNo: string;
  description: string;
  totalFen: number;
  notifyUrl: string;
  timeExpire: string;
  codeUrl: string;
  tradeState: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId?: string;
  successTime?: string;
}

export interface SeenRequest {
  method: string;
  /** Path and query, as signed. */
  url: string;
  body: string;
  /** True when the Authorization header was well formed, ours, timely, unused and verified. */
  signatureValid: boolean;
  /** Why not, when not. */
  refusal?: string;
}

/**
 * What to do to the next answer after signing it (or instead). `drop`: the request is carried out, then the
 * connection is cut without an answer (an answer lost on the way back).
 */
export type AnswerFault = 'tamperBody' | 'unsigned' | 'foreignKey' | 'unknownSerial' | 'staleTimestamp' | 'drop';

/** A refund as WeChat Pay keeps it, by out_refund_no. */
export interface StandInRefund {
  refundId: string;
  outRefundNo: string;
  outTradeNo: string;
  transactionId: string;
  refundFen: number;
  totalFen: number;
  reason: string;
  status: 'SUCCESS' | 'PROCESSING' | 'CLOSED' | 'ABNORMAL';
  createTime: string;
}

export interface NotificationOptions {
  /** Encrypt with another API v3 key (the merchant cannot decrypt). */
  apiV3Key?: string;
  /** Sign with a key that is not the WeChat Pay key. */
  foreignSigner?: boolean;
  /** Signing time (default: now). */
  timestamp?: Date;
  /** Claim another merchant or app in the encrypted transaction. */
  mchid?: string;
  appid?: string;
}

export interface SignedNotification {
  headers: Record<string, string>;
  body: string;
}

export interface WechatPayStandIn {
  baseUrl: string;
  /** The stand-in's WeChat Pay public key (PEM, SPKI) and its ID: WECHATPAY_PLATFORM_PUBLIC_KEY(_ID). */
  platformPublicKeyPem: string;
  platformPublicKeyId: string;
  orders: Map<string, StandInOrder>;
  requests: SeenRequest[];
  /** Refunds made, by out_refund_no (one per number, however often it is asked for). */
  refunds: Map<string, StandInRefund>;
  /** The status a new refund starts in (WeChat Pay usually answers PROCESSING first); SUCCESS by default. */
  refundStatus: StandInRefund['status'];
  /** The next refund creation is refused with this error (e.g. 403 NOT_ENOUGH), nothing refunded. */
  refuseNextRefund(status: number, code: string, message: string): void;
  /** Every answer waits this long first (a slow gateway); 0 by default. */
  delayMs: number;
  faultNextAnswer(fault: AnswerFault): void;
  /** The payer pays the order (it must be NOTPAY). */
  pay(orderNo: string): StandInOrder;
  /** A TRANSACTION.SUCCESS notification of a paid order, as WeChat Pay posts it. */
  notification(orderNo: string, options?: NotificationOptions): SignedNotification;
  /** WeChat Pay's signature headers over any body (a test's own, signed as WeChat Pay would). */
  sign(body: string): Record<string, string>;
  /** Posts a notification to a URL; the answer's status. */
  postNotification(url: string, notification: SignedNotification): Promise<number>;
  close(): Promise<void>;
}

const ORDER_NO = /^[0-9A-Za-z_\-*]{6,32}$/;
const TIME_EXPIRE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/;
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parseJson(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startWechatPayStandIn(options: WechatPayStandInOptions): Promise<WechatPayStandIn> {
  const clock = options.clock ?? systemClock;
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platformPublicKeyId = `PUB_KEY_ID_${digits(30)}`;
  const orders = new Map<string, StandInOrder>();
  const requests: SeenRequest[] = [];
  const usedNonces = new Set<string>();
  const refunds = new Map<string, StandInRefund>();
  let fault: AnswerFault | undefined;
  let refusal: { status: number; code: string; message: string } | undefined;
  const settings = { refundStatus: 'SUCCESS' as StandInRefund['status'], delayMs: 0 };

  const signedHeaders = (body: Buffer, at: Date, signer: KeyObject, serial: string): Record<string, string> => {
    const timestamp = unixSeconds(at);
    const nonce = makeNonce();
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': rsaSign(signer, answerMessage(timestamp, nonce, body)),
      'Wechatpay-Serial': serial,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    };
  };

  const answer = (response: ServerResponse, status: number, payload?: unknown) => {
    const body = payload === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(payload), 'utf8');
    const current = fault;
    fault = undefined;
    if (current === 'drop') {
      response.destroy();
      return;
    }
    const at = current === 'staleTimestamp' ? new Date(clock.now().getTime() - 10 * 60_000) : clock.now();
    const signer = current === 'foreignKey' ? foreign.privateKey : platform.privateKey;
    const serial = current === 'unknownSerial' ? `PUB_KEY_ID_${digits(30)}` : platformPublicKeyId;
    const headers: Record<string, string> = current === 'unsigned' ? {} : signedHeaders(body, at, signer, serial);
    let sent = body;
    if (current === 'tamperBody')
      sent = Buffer.from(body.toString('utf8').replace('"NOTPAY"', '"SUCCESS"').replace('bizpayurl?pr=', 'bizpayurl?pr=X'), 'utf8');
    response.writeHead(status, {
      ...headers,
      'Request-ID': randomBytes(16).toString('hex'),
      ...(sent.length > 0 ? { 'Content-Type': 'application/json' } : {}),
    });
    response.end(sent);
  };
  const error = (response: ServerResponse, status: number, code: string, message: string) => answer(response, status, { code, message });

  /** Checks the merchant's Authorization header as WeChat Pay does; the refusal, or undefined. */
  const checkSignature = (request: IncomingMessage, body: string): string | undefined => {
    const auth = parseAuthorization(request.headers.authorization ?? '');
    if (!auth) return 'no WECHATPAY2-SHA256-RSA2048 Authorization header';
    if (auth.mchid !== options.mchid) return 'mchid is not the merchant of the key';
    if (auth.serial_no !== options.merchantSerial) return 'serial_no is not the merchant certificate';
    if (!/^\d+$/.test(auth.timestamp) || Math.abs(clock.now().getTime() / 1000 - Number(auth.timestamp)) > MAX_CLOCK_SKEW_SECONDS)
      return 'timestamp out of range';
    if (usedNonces.has(auth.nonce_str)) return 'nonce used before';
    const message = requestMessage(request.method ?? '', request.url ?? '', auth.timestamp, auth.nonce_str, body);
    if (!rsaVerify(options.merchantPublicKey, message, auth.signature)) return 'signature does not verify';
    usedNonces.add(auth.nonce_str);
    return undefined;
  };

  const transactionJson = (order: StandInOrder, mchid = options.mchid, appid = options.appid) => ({
    appid,
    mchid,
    out_trade_no: order.outTradeNo,
    trade_type: 'NATIVE',
    trade_state: order.tradeState,
    trade_state_desc: order.tradeState,
    ...(order.tradeState === 'SUCCESS'
      ? {
          transaction_id: order.transactionId,
          bank_type: 'OTHERS',
          success_time: order.successTime,
          payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
          amount: { total: order.totalFen, payer_total: order.totalFen, currency: 'CNY', payer_currency: 'CNY' },
        }
      : { amount: { total: order.totalFen, currency: 'CNY', payer_currency: 'CNY' } }),
  });

  const prepay = (response: ServerResponse, payload: Record<string, unknown>) => {
    const amount = payload.amount as { total?: unknown; currency?: unknown } | undefined;
    const { appid, mchid, description, out_trade_no: outTradeNo, notify_url: notifyUrl, time_expire: timeExpire } = payload;
    if (mchid !== options.mchid || appid !== options.appid)
      return error(response, 400, 'APPID_MCHID_NOT_MATCH', 'appid and mchid do not match');
    if (typeof outTradeNo !== 'string' || !ORDER_NO.test(outTradeNo)) return error(response, 400, 'PARAM_ERROR', 'out_trade_no');
    if (typeof description !== 'string' || description === '' || description.length > 127)
      return error(response, 400, 'PARAM_ERROR', 'description');
    if (typeof notifyUrl !== 'string' || !/^https?:\/\/[^?#]+$/.test(notifyUrl)) return error(response, 400, 'PARAM_ERROR', 'notify_url');
    if (typeof timeExpire !== 'string' || !TIME_EXPIRE.test(timeExpire)) return error(response, 400, 'PARAM_ERROR', 'time_expire');
    if (!amount || !Number.isInteger(amount.total) || (amount.total as number) < 1 || (amount.currency ?? 'CNY') !== 'CNY')
      return error(response, 400, 'PARAM_ERROR', 'amount');
    const totalFen = amount.total as number;
    const existing = orders.get(outTradeNo);
    if (existing) {
      if (existing.tradeState === 'SUCCESS') return error(response, 400, 'ORDERPAID', 'order paid');
      if (existing.tradeState === 'CLOSED') return error(response, 400, 'ORDER_CLOSED', 'order closed');
      if (existing.totalFen !== totalFen) return error(response, 403, 'OUT_TRADE_NO_USED', 'out_trade_no used with other parameters');
      return answer(response, 200, { code_url: existing.codeUrl });
    }
    const codeUrl = `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`;
    orders.set(outTradeNo, { outTradeNo, description, totalFen, notifyUrl, timeExpire, codeUrl, tradeState: 'NOTPAY' });
    return answer(response, 200, { code_url: codeUrl });
  };

  const refundJson = (refund: StandInRefund) => ({
    refund_id: refund.refundId,
    out_refund_no: refund.outRefundNo,
    transaction_id: refund.transactionId,
    out_trade_no: refund.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    ...(refund.status === 'SUCCESS' ? { success_time: refund.createTime } : {}),
    create_time: refund.createTime,
    status: refund.status,
    funds_account: 'AVAILABLE',
    amount: {
      total: refund.totalFen,
      refund: refund.refundFen,
      payer_total: refund.totalFen,
      payer_refund: refund.refundFen,
      settlement_refund: refund.refundFen,
      settlement_total: refund.totalFen,
      discount_refund: 0,
      currency: 'CNY',
    },
  });

  /** POST /v3/refund/domestic/refunds: one refund per out_refund_no; the same number again answers that refund. */
  const createRefund = (response: ServerResponse, payload: Record<string, unknown>) => {
    const amount = payload.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
    const outRefundNo = payload.out_refund_no;
    if (typeof outRefundNo !== 'string' || !/^[0-9A-Za-z_\-|*@]{1,64}$/.test(outRefundNo))
      return error(response, 400, 'PARAM_ERROR', 'out_refund_no');
    const existing = refunds.get(outRefundNo);
    if (existing) return answer(response, 200, refundJson(existing));
    const order = [...orders.values()].find(
      (o) => o.outTradeNo === payload.out_trade_no || (o.transactionId !== undefined && o.transactionId === payload.transaction_id),
    );
    if (!order) return error(response, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (!amount || !Number.isInteger(amount.refund) || !Number.isInteger(amount.total) || (amount.currency ?? 'CNY') !== 'CNY')
      return error(response, 400, 'PARAM_ERROR', 'amount');
    if (amount.total !== order.totalFen) return error(response, 400, 'INVALID_REQUEST', '订单金额不一致');
    const refunded = [...refunds.values()].filter((r) => r.outTradeNo === order.outTradeNo).reduce((sum, r) => sum + r.refundFen, 0);
    if ((amount.refund as number) < 1 || refunded + (amount.refund as number) > order.totalFen)
      return error(response, 400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    if (order.tradeState !== 'SUCCESS' && order.tradeState !== 'REFUND') return error(response, 400, 'INVALID_REQUEST', '订单未支付');
    if (refusal) {
      const { status, code, message } = refusal;
      refusal = undefined;
      return error(response, status, code, message);
    }
    const refund: StandInRefund = {
      refundId: `50${digits(27)}`,
      outRefundNo,
      outTradeNo: order.outTradeNo,
      transactionId: order.transactionId ?? '',
      refundFen: amount.refund as number,
      totalFen: order.totalFen,
      reason: typeof payload.reason === 'string' ? payload.reason : '',
      status: settings.refundStatus,
      createTime: rfc3339China(clock.now()),
    };
    refunds.set(outRefundNo, refund);
    order.tradeState = 'REFUND';
    return answer(response, 200, refundJson(refund));
  };

  const route = async (request: IncomingMessage, response: ServerResponse) => {
    const body = (await readBody(request)).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const refusal = checkSignature(request, body);
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      body,
      signatureValid: refusal === undefined,
      ...(refusal ? { refusal } : {}),
    });
    if (refusal) return error(response, 401, 'SIGN_ERROR', refusal);
    const payload = body === '' ? {} : parseJson(body);
    if (payload === null) return error(response, 400, 'PARAM_ERROR', 'body is not JSON');
    const byOrder = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (settings.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.delayMs));
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/native') return prepay(response, payload);
    if (request.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return createRefund(response, payload);
    const refundPath = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && refundPath?.[1] !== undefined) {
      const refund = refunds.get(decodeURIComponent(refundPath[1]));
      if (!refund) return error(response, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return answer(response, 200, refundJson(refund));
    }
    if (byOrder?.[1] !== undefined) {
      const order = orders.get(decodeURIComponent(byOrder[1]));
      if (request.method === 'GET' && !byOrder[2]) {
        if (url.searchParams.get('mchid') !== options.mchid) return error(response, 400, 'PARAM_ERROR', 'mchid');
        if (!order) return error(response, 404, 'ORDER_NOT_EXIST', 'order does not exist');
        return answer(response, 200, transactionJson(order));
      }
      if (request.method === 'POST' && byOrder[2]) {
        if (payload.mchid !== options.mchid) return error(response, 400, 'PARAM_ERROR', 'mchid');
        // As WeChat Pay: closing an unknown or closed order answers 204 too.
        if (order?.tradeState === 'SUCCESS') return error(response, 400, 'ORDERPAID', 'order paid');
        if (order) order.tradeState = 'CLOSED';
        return answer(response, 204);
      }
    }
    return error(response, 404, 'RESOURCE_NOT_EXISTS', 'no such API');
  };

  const server = await startLoopbackServer(route);

  return {
    baseUrl: `${server.origin}`,
    platformPublicKeyPem: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    platformPublicKeyId,
    orders,
    requests,
    refunds,
    get refundStatus() {
      return settings.refundStatus;
    },
    set refundStatus(status) {
      settings.refundStatus = status;
    },
    get delayMs() {
      return settings.delayMs;
    },
    set delayMs(ms) {
      settings.delayMs = ms;
    },
    refuseNextRefund(status, code, message) {
      refusal = { status, code, message };
    },
    faultNextAnswer(next) {
      fault = next;
    },
    pay(orderNo) {
      const order = orders.get(orderNo);
      if (!order || order.tradeState !== 'NOTPAY') throw new Error(`stand-in: order ${orderNo} cannot be paid`);
      order.tradeState = 'SUCCESS';
      order.transactionId = `4200${digits(24)}`;
      order.successTime = rfc3339China(clock.now());
      return order;
    },
    notification(orderNo, notificationOptions = {}) {
      const order = orders.get(orderNo);
      if (!order) throw new Error(`stand-in: no order ${orderNo}`);
      const plaintext = JSON.stringify(transactionJson(order, notificationOptions.mchid, notificationOptions.appid));
      const resource = encryptResource(Buffer.from(notificationOptions.apiV3Key ?? options.apiV3Key, 'utf8'), plaintext, 'transaction');
      const at = notificationOptions.timestamp ?? clock.now();
      const body = JSON.stringify({
        id: randomBytes(16).toString('hex'),
        create_time: rfc3339China(at),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: 'payment succeeded',
        resource: { original_type: 'transaction', ...resource },
      });
      const signer = notificationOptions.foreignSigner ? foreign.privateKey : platform.privateKey;
      return {
        headers: { 'Content-Type': 'application/json', ...signedHeaders(Buffer.from(body, 'utf8'), at, signer, platformPublicKeyId) },
        body,
      };
    },
    sign: (body) => signedHeaders(Buffer.from(body, 'utf8'), clock.now(), platform.privateKey, platformPublicKeyId),
    async postNotification(url, notification) {
      const response = await fetch(url, { method: 'POST', headers: notification.headers, body: notification.body });
      await response.arrayBuffer();
      return response.status;
    },
    close: () => server.close(),
  };
}
