import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechatPayStandIn, type WechatPayStandIn } from '../../test-support/wechatpay-standin';
import { parseAuthorization } from './protocol';
import { type NotifyResult, WechatPayClient, type WechatPayConfig, wechatPayConfig, WechatPayError } from './index';

const MCH_ID = '1900000109';
const APP_ID = 'wxd678efh567hg6787';
const SERIAL = '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C';

let standIn: WechatPayStandIn;
let config: WechatPayConfig;
let client: WechatPayClient;
let apiV3Key: string;
let merchantPrivatePem: string;
let sequence = 0;

const orderNo = () => `WX${Date.now().toString(36).toUpperCase()}${String(++sequence).padStart(4, '0')}`;
const prepay = (no: string, amountFen = 8800) =>
  client.nativePrepay({
    orderNo: no,
    amountFen,
    description: 'Points 88',
    expiresAt: new Date('2030-01-01T00:30:00Z'),
    notifyUrl: 'https://example.com/api/pay/wechat/notify',
  });
async function rejection(promise: Promise<unknown>): Promise<WechatPayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WechatPayError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

beforeAll(async () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  merchantPrivatePem = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  apiV3Key = randomBytes(16).toString('hex');
  standIn = await startWechatPayStandIn({
    mchid: MCH_ID,
    appid: APP_ID,
    merchantPublicKey: merchant.publicKey,
    merchantSerial: SERIAL,
    apiV3Key,
  });
  config = wechatPayConfig({
    WECHATPAY_MCH_ID: MCH_ID,
    WECHATPAY_APP_ID: APP_ID,
    WECHATPAY_PRIVATE_KEY: merchantPrivatePem,
    WECHATPAY_CERT_SERIAL: SERIAL,
    WECHATPAY_API_V3_KEY: apiV3Key,
    WECHATPAY_PLATFORM_PUBLIC_KEY: standIn.platformPublicKeyPem,
    WECHATPAY_PLATFORM_PUBLIC_KEY_ID: standIn.platformPublicKeyId,
    WECHATPAY_BASE_URL: standIn.baseUrl,
  });
  client = new WechatPayClient(config);
});

afterAll(async () => {
  await standIn.close();
});

describe('WechatPayClient against the stand-in', () => {
  it('native prepay answers the code URL, from a correctly signed request', async () => {
    const no = orderNo();
    const before = standIn.requests.length;
    const codeUrl = await prepay(no);
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(standIn.orders.get(no)?.codeUrl).toBe(codeUrl);
    const seen = standIn.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe('/v3/pay/transactions/native');
    expect(seen[0]?.signatureValid).toBe(true);
    const body = JSON.parse(seen[0]?.body ?? '{}');
    expect(body).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: 'Points 88',
      out_trade_no: no,
      time_expire: '2030-01-01T08:30:00+08:00',
      notify_url: 'https://example.com/api/pay/wechat/notify',
      amount: { total: 8800, currency: 'CNY' },
    });
    // The same parameters again answer the same code URL (WeChat Pay's prepay is idempotent).
    await expect(prepay(no)).resolves.toBe(codeUrl);
  });

  it('a request signed with another key is refused by the stand-in (SIGN_ERROR), so its check is real', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const impostor = new WechatPayClient({ ...config, privateKey: other });
    const before = standIn.requests.length;
    const error = await rejection(impostor.query(orderNo()));
    expect(error.kind).toBe('api');
    expect(error.code).toBe('SIGN_ERROR');
    expect(error.status).toBe(401);
    expect(standIn.requests[before]?.signatureValid).toBe(false);
    // The Authorization header is well formed all the same: only the signature is wrong.
    expect(standIn.requests[before]?.refusal).toBe('signature does not verify');
    expect(
      parseAuthorization(`WECHATPAY2-SHA256-RSA2048 mchid="1",nonce_str="2",signature="3",timestamp="4",serial_no="5"`),
    ).not.toBeNull();
  });

  it('query: unpaid, paid and missing orders', async () => {
    const no = orderNo();
    await prepay(no, 1234);
    await expect(client.query(no)).resolves.toEqual({ tradeState: 'NOTPAY', transactionId: null, totalFen: 1234, successTime: null });
    const paid = standIn.pay(no);
    const answer = await client.query(no);
    expect(answer?.tradeState).toBe('SUCCESS');
    expect(answer?.transactionId).toBe(paid.transactionId);
    expect(answer?.totalFen).toBe(1234);
    expect(answer?.successTime).toBeInstanceOf(Date);
    await expect(client.query(orderNo())).resolves.toBeNull();
    const last = standIn.requests.at(-1);
    expect(last?.method).toBe('GET');
    expect(last?.url).toMatch(new RegExp(`^/v3/pay/transactions/out-trade-no/WX[0-9A-Z]+\\?mchid=${MCH_ID}$`));
    expect(last?.signatureValid).toBe(true);
  });

  it('close: the order is closed and can no longer be prepaid; an unknown order closes without error', async () => {
    const no = orderNo();
    await prepay(no);
    await client.close(no);
    expect(standIn.orders.get(no)?.tradeState).toBe('CLOSED');
    expect(standIn.requests.at(-1)?.url).toBe(`/v3/pay/transactions/out-trade-no/${no}/close`);
    expect(JSON.parse(standIn.requests.at(-1)?.body ?? '{}')).toEqual({ mchid: MCH_ID });
    expect((await client.query(no))?.tradeState).toBe('CLOSED');
    const error = await rejection(prepay(no));
    expect([error.kind, error.code, error.status]).toEqual(['api', 'ORDER_CLOSED', 400]);
    await expect(client.close(orderNo())).resolves.toBeUndefined();
    // A paid order is not closed: the caller must learn it was paid.
    const paid = orderNo();
    await prepay(paid);
    standIn.pay(paid);
    expect((await rejection(client.close(paid))).code).toBe('ORDERPAID');
  });

  it.each([
    ['tamperBody', 'badSignature'],
    ['foreignKey', 'badSignature'],
    ['unsigned', 'unsigned'],
    ['unknownSerial', 'unknownSerial'],
    ['staleTimestamp', 'stale'],
  ] as const)('an answer with fault %s is refused (%s)', async (fault, refusal) => {
    const no = orderNo();
    await prepay(no);
    standIn.faultNextAnswer(fault);
    const error = await rejection(client.query(no));
    expect([error.kind, error.code]).toEqual(['unverified', refusal]);
    expect(error.message).not.toContain(apiV3Key);
    // The next, untouched answer is believed again.
    await expect(client.query(no)).resolves.toMatchObject({ tradeState: 'NOTPAY' });
  });

  it('a tampered prepay answer gives no code URL', async () => {
    standIn.faultNextAnswer('tamperBody');
    expect((await rejection(prepay(orderNo()))).code).toBe('badSignature');
  });

  it('no answer is a transport error', async () => {
    const nowhere = new WechatPayClient({ ...config, baseUrl: 'http://127.0.0.1:9' }, { timeoutMs: 2000 });
    expect((await rejection(nowhere.query(orderNo()))).kind).toBe('transport');
  });
});

