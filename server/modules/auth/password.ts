import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP password storage cheat sheet: scrypt N=2^17, r=8, p=1 (128 MiB, about 0.3 s here). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
/** The lowest cost production accepts (PASSWORD_SCRYPT_LOG_N): OWASP's. */
export const PRODUCTION_MIN_LOG_N = 17;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  // Node refuses above 32 MiB by default; scrypt needs 128 * N * r bytes, so leave room for that.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Stored as `scrypt$N=..,r=..,p=..$<salt>$<key>` (base64): the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_BYTES);
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!match) return null;
  const [, n, r, p, salt, key] = match;
  return {
    params: { N: Number(n), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt ?? '', 'base64'),
    key: Buffer.from(key ?? '', 'base64'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const candidate = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the same time as a real check for a phone that has no account, so response times do not
 * reveal which phones are registered.
 */
export async function burnPasswordCheck(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<false> {
  let dummy = dummyHashes.get(params.N);
  if (!dummy) dummyHashes.set(params.N, (dummy = hashPassword('dummy-password-0', params)));
  await verifyPassword(password, await dummy);
  return false;
}

export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p;
}

/**
 * Passwords at the configured cost (PASSWORD_SCRYPT_LOG_N): production keeps OWASP's; the test suites use a lower
 * one, where hundreds of sign-ins at 0.3 s each were most of their time. A stored hash names its own cost, so a
 * hash made at another cost still verifies and is made again at this one on the next sign-in.
 */
export class PasswordHasher {
  readonly params: ScryptParams;
  constructor(logN: number) {
    this.params = { ...SCRYPT_PARAMS, N: 2 ** logN };
  }
  hash = (password: string) => hashPassword(password, this.params);
  verify = (password: string, stored: string) => verifyPassword(password, stored);
  needsRehash = (stored: string) => needsRehash(stored, this.params);
  /** The time of a check, for a name that has no account. */
  burn = (password: string) => burnPasswordCheck(password, this.params);
}
