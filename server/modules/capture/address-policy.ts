import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { CaptureFailure } from './failure';

/**
 * Addresses a capture may not reach unless CAPTURE_ALLOW_PRIVATE is set: loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, "this network", benchmarking, documentation,
 * multicast and reserved ranges, and their IPv6 counterparts, including IPv4-mapped and NAT64 forms (which
 * could reach any IPv4 address behind them).
 */
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address is on the public internet (not loopback, private, link-local, reserved ...). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // IPv4-mapped (::ffff:a.b.c.d, in either spelling) is the IPv4 address itself. Node's BlockList would
    // match every IPv4 address against an IPv6 rule for the mapped range, so it is unwrapped here instead.
    const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
    const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
    if (mapped) {
      const high = Number.parseInt(mapped[1] as string, 16);
      const low = Number.parseInt(mapped[2] as string, 16);
      return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
  }
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface AddressPolicy {
  /** CAPTURE_ALLOW_PRIVATE: non-public addresses are allowed (never the service itself). */
  allowPrivate: boolean;
  /** The port this service listens on: a local address on it is the service itself. */
  servicePort: number;
  /** Host names of the service (PUBLIC_URL), refused whatever they resolve to. */
  serviceHosts: string[];
  /** How long a DNS lookup may take. */
  lookupTimeoutMs: number;
}

/** This machine's own addresses (every interface), for the "the service itself" rule. */
function localAddresses(): Set<string> {
  const set = new Set(['0.0.0.0', '::', '127.0.0.1', '::1']);
  for (const list of Object.values(networkInterfaces())) for (const item of list ?? []) set.add(item.address);
  return set;
}

const stripBrackets = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/** True for an address that is the service itself: a local address on the service's port. */
function isService(address: string, port: number, policy: AddressPolicy): boolean {
  if (port !== policy.servicePort) return false;
  return address.startsWith('127.') || localAddresses().has(address) || /^::ffff:127\./i.test(address);
}

/**
 * Resolves a host for a connection and checks every address it resolves to: a name with any refused
 * address is refused (no picking the public one of a mixed answer, which DNS rebinding would exploit).
 * The connection is then made to the returned address, never to the name again.
 */
export async function resolveAllowed(hostname: string, port: number, policy: AddressPolicy): Promise<string> {
  const host = stripBrackets(hostname).toLowerCase().replace(/\.$/, '');
  if (host === '' || policy.serviceHosts.includes(host)) throw new CaptureFailure('refusedAddress');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    if (host === 'localhost' || host.endsWith('.localhost')) {
      if (!policy.allowPrivate) throw new CaptureFailure('refusedAddress');
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const found = await Promise.race([
        lookup(host, { all: true, verbatim: true }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new CaptureFailure('unreachable')), policy.lookupTimeoutMs);
        }),
      ]);
      addresses = found.map((a) => a.address);
    } catch (error) {
      if (error instanceof CaptureFailure) throw error;
      throw new CaptureFailure('unreachable');
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) throw new CaptureFailure('unreachable');
  for (const address of addresses) {
    if (isService(address, port, policy)) throw new CaptureFailure('refusedAddress');
    if (!policy.allowPrivate && !isPublicAddress(address)) throw new CaptureFailure('refusedAddress');
  }
  return addresses[0] as string;
}

/**
 * The quick check made when an address is submitted: literal addresses and `localhost` that the policy
 * refuses are refused at once (nothing queued). Names are resolved, and checked again, when captured.
 */
export function refusedAtOnce(url: URL, policy: AddressPolicy): boolean {
  const host = stripBrackets(url.hostname).toLowerCase();
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (policy.serviceHosts.includes(host)) return true;
  if (isIP(host)) return isService(host, port, policy) || (!policy.allowPrivate && !isPublicAddress(host));
  return !policy.allowPrivate && (host === 'localhost' || host.endsWith('.localhost'));
}
