import { randomInt } from 'node:crypto';

/** Spec sections 3 and 9: a stored path is 23 random characters followed by base64 with `/` written as `*`. */
export const PATH_PREFIX_LENGTH = 23;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `from` host is replaced by `to` when a path is decoded (spec section 3: one storage provider for another). */
export interface HostSwap {
  from: string;
  to: string;
}

/**
 * The spec's stored-path form. It hides nothing from anyone who reads the spec: it is a presentation of the
 * location, not access control. Files are only ever served through signed links (links.ts).
 */
export function obfuscatePath(path: string): string {
  let prefix = '';
  for (let i = 0; i < PATH_PREFIX_LENGTH; i++) prefix += ALPHABET[randomInt(ALPHABET.length)];
  return prefix + Buffer.from(path, 'utf8').toString('base64').replaceAll('/', '*');
}

/** Reverses obfuscatePath; with a swap, a location on host `from` is answered on host `to`. Null when malformed. */
export function decodePath(stored: string, swap?: HostSwap | null): string | null {
  const body = stored.slice(PATH_PREFIX_LENGTH).replaceAll('*', '/');
  if (stored.length < PATH_PREFIX_LENGTH || !/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) return null;
  const path = Buffer.from(body, 'base64').toString('utf8');
  return swap ? swapHost(path, swap) : path;
}

function swapHost(location: string, { from, to }: HostSwap): string {
  const match = /^([a-z][a-z0-9+.-]*:)?\/\/([^/?#]+)(.*)$/is.exec(location);
  if (!match || match[2]?.toLowerCase() !== from.toLowerCase()) return location;
  return `${match[1] ?? ''}//${to}${match[3] ?? ''}`;
}

/** Parses `STORAGE_HOST_SWAP` (`from-host>to-host`); empty means no swap. */
export function parseHostSwap(value: string): HostSwap | null {
  if (value.trim() === '') return null;
  const [from, to, ...rest] = value.split('>').map((s) => s.trim());
  if (!from || !to || rest.length > 0) throw new Error('must be from-host>to-host');
  return { from, to };
}
