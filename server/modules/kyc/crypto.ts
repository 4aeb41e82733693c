import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { loadOrCreateKeyFile } from '../../lib/secrets';
import type { Config } from '../../config';

export const KYC_KEY_FILE = 'kyc-aes256.key';
const VERSION = 'v1';

/**
 * AES-256-GCM for real-name data at rest: a random 12-byte IV per value, the 16-byte tag checked on
 * reading, and the owner's id as associated data so a value copied to another user's row fails to open.
 * Stored form: `v1:<iv>:<tag>:<ciphertext>` (base64url parts).
 */
export class FieldCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the KYC encryption key must be 32 bytes');
  }

  seal(plain: string, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  open(sealed: string, aad: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed KYC value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

const decodeKey = (text: string) => (/^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64'));

/** The key of the image store, derived from the KYC key so that one secret is kept, two keys are used. */
export const imageSealKey = (kycKey: Buffer) => Buffer.from(hkdfSync('sha256', kycKey, Buffer.alloc(0), 'kyc-images', 32));

/**
 * KYC_ENCRYPTION_KEY, or `${DATA_DIR}/keys/kyc-aes256.key` (base64, file 0600, directory 0700) created at
 * first start; two processes starting together keep the file written first (exclusive create). With
 * DATABASE_URL the variable is required (loadConfig refuses to start without it): every machine seals alike.
 */
export async function loadKycKey(config: Config): Promise<Buffer> {
  if (config.KYC_ENCRYPTION_KEY) return decodeKey(config.KYC_ENCRYPTION_KEY);
  return decodeKey((await loadOrCreateKeyFile(config.DATA_DIR, KYC_KEY_FILE, () => randomBytes(32).toString('base64'))).trim());
}
