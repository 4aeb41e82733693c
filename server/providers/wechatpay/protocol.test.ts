import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerMessage,
  authorizationHeader,
  decryptResource,
  encryptResource,
  parseAuthorization,
  parseRfc3339,
  requestMessage,
  rfc3339China,
  rsaSign,
  rsaVerify,
} from './protocol';

describe('WeChat Pay v3 protocol pieces', () => {
  it('signs method, path, timestamp, nonce and body each followed by a newline', () => {
    expect(
      requestMessage('POST', '/v3/pay/transactions/native', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '{"a":1}').toString(),
    ).toBe('POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"a":1}\n');
    expect(requestMessage('GET', '/v3/certificates', '1', 'N', '').toString()).toBe('GET\n/v3/certificates\n1\nN\n\n');
    expect(answerMessage('1', 'N', Buffer.alloc(0)).toString()).toBe('1\nN\n\n');
  });

  it('reads back the Authorization header it writes, and nothing else', () => {
    const params = { mchid: '1900000109', nonce_str: 'ABC', timestamp: '1554208460', serial_no: '1DDE55AD', signature: 'c2ln+/=' };
    expect(parseAuthorization(authorizationHeader(params))).toEqual(params);
    expect(parseAuthorization('Bearer x')).toBeNull();
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1",nonce_str="2",timestamp="3",serial_no="4"')).toBeNull();
    expect(
      parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1",mchid="9",nonce_str="2",timestamp="3",serial_no="4",signature="5"'),
    ).toBeNull();
  });

  it('writes time_expire in China Standard Time and reads RFC 3339 back', () => {
    expect(rfc3339China(new Date('2025-01-06T17:30:05Z'))).toBe('2025-01-07T01:30:05+08:00');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4102444800 }), (seconds) => {
        const date = new Date(seconds * 1000);
        expect(parseRfc3339(rfc3339China(date))?.getTime()).toBe(date.getTime());
      }),
    );
    expect(parseRfc3339('2025-01-07 01:30:05')).toBeNull();
  });

  it('decrypts what it encrypts with the same key and associated data only', () => {
    const key = Buffer.from(randomBytes(16).toString('hex'), 'utf8');
    const other = Buffer.from(randomBytes(16).toString('hex'), 'utf8');
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 20 }), (plaintext, aad) => {
        const resource = encryptResource(key, plaintext, aad);
        expect(decryptResource(key, resource)?.toString('utf8')).toBe(plaintext);
        expect(decryptResource(other, resource)).toBeNull();
        expect(decryptResource(key, { ...resource, associated_data: `${aad}x` })).toBeNull();
        const bytes = Buffer.from(resource.ciphertext, 'base64');
        bytes[0] = (bytes[0] ?? 0) ^ 1;
        expect(decryptResource(key, { ...resource, ciphertext: bytes.toString('base64') })).toBeNull();
      }),
      { numRuns: 50 },
    );
  });

  it('verifies a signature only over the same bytes and with the matching key', () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const message = answerMessage('1', 'N', Buffer.from('{"code_url":"weixin://wxpay/bizpayurl?pr=x"}'));
    const signature = rsaSign(pair.privateKey, message);
    expect(rsaVerify(pair.publicKey, message, signature)).toBe(true);
    expect(rsaVerify(other.publicKey, message, signature)).toBe(false);
    expect(rsaVerify(pair.publicKey, answerMessage('1', 'N', Buffer.from('{"code_url":"weixin://wxpay/bizpayurl?pr=y"}')), signature)).toBe(
      false,
    );
    expect(rsaVerify(pair.publicKey, message, 'not base64!')).toBe(false);
  });
});
