import { createCipheriv, createDecipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import { rfc3339China } from '../../lib/time';

// WeChat Pay API v3 wire rules (pay.weixin.qq.com, "签名认证", "验签", "回调通知解密"): every request carries an
// RSA-SHA256 signature of the merchant, every answer and every notification one of WeChat Pay, and the
// notification's payload is AES-256-GCM encrypted with the merchant's API v3 key. Only node:crypto is used.

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** Answers and notifications whose timestamp is further than this from our clock are refused (replays). */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
/** WeChat Pay's signature probes ("签名探测") start so; they must fail verification. */
export const SIGNATURE_PROBE_PREFIX = 'WECHATPAY/SIGNTEST/';

/** A random nonce as WeChat Pay's examples use: 32 upper-case hexadecimal characters. */
export const makeNonce = () => randomBytes(16).toString('hex').toUpperCase();

/** Whole seconds since the epoch, as text (the protocol's timestamp). */
export const unixSeconds = (date: Date) => String(Math.floor(date.getTime() / 1000));

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** What the merchant signs: method, path with query, timestamp, nonce and body, each followed by a newline. */
export function requestMessage(method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): Buffer {
  return utf8(`${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`);
}

/** What WeChat Pay signs in an answer or a notification: timestamp, nonce and the exact body bytes. */
export function answerMessage(timestamp: string, nonce: string, body: Buffer): Buffer {
  return Buffer.concat([utf8(`${timestamp}\n${nonce}\n`), body, utf8('\n')]);
}

/** SHA256 with RSA (PKCS #1 v1.5), base64. */
export function rsaSign(privateKey: KeyObject, message: Buffer): string {
  return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
}

export function rsaVerify(publicKey: KeyObject, message: Buffer, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export interface AuthorizationParams {
  mchid: string;
  nonce_str: string;
  timestamp: string;
  serial_no: string;
  signature: string;
}

/** The request's `Authorization` header. */
export function authorizationHeader(p: AuthorizationParams): string {
  return `${AUTH_SCHEME} mchid="${p.mchid}",nonce_str="${p.nonce_str}",signature="${p.signature}",timestamp="${p.timestamp}",serial_no="${p.serial_no}"`;
}

/** Reads an `Authorization` header back (the stand-in does, as WeChat Pay does); null when it is not one. */
export function parseAuthorization(header: string): AuthorizationParams | null {
  const prefix = `${AUTH_SCHEME} `;
  if (!header.startsWith(prefix)) return null;
  const fields = new Map<string, string>();
  for (const part of header.slice(prefix.length).split(',')) {
    const match = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part);
    if (!match?.[1] || match[2] === undefined || fields.has(match[1])) return null;
    fields.set(match[1], match[2]);
  }
  const get = (name: string) => fields.get(name);
  const [mchid, nonce_str, timestamp, serial_no, signature] = [
    get('mchid'),
    get('nonce_str'),
    get('timestamp'),
    get('serial_no'),
    get('signature'),
  ];
  if (!mchid || !nonce_str || !timestamp || !serial_no || !signature) return null;
  return { mchid, nonce_str, timestamp, serial_no, signature };
}

/** `time_expire` and `success_time`: RFC 3339 in China Standard Time, `2025-01-06T09:00:00+08:00`. */
export { rfc3339China };

/** An RFC 3339 time with an offset (as WeChat Pay writes them); null when it is not one. */
export function parseRfc3339(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** AEAD_AES_256_GCM: the ciphertext is base64 of the encrypted bytes followed by the 16-byte tag. */
export function decryptResource(apiV3Key: Buffer, resource: EncryptedResource): Buffer | null {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') return null;
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3Key, utf8(resource.nonce));
    decipher.setAAD(utf8(resource.associated_data ?? ''));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
  } catch {
    return null;
  }
}

/** The reverse of `decryptResource` (the stand-in encrypts notifications with it). */
export function encryptResource(
  apiV3Key: Buffer,
  plaintext: string,
  associatedData: string,
  nonce = randomBytes(6).toString('hex'),
): EncryptedResource {
  const cipher = createCipheriv('aes-256-gcm', apiV3Key, utf8(nonce));
  cipher.setAAD(utf8(associatedData));
  const encrypted = Buffer.concat([cipher.update(utf8(plaintext)), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: encrypted.toString('base64'), associated_data: associatedData, nonce };
}
