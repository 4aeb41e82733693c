import { startLoopbackServer } from './loopback-server';
import { createSign, createVerify, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Clock, systemClock } from '../clock';
import { formatChinaTime } from '../lib/time';

/**
 * An Alipay open-platform stand-in for tests: an HTTP server on 127.0.0.1 serving `/gateway.do` with its own
 * "Alipay" RSA key pair. Like the real gateway it checks each request's RSA2 signature with the application
 * public key the test generated (sorted `k=v` of every parameter but `sign`), the APPID, version, charset and
 * timestamp; keeps trades (created when the payer opens the cashier, as Alipay does) and identity
 * verifications in memory; answers `{"<method>_response":{…},"sign":"…"}` signed over the exact response
 * text; and makes signed asynchronous notifications. Faults let tests check what our client refuses.
 */
export interface AlipayStandInOptions {
  appId: string;
  sellerId: string;
  /** The application's public key (应用公钥), as registered in Alipay's console. */
  appPublicKey: KeyObject;
  clock?: Clock;
}

export interface StandInTrade {
  orderNo: string;
  tradeNo: string;
  /** Yuan text, as sent. */
  totalAmount: string;
  subject: string;
  productCode: string;
  timeExpire: string;
  notifyUrl: string;
  returnUrl: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS';
}

export interface SeenCall {
  method: string;
  params: Record<string, string>;
  /** The request's signature verified with the application public key, and its APPID and timestamp were right. */
  signatureValid: boolean;
  refusal?: string;
}

/**
 * An answer to give instead of the real one (Alipay's error codes), or a transport failure. `drop`: the call is
 * carried out, then the connection is cut without an answer (an answer lost on the way back).
 */
export type CallFault = { code: string; msg: string; sub_code?: string; sub_msg?: string } | 'httpError' | 'badSignature' | 'drop';

/** A refund as Alipay keeps it: one per (trade, out_request_no). */
export interface StandInRefund {
  orderNo: string;
  outRequestNo: string;
  /** Yuan text. */
  refundAmount: string;
  reason: string;
}

export interface NotifyOptions {
  /** Sign with a key that is not Alipay's. */
  foreignSigner?: boolean;
  appId?: string;
  sellerId?: string;
  totalAmount?: string;
  tradeStatus?: string;
}

export interface AlipayStandIn {
  gatewayUrl: string;
  /** The stand-in's Alipay public key (SPKI PEM): ALIPAY_PUBLIC_KEY. */
  alipayPublicKeyPem: string;
  calls: SeenCall[];
  trades: Map<string, StandInTrade>;
  /** Refunds made, keyed `<out_trade_no>/<out_request_no>`. */
  refunds: Map<string, StandInRefund>;
  certifications: Map<string, { outerOrderNo: string; name: string; idNumber: string; bizCode: string; passed: boolean }>;
  /** The payer opens the cashier with the form doPay answered: checked like the gateway does, the trade is made. */
  openCashier(formHtml: string): StandInTrade;
  /** The payer opens the certify address (checked like the gateway does); its certify id. */
  openCertify(url: string): string;
  pay(orderNo: string): void;
  /** A signed asynchronous notification for the order's trade (form-encoded body). */
  notification(orderNo: string, options?: NotifyOptions): string;
  /** The next call of `method` (about `about`, when given: a text in its biz_content) gets this answer. */
  failNext(method: string, fault: CallFault, about?: string): void;
  close(): Promise<void>;
}

const MAX_SKEW_MS = 15 * 60_000;

function signContent(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

const rsa2 = (text: string, key: KeyObject) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
const rsa2Check = (text: string, signature: string, key: KeyObject) => {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
};

/** The fields of the form the SDK's pageExecute makes: the action's query plus the hidden inputs. */
function formParams(html: string): { action: string; params: Record<string, string> } {
  const action = /<form action="([^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error('no form');
  const url = new URL(action);
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)" \/>/g)) {
    params[match[1] ?? ''] = (match[2] ?? '').replace(/&quot;/g, '"');
  }
  return { action: `${url.origin}${url.pathname}`, params };
}

