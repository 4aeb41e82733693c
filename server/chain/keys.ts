import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { loadOrCreateKeyFile } from '../lib/secrets';

/** The Ed25519 key that signs log checkpoints. */
export interface LogSigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Base64 of the 32-byte raw public key. */
  publicKeyRaw: string;
  /** SPKI PEM of the public key. */
  publicKeyPem: string;
  /** Hex SHA-256 of the raw public key. */
  keyId: string;
}

export const LOG_KEY_FILE = 'log-ed25519.pem';

function describe(privateKey: KeyObject): LogSigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the log signing key must be an Ed25519 private key');
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ format: 'der', type: 'spki' });
  // An Ed25519 SPKI is a fixed 12-byte header followed by the 32-byte key.
  const raw = der.subarray(der.length - 32);
  return {
    privateKey,
    publicKey,
    publicKeyRaw: raw.toString('base64'),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    keyId: createHash('sha256').update(raw).digest('hex'),
  };
}

/** From LOG_SIGNING_KEY (PEM; literal `\n` accepted, as environment files often carry one line). */
export function keyFromPem(pem: string): LogSigningKey {
  return describe(createPrivateKey(pem.replace(/\\n/g, '\n')));
}

/**
 * `${dataDir}/keys/log-ed25519.pem`, created at first start (directory 0700, file 0600). Two processes
 * starting together on one DATA_DIR both end up with the file that was written first (exclusive create).
 */
export async function loadOrCreateKey(dataDir: string): Promise<LogSigningKey> {
  const pem = await loadOrCreateKeyFile(dataDir, LOG_KEY_FILE, () =>
    generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  );
  return describe(createPrivateKey(pem));
}

export const signText = (key: LogSigningKey, text: string): string =>
  sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64');

/** Checks a checkpoint signature with a public key given as raw base64 (what /api/chain/publicKey answers). */
export function verifyText(publicKeyRaw: string, text: string, signature: string): boolean {
  const raw = Buffer.from(publicKeyRaw, 'base64');
  if (raw.length !== 32) return false;
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
  return verify(null, Buffer.from(text, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
}

/**
 * LOG_SIGNING_KEY when configured, else the key file in DATA_DIR (created on first start). With DATABASE_URL
 * the key is required (loadConfig refuses to start without it), so every machine signs with the same key.
 */
export function loadLogKey(config: { LOG_SIGNING_KEY?: string | undefined; DATA_DIR: string }): Promise<LogSigningKey> {
  return config.LOG_SIGNING_KEY ? Promise.resolve(keyFromPem(config.LOG_SIGNING_KEY)) : loadOrCreateKey(config.DATA_DIR);
}
