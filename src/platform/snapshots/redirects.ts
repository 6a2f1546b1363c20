import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';

/** Resolves a host name to every address it has (injectable so tests can play DNS). */
export type Lookup = (hostname: string) => Promise<string[]>;

export const systemLookup: Lookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** Redirect chains longer than this are refused (browsers allow 20; an upstream needs one or two). */
export const MAX_REDIRECTS = 5;

/** Loopback, private, link-local, unique-local, shared (CGNAT), multicast and unspecified ranges. */
const FORBIDDEN = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  FORBIDDEN.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // Forms that carry an IPv4 address inside: a gateway would forward them to that IPv4 host
  // (`64:ff9b::a9fe:a9fe` is 169.254.169.254 behind NAT64), so none of them is a public target.
  ['64:ff9b::', 96], // NAT64, well-known prefix (RFC 6052)
  ['64:ff9b:1::', 48], // NAT64, local-use prefix (RFC 8215)
  ['::', 96], // IPv4-compatible (deprecated, RFC 4291)
  ['2002::', 16], // 6to4 (RFC 3056)
  ['fec0::', 10], // site-local (deprecated, RFC 3879)
] as const)
  FORBIDDEN.addSubnet(net, bits, 'ipv6');

/** True for an address no upstream redirect may send us to (IPv4-mapped IPv6 is judged as IPv4). */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return FORBIDDEN.check(mapped[1], 'ipv4');
  const family = isIP(bare);
  if (family === 4) return FORBIDDEN.check(bare, 'ipv4');
  if (family === 6) return FORBIDDEN.check(bare, 'ipv6');
  return false;
}

/** Second-level labels under which registries sell names (`bbc.co.uk`, `abc.net.au`). */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'go', 'or', 'ne', 'gob', 'mil']);

/**
 * The registrable domain of a host, approximated without the public-suffix list: the last two
 * labels, or three when the second-to-last is a common second-level label under a two-letter
 * country code (`www.bbc.co.uk` -> `bbc.co.uk`). An IP literal is its own family.
 */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, ''))) return host;
  const labels = host.split('.');
  if (labels.length <= 2) return host;
  const tld = labels[labels.length - 1];
  const sld = labels[labels.length - 2];
  const take = tld.length === 2 && SECOND_LEVEL.has(sld) ? 3 : 2;
  return labels.slice(-take).join('.');
}

/** Same host, or both within one registrable domain (`api.example.org` -> `cdn.example.org`). */
export function sameHostFamily(from: string, to: string): boolean {
  const a = from.toLowerCase();
  const b = to.toLowerCase();
  if (a === b) return true;
  if (isIP(a.replace(/^\[|\]$/g, '')) || isIP(b.replace(/^\[|\]$/g, ''))) return false;
  return registrableDomain(a) === registrableDomain(b);
}

/**
 * Decides whether a redirect from the configured address `origin` may be followed to `target`.
 * Returns the reason for refusing, or undefined. The configured origin itself (what the code or the
 * operator asked for, e.g. a test server behind UPSTREAM_BASE_OVERRIDE) is trusted; any other
 * origin must be in the same host family and resolve only to public addresses.
 */
export async function redirectRefusal(
  origin: URL,
  target: URL,
  lookup: Lookup,
  forbidden: (address: string) => boolean = isForbiddenAddress,
): Promise<string | undefined> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return `redirect to a ${target.protocol} address refused`;
  if (origin.protocol === 'https:' && target.protocol === 'http:') return 'redirect from https to http refused';
  if (target.origin === origin.origin) return undefined;
  if (!sameHostFamily(origin.hostname, target.hostname)) return `redirect to another host (${target.host}) refused`;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await lookup(host);
  } catch (err) {
    return `redirect target ${target.host} does not resolve (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  }
  const bad = addresses.find(forbidden);
  if (bad !== undefined || addresses.length === 0)
    return `redirect to a loopback, private or link-local address (${target.host} -> ${bad ?? 'none'}) refused`;
  return undefined;
}