export async function startAlipayStandIn(options: AlipayStandInOptions): Promise<AlipayStandIn> {
  const clock = options.clock ?? systemClock;
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreignKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const calls: SeenCall[] = [];
  const trades = new Map<string, StandInTrade>();
  const refunds = new Map<string, StandInRefund>();
  const certifications: AlipayStandIn['certifications'] = new Map();
  const faults = new Map<string, { fault: CallFault; about: string }>();

  /** The gateway's checks of a signed request; the reason it is refused, or null. */
  function refusal(params: Record<string, string>): string | null {
    if (params.app_id !== options.appId) return 'isv.invalid-app-id';
    if (params.sign_type !== 'RSA2') return 'isv.invalid-signature-type';
    if (params.charset !== 'utf-8' || params.version !== '1.0') return 'isv.invalid-parameter';
    const time = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(params.timestamp ?? '');
    if (!time) return 'isv.invalid-timestamp';
    const [, y, mo, d, h, mi, s] = time.map(Number);
    const sent = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 0, (h ?? 0) - 8, mi ?? 0, s ?? 0);
    if (Math.abs(sent - clock.now().getTime()) > MAX_SKEW_MS) return 'isv.invalid-timestamp';
    if (!params.sign || !rsa2Check(signContent(params, ['sign']), params.sign, options.appPublicKey)) return 'isv.invalid-signature';
    return null;
  }

  function record(params: Record<string, string>): SeenCall {
    const why = refusal(params);
    const call: SeenCall = { method: params.method ?? '', params, signatureValid: why === null, ...(why ? { refusal: why } : {}) };
    calls.push(call);
    return call;
  }

  const bizOf = (params: Record<string, string>) => JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  /** The business answer of one API call (code 10000 or Alipay's error). */
  function answer(method: string, biz: Record<string, unknown>): Record<string, unknown> {
    const ok = { code: '10000', msg: 'Success' };
    const notExist = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    switch (method) {
      case 'alipay.trade.query': {
        const trade = trades.get(text(biz.out_trade_no));
        if (!trade) return notExist;
        return {
          ...ok,
          out_trade_no: trade.orderNo,
          trade_no: trade.tradeNo,
          trade_status: trade.status,
          total_amount: trade.totalAmount,
          buyer_logon_id: 'buy***@example.com',
        };
      }
      case 'alipay.trade.close': {
        const trade = trades.get(text(biz.out_trade_no));
        if (!trade) return notExist;
        if (trade.status !== 'WAIT_BUYER_PAY')
          return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' };
        trade.status = 'TRADE_CLOSED';
        return { ...ok, out_trade_no: trade.orderNo, trade_no: trade.tradeNo };
      }
      case 'alipay.trade.refund': {
        const trade = trades.get(text(biz.out_trade_no));
        if (!trade || (text(biz.trade_no) && text(biz.trade_no) !== trade.tradeNo)) return notExist;
        const outRequestNo = text(biz.out_request_no) || trade.orderNo;
        const key = `${trade.orderNo}/${outRequestNo}`;
        const done = refunds.get(key);
        const answerOf = (refundFee: string, fundChange: 'Y' | 'N') => ({
          ...ok,
          trade_no: trade.tradeNo,
          out_trade_no: trade.orderNo,
          buyer_logon_id: 'buy***@example.com',
          fund_change: fundChange,
          refund_fee: refundFee,
          gmt_refund_pay: formatChinaTime(clock.now()),
        });
        // The same request number again: that refund, no money moved a second time.
        if (done) return answerOf(done.refundAmount, 'N');
        if (trade.status !== 'TRADE_SUCCESS')
          return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' };
        const amount = Math.round(Number(text(biz.refund_amount)) * 100);
        const total = Math.round(Number(trade.totalAmount) * 100);
        const before = [...refunds.values()]
          .filter((r) => r.orderNo === trade.orderNo)
          .reduce((sum, r) => sum + Math.round(Number(r.refundAmount) * 100), 0);
        if (!/^\d{1,9}(\.\d{1,2})?$/.test(text(biz.refund_amount)) || amount < 1)
          return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_PARAMETER', sub_msg: '参数无效' };
        if (before + amount > total)
          return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', sub_msg: '退款金额超限' };
        refunds.set(key, { orderNo: trade.orderNo, outRequestNo, refundAmount: text(biz.refund_amount), reason: text(biz.refund_reason) });
        return answerOf(text(biz.refund_amount), 'Y');
      }
      case 'alipay.user.certify.open.initialize': {
        const identity = (biz.identity_param ?? {}) as Record<string, unknown>;
        const config = (biz.merchant_config ?? {}) as Record<string, unknown>;
        if (
          !/^[0-9A-Za-z]{1,32}$/.test(text(biz.outer_order_no)) ||
          !['FACE', 'CERT_PHOTO', 'CERT_PHOTO_FACE', 'SMART_FACE'].includes(text(biz.biz_code)) ||
          identity.identity_type !== 'CERT_INFO' ||
          identity.cert_type !== 'IDENTITY_CARD' ||
          !text(identity.cert_name) ||
          !text(identity.cert_no) ||
          !text(config.return_url)
        )
          return { code: '40004', msg: 'Business Failed', sub_code: 'INVALID_PARAMETER', sub_msg: '参数有误' };
        const certifyId = randomBytes(16).toString('hex');
        certifications.set(certifyId, {
          outerOrderNo: text(biz.outer_order_no),
          name: text(identity.cert_name),
          idNumber: text(identity.cert_no),
          bizCode: text(biz.biz_code),
          passed: false,
        });
        return { ...ok, certify_id: certifyId };
      }
      case 'alipay.user.certify.open.query': {
        const certification = certifications.get(text(biz.certify_id));
        if (!certification) return { code: '40004', msg: 'Business Failed', sub_code: 'CERTIFY_ID_INVALID', sub_msg: '认证单据不存在' };
        return { ...ok, passed: certification.passed ? 'T' : 'F', identity_info: '{}', material_info: '{}' };
      }
      default:
        return { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' };
    }
  }

  /** `{"<method>_response":{…},"sign":"…"}` with the signature over the response object's exact text. */
  function signedAnswer(method: string, body: Record<string, unknown>, key: KeyObject = alipayKeys.privateKey): string {
    const inner = JSON.stringify(body);
    return `{"${method.replace(/\./g, '_')}_response":${inner},"sign":"${rsa2(inner, key)}"}`;
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/gateway.do') {
      response.writeHead(404).end();
      return;
    }
    const params: Record<string, string> = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(await readBody(request))),
    };
    const call = record(params);
    const planned = faults.get(call.method);
    const fault = planned && (params.biz_content ?? '').includes(planned.about) ? planned.fault : undefined;
    if (fault) faults.delete(call.method);
    if (fault === 'httpError') {
      response.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
      return;
    }
    if (fault === 'drop') {
      if (call.signatureValid) answer(call.method, bizOf(params));
      response.destroy();
      return;
    }
    const body: Record<string, unknown> = !call.signatureValid
      ? { code: '40002', msg: 'Invalid Arguments', sub_code: call.refusal, sub_msg: '验签出错' }
      : fault && typeof fault === 'object'
        ? fault
        : answer(call.method, bizOf(params));
    const text = signedAnswer(call.method, body, fault === 'badSignature' ? foreignKeys.privateKey : alipayKeys.privateKey);
    response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end(text);
  }

  const server = await startLoopbackServer(handle);
  const gatewayUrl = `${server.origin}/gateway.do`;

  return {
    gatewayUrl,
    alipayPublicKeyPem: alipayKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    calls,
    trades,
    refunds,
    certifications,
    openCashier(formHtml) {
      const { action, params } = formParams(formHtml);
      if (action !== gatewayUrl) throw new Error(`form posts to ${action}`);
      const call = record(params);
      if (!call.signatureValid) throw new Error(`cashier refuses the form: ${call.refusal ?? ''}`);
      if (!['alipay.trade.page.pay', 'alipay.trade.wap.pay'].includes(call.method)) throw new Error(`not a pay form: ${call.method}`);
      const biz = bizOf(params);
      const orderNo = text(biz.out_trade_no);
      const existing = trades.get(orderNo);
      if (existing && existing.status !== 'WAIT_BUYER_PAY') throw new Error(`trade ${existing.status}`);
      const trade: StandInTrade = {
        orderNo,
        tradeNo:
          existing?.tradeNo ??
          `${formatChinaTime(clock.now()).replace(/\D/g, '').slice(0, 8)}22${randomBytes(8).readBigUInt64BE().toString().slice(0, 18)}`,
        totalAmount: text(biz.total_amount),
        subject: text(biz.subject),
        productCode: text(biz.product_code),
        timeExpire: text(biz.time_expire),
        notifyUrl: params.notify_url ?? '',
        returnUrl: params.return_url ?? '',
        status: 'WAIT_BUYER_PAY',
      };
      trades.set(orderNo, trade);
      return trade;
    },
    openCertify(address) {
      const url = new URL(address);
      if (`${url.origin}${url.pathname}` !== gatewayUrl) throw new Error(`certify address at ${url.origin}${url.pathname}`);
      const params = Object.fromEntries(url.searchParams);
      const call = record(params);
      if (!call.signatureValid || call.method !== 'alipay.user.certify.open.certify')
        throw new Error(`certify refused: ${call.refusal ?? call.method}`);
      const certifyId = text(bizOf(params).certify_id);
      if (!certifications.has(certifyId)) throw new Error('unknown certify id');
      return certifyId;
    },
    pay(orderNo) {
      const trade = trades.get(orderNo);
      if (!trade || trade.status !== 'WAIT_BUYER_PAY') throw new Error(`no open trade for ${orderNo}`);
      trade.status = 'TRADE_SUCCESS';
    },
    notification(orderNo, notify = {}) {
      const trade = trades.get(orderNo);
      if (!trade) throw new Error(`no trade for ${orderNo}`);
      const now = formatChinaTime(clock.now());
      const fields: Record<string, string> = {
        notify_time: now,
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: notify.appId ?? options.appId,
        auth_app_id: notify.appId ?? options.appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: trade.tradeNo,
        out_trade_no: trade.orderNo,
        buyer_id: '2088102177846880',
        seller_id: notify.sellerId ?? options.sellerId,
        trade_status: notify.tradeStatus ?? trade.status,
        total_amount: notify.totalAmount ?? trade.totalAmount,
        receipt_amount: notify.totalAmount ?? trade.totalAmount,
        buyer_pay_amount: notify.totalAmount ?? trade.totalAmount,
        subject: trade.subject,
        gmt_create: now,
        gmt_payment: now,
        fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
      };
      // Alipay signs every field but sign and sign_type, sorted, with its private key.
      const sign = rsa2(signContent(fields, ['sign', 'sign_type']), notify.foreignSigner ? foreignKeys.privateKey : alipayKeys.privateKey);
      return new URLSearchParams({ ...fields, sign }).toString();
    },
    failNext(method, fault, about = '') {
      faults.set(method, { fault, about });
    },
    close: () => server.close(),
  };
}
