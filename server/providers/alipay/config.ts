import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** The parsed settings of one Alipay open-platform application (public-key mode, RSA2). */
export interface AlipayConfig {
  /** The application's APPID (16 digits). */
  appId: string;
  /** The application private key (应用私钥) as PKCS #8 PEM: signs every request. */
  privateKeyPem: string;
  /** Alipay's public key (支付宝公钥) as SPKI PEM: verifies answers and notifications. */
  alipayPublicKeyPem: string;
  /** The merchant's partner id (PID, 2088…): a notification for another seller is refused. */
  sellerId: string;
  /** The open-platform gateway, `https://openapi.alipay.com/gateway.do` unless set. */
  gateway: string;
  /** Milliseconds one call may take. */
  timeoutMs: number;
}

/** An Alipay setting that is missing or wrong; `variable` names it, the message never repeats a key. */
export class AlipayConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'AlipayConfigError';
  }
}

export type AlipayEnv = Readonly<Record<string, string | undefined>>;

export const DEFAULT_ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/**
 * Where the browser sends and follows Alipay's page-pay form (the Content-Security-Policy's `form-action`): the
 * gateway's origin, and Alipay's cashier hosts it redirects to (`*.alipay.com`, or `*.alipaydev.com` for Alipay's
 * own sandbox). A stand-in on loopback is its origin alone.
 */
export function alipayFormTargets(gateway: string): string[] {
  const url = new URL(gateway);
  const targets = [url.origin];
  for (const domain of ['alipay.com', 'alipaydev.com']) {
    if (url.hostname === domain || url.hostname.endsWith(`.${domain}`)) targets.push(`https://*.${domain}`);
  }
  return targets;
}

const MIN_RSA_BITS = 2048;

function text(env: AlipayEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function required(env: AlipayEnv, name: string): string {
  const value = text(env, name);
  if (value === undefined) throw new AlipayConfigError(name, 'is required');
  return value;
}

/**
 * A key as Alipay's key tool and console give it: a PEM (one line with `\n` escapes accepted) or the bare
 * base64 body, PKCS #1 or PKCS #8 for the private key, SubjectPublicKeyInfo for the public key.
 */
function readKey(name: string, value: string, kind: 'private' | 'public'): KeyObject {
  const pem = value.replace(/\\n/g, '\n').trim();
  const attempts: (() => KeyObject)[] = pem.startsWith('-----BEGIN')
    ? [() => (kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem))]
    : (() => {
        const der = Buffer.from(pem.replace(/\s+/g, ''), 'base64');
        return kind === 'private'
          ? [
              () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
              () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
            ]
          : [
              () => createPublicKey({ key: der, format: 'der', type: 'spki' }),
              () => createPublicKey({ key: der, format: 'der', type: 'pkcs1' }),
            ];
      })();
  let key: KeyObject | undefined;
  for (const attempt of attempts) {
    try {
      key = attempt();
      break;
    } catch {
      // the next form
    }
  }
  if (!key) throw new AlipayConfigError(name, `is not a readable RSA ${kind} key (PEM or base64)`);
  const bits = key.asymmetricKeyType === 'rsa' ? key.asymmetricKeyDetails?.modulusLength : undefined;
  if (bits === undefined) throw new AlipayConfigError(name, `must be an RSA key (got ${key.asymmetricKeyType ?? 'unknown'})`);
  if (bits < MIN_RSA_BITS) throw new AlipayConfigError(name, `must be an RSA2 key of at least ${MIN_RSA_BITS} bits (got ${bits})`);
  return key;
}

function gatewayUrl(value: string | undefined): string {
  if (value === undefined) return DEFAULT_ALIPAY_GATEWAY;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AlipayConfigError('ALIPAY_GATEWAY', 'must be an absolute URL');
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new AlipayConfigError('ALIPAY_GATEWAY', 'must be https (plain http only on loopback, for a stand-in)');
  return url.toString();
}

/** Every ALIPAY_* value read and checked (keys parsed, not only present); the first wrong one is named. */
export function alipayConfig(env: AlipayEnv): AlipayConfig {
  const appId = required(env, 'ALIPAY_APP_ID');
  if (!/^\d{16}$/.test(appId)) throw new AlipayConfigError('ALIPAY_APP_ID', 'must be the 16-digit APPID');
  const privateKey = readKey('ALIPAY_PRIVATE_KEY', required(env, 'ALIPAY_PRIVATE_KEY'), 'private');
  const publicKey = readKey('ALIPAY_PUBLIC_KEY', required(env, 'ALIPAY_PUBLIC_KEY'), 'public');
  const ownPublic = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  if (ownPublic.equals(publicKey.export({ type: 'spki', format: 'der' })))
    throw new AlipayConfigError('ALIPAY_PUBLIC_KEY', "is the application's own public key; Alipay's public key (支付宝公钥) is needed");
  const sellerId = required(env, 'ALIPAY_SELLER_ID');
  if (!/^2088\d{12}$/.test(sellerId)) throw new AlipayConfigError('ALIPAY_SELLER_ID', 'must be the merchant PID: 2088 and 12 digits');
  const timeoutText = text(env, 'ALIPAY_TIMEOUT_MS') ?? '10000';
  const timeoutMs = Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1000 || timeoutMs > 60_000)
    throw new AlipayConfigError('ALIPAY_TIMEOUT_MS', 'must be whole milliseconds from 1000 to 60000');
  return {
    appId,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sellerId,
    gateway: gatewayUrl(text(env, 'ALIPAY_GATEWAY')),
    timeoutMs,
  };
}
