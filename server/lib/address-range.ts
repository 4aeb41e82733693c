import { isIP } from 'node:net';

/** An IPv4 or IPv6 address, optionally with a /prefix in range (what Fastify's trustProxy list accepts). */
export function isAddressOrRange(text: string): boolean {
  const [address = '', prefix, extra] = text.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
