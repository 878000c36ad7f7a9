import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * SCAN-6: where the scanner may connect. A customer's page can point the scanner's browser
 * anywhere (a link, a redirect, an image, a host name whose DNS answers 127.0.0.1): every
 * connection is checked on the address it resolves to, and only a public unicast address
 * passes. The checked address is the one connected to (see guardProxy.ts, guardedFetch.ts), so
 * a second DNS answer cannot swap it (DNS rebinding).
 */

export type RefusalReason = 'loopback' | 'private' | 'link_local' | 'unique_local' | 'metadata' | 'reserved' | 'unresolved';

/** The cloud metadata services' addresses, named apart from the ranges that hold them. */
const METADATA = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);

const REASONS: Record<string, RefusalReason> = {
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link_local',
  uniqueLocal: 'unique_local',
  carrierGradeNat: 'private',
  unspecified: 'reserved',
  broadcast: 'reserved',
  multicast: 'reserved',
  reserved: 'reserved',
  benchmarking: 'reserved',
  amt: 'reserved',
  as112: 'reserved',
  as112v6: 'reserved',
  deprecated: 'reserved',
  orchid2: 'reserved',
  droneRemoteIdProtocolEntityTags: 'reserved',
  discard: 'reserved',
  teredo: 'reserved',
  '6to4': 'reserved',
  rfc6052: 'reserved',
  rfc6145: 'reserved',
};

/** Why `address` may not be reached, or null for a public unicast address. */
export const forbiddenAddress = (address: string): RefusalReason | null => {
  if (!ipaddr.isValid(address)) return 'unresolved';
  let parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 is 127.0.0.1.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (METADATA.has(parsed.toNormalizedString()) || METADATA.has(parsed.toString())) return 'metadata';
  const range = parsed.range();
  if (range === 'unicast') return null;
  return REASONS[range] ?? 'reserved';
};

/** Resolves a host name to its addresses (every one is checked). */
export type Resolve = (hostname: string) => Promise<string[]>;

const systemResolve: Resolve = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Chromium's `--host-resolver-rules` syntax, `MAP <pattern> <address>` separated by commas, for
 * tests: with rules the system resolver is never asked, so a test never sends a DNS query for
 * its made-up names; a name no rule maps, or one mapped to `~NOTFOUND`, does not resolve.
 */
export const rulesResolver = (rules: string): Resolve => {
  const parsed = rules
    .split(',')
    .map((rule) => rule.trim().split(/\s+/))
    .filter((parts) => parts[0]?.toUpperCase() === 'MAP' && parts.length === 3)
    .map(([, pattern, address]) => ({
      test: new RegExp(`^${(pattern as string).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`, 'i'),
      address: address as string,
    }));
  return async (hostname) => {
    const rule = parsed.find((r) => r.test.test(hostname));
    if (!rule || rule.address === '~NOTFOUND') throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [rule.address];
  };
};

export interface AddressPolicy {
  resolve: Resolve;
  /**
   * Test-only: ports of 127.0.0.1 that count as the internet (the fixture sites a test harness
   * starts). Every other loopback address and port, and every other forbidden range, stays refused.
   */
  allowLoopbackPorts: ReadonlySet<number>;
}

export const addressPolicy = (options: { hostResolverRules?: string; allowLoopbackPorts?: readonly number[] } = {}): AddressPolicy => ({
  resolve: options.hostResolverRules === undefined ? systemResolve : rulesResolver(options.hostResolverRules),
  allowLoopbackPorts: new Set(options.allowLoopbackPorts ?? []),
});

export type Verdict = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: RefusalReason; address: string | null; detail: string };

/** Resolves `hostname` and checks every address it has; the first address is the one to connect to. */
export const checkHost = async (policy: AddressPolicy, hostname: string, port: number): Promise<Verdict> => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : await policy.resolve(bare);
  } catch (error) {
    return { ok: false, reason: 'unresolved', address: null, detail: error instanceof Error ? error.message : String(error) };
  }
  if (addresses.length === 0) return { ok: false, reason: 'unresolved', address: null, detail: `no address for ${bare}` };
  for (const address of addresses) {
    const reason = forbiddenAddress(address);
    if (reason === null) continue;
    if (address === '127.0.0.1' && policy.allowLoopbackPorts.has(port)) continue;
    return { ok: false, reason, address, detail: `${bare} resolves to ${address} (${reason.replace('_', '-')})` };
  }
  const address = addresses[0] as string;
  return { ok: true, address, family: isIP(address) === 6 ? 6 : 4 };
};

export const defaultPort = (protocol: string): number => (protocol === 'https:' || protocol === 'wss:' ? 443 : 80);