describe('readNotify', () => {
  const paidOrder = async () => {
    const no = orderNo();
    await prepay(no, 500);
    standIn.pay(no);
    return no;
  };
  const reason = (result: NotifyResult) => (result.ok ? 'ok' : result.reason);

  it('believes a signed notification and returns the decrypted transaction', async () => {
    const no = await paidOrder();
    const result = client.readNotify(standIn.notification(no));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.eventType).toBe('TRANSACTION.SUCCESS');
    expect(result.transaction).toMatchObject({
      orderNo: no,
      tradeState: 'SUCCESS',
      totalFen: 500,
      mchid: MCH_ID,
      appid: APP_ID,
      transactionId: standIn.orders.get(no)?.transactionId,
    });
  });

  it('reads the exact bytes posted to an HTTP endpoint (lower-case headers, Buffer body)', async () => {
    const no = await paidOrder();
    const results: NotifyResult[] = [];
    const server: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const result = client.readNotify({ headers: request.headers, body: Buffer.concat(chunks) });
        results.push(result);
        response.writeHead(result.ok ? 204 : 400);
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`;
    try {
      expect(await standIn.postNotification(url, standIn.notification(no))).toBe(204);
      expect(await standIn.postNotification(url, standIn.notification(no, { foreignSigner: true }))).toBe(400);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(results.map(reason)).toEqual(['ok', 'badSignature']);
  });

  it('refuses a bad signature, a changed body and missing headers', async () => {
    const no = await paidOrder();
    expect(reason(client.readNotify(standIn.notification(no, { foreignSigner: true })))).toBe('badSignature');
    const good = standIn.notification(no);
    expect(
      reason(client.readNotify({ headers: good.headers, body: good.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ') })),
    ).toBe('badSignature');
    expect(
      reason(client.readNotify({ headers: { ...good.headers, 'Wechatpay-Signature': 'WECHATPAY/SIGNTEST/abc' }, body: good.body })),
    ).toBe('badSignature');
    const { 'Wechatpay-Signature': _dropped, ...unsigned } = good.headers;
    expect(reason(client.readNotify({ headers: unsigned, body: good.body }))).toBe('unsigned');
    expect(reason(client.readNotify({ headers: { ...good.headers, 'Wechatpay-Serial': 'PUB_KEY_ID_0000' }, body: good.body }))).toBe(
      'unknownSerial',
    );
  });

  it('refuses a stale timestamp (10 minutes old), though correctly signed', async () => {
    const no = await paidOrder();
    const old = standIn.notification(no, { timestamp: new Date(Date.now() - 10 * 60_000) });
    expect(reason(client.readNotify(old))).toBe('stale');
    const future = standIn.notification(no, { timestamp: new Date(Date.now() + 10 * 60_000) });
    expect(reason(client.readNotify(future))).toBe('stale');
  });

  it('refuses a resource encrypted with another API v3 key (decryption fails)', async () => {
    const no = await paidOrder();
    expect(reason(client.readNotify(standIn.notification(no, { apiV3Key: randomBytes(16).toString('hex') })))).toBe('decryptFailed');
  });

  it('refuses a transaction of another merchant or app', async () => {
    const no = await paidOrder();
    expect(reason(client.readNotify(standIn.notification(no, { mchid: '1900000999' })))).toBe('wrongMerchant');
    expect(reason(client.readNotify(standIn.notification(no, { appid: 'wx0000000000000000' })))).toBe('wrongApp');
  });

  it('refuses signed bodies that are not a transaction notification', async () => {
    const no = await paidOrder();
    const envelope = JSON.parse(standIn.notification(no).body);
    const signed = (body: string) => client.readNotify({ headers: standIn.sign(body), body });
    expect(reason(signed(JSON.stringify(envelope)))).toBe('ok');
    expect(reason(signed('not json'))).toBe('malformed');
    expect(reason(signed(JSON.stringify({ ...envelope, resource: { ...envelope.resource, algorithm: 'AEAD_AES_128_GCM' } })))).toBe(
      'malformed',
    );
    expect(reason(signed(JSON.stringify({ ...envelope, resource_type: 'plain' })))).toBe('malformed');
    // Changed associated data: the GCM tag no longer matches.
    expect(reason(signed(JSON.stringify({ ...envelope, resource: { ...envelope.resource, associated_data: 'refund' } })))).toBe(
      'decryptFailed',
    );
  });
});
