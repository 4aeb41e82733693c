import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * RFC 6238 TOTP as authenticator apps compute it: HMAC-SHA-1 (RFC 4226 HOTP), T0 = 0, a 30-second step,
 * 6 digits. A code is accepted for the current step and one step either side (clock drift), and only for a
 * step later than the last one accepted, so a code seen over someone's shoulder cannot be used again.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted. */
export const TOTP_WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends (and the HMAC-SHA-1 block's natural key). */
export const TOTP_SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what otpauth:// URIs and authenticator apps take). */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Base32 back to bytes; spaces, padding and case are ignored. Throws on a character outside the alphabet. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret, base32. */
export const newTotpSecret = () => base32Encode(randomBytes(TOTP_SECRET_BYTES));

/** RFC 4226 HOTP: HMAC-SHA-1 of the 8-byte big-endian counter, dynamic truncation, `digits` decimal digits. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The step a moment falls in (seconds since the epoch / 30, rounded down). */
export const totpStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The code for a moment. */
export const totpAt = (secret: Buffer, at: Date, digits = TOTP_DIGITS) => hotp(secret, totpStep(at), digits);

/**
 * The step `code` is right for, within ±TOTP_WINDOW of `now` and after `lastStep` (null: none used yet), or
 * null. Every candidate is compared in constant time and all are tried, so timing says nothing about which.
 */
export function matchTotp(secret: Buffer, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const given = Buffer.from(code);
  const current = totpStep(now);
  let found: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(secret, step)), given);
    if (same && (lastStep === null || step > lastStep) && found === null) found = step;
  }
  return found;
}

/** The otpauth:// URI a QR code carries (Google Authenticator's key URI format); the label is `issuer:account`. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, '%20')}`;
}
