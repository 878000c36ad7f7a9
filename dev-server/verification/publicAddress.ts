import { BlockList, isIP } from 'node:net';

/**
 * What the API may fetch from on a customer's behalf (DEPLOY-4's file check, the scanner's
 * rules): public unicast addresses only. Loopback, private, carrier-grade NAT, link-local (the
 * cloud metadata address 169.254.169.254 among them), unique-local, multicast, documentation,
 * benchmarking and reserved ranges are refused, as are IPv6 forms that wrap an IPv4 address
 * (NAT64, 6to4, Teredo), which would otherwise smuggle one of the above through. Node's
 * BlockList checks an IPv4-mapped address (`::ffff:127.0.0.1`) against the IPv4 ranges itself.
 */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
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
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
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
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

export const isPublicAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 0) return false;
  return !FORBIDDEN.check(address, family === 6 ? 'ipv6' : 'ipv4');
};

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export const isLoopbackAddress = (address: string): boolean => {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 6 ? 'ipv6' : 'ipv4');
};
