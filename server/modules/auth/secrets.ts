import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes: the session token the client holds. Only its SHA-256 is stored. */
export const newSessionToken = () => randomBytes(32).toString('base64url');

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Six digits from a CSPRNG, zero-padded. */
export const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Salted so equal codes do not produce equal rows; the 5-minute life and 5 tries bound guessing. */
export function hashSmsCode(code: string): string {
  const salt = randomBytes(8).toString('hex');
  return `${salt}$${sha256(`${salt}:${code}`)}`;
}

export function checkSmsCode(code: string, stored: string): boolean {
  const [salt = '', hash = ''] = stored.split('$');
  const candidate = Buffer.from(sha256(`${salt}:${code}`), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
