/**
 * The addresses a URL given to the server may not lead to: this machine,
 * the networks behind it and the cloud's metadata service. The same ranges
 * as request-filtering-agent refuses at connect time (every IANA
 * special-purpose range, all that is not public unicast), here for the
 * check made when a URL is given, so that a refusal is told at once.
 */
import { BlockList, isIP } from 'node:net';

/** Cloud instance metadata (AWS, GCP, Azure; AWS's IPv6 one): refused even where private addresses are allowed. */
export const METADATA_ADDRESSES = ['169.254.169.254', 'fd00:ec2::254'];

const PRIVATE_RANGES: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local (metadata among them)
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relays
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'], // loopback
  ['64:ff9b::', 96, 'ipv6'], // NAT64: likewise
  ['100::', 64, 'ipv6'], // discard
  ['2001::', 23, 'ipv6'], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4: an IPv4 address inside
  ['fc00::', 7, 'ipv6'], // unique local (AWS's metadata among them)
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
];

/** BlockList matches an IPv4-mapped IPv6 address (::ffff:127.0.0.1) by the IPv4 ranges. */
const privateRanges = new BlockList();
for (const [network, prefix, family] of PRIVATE_RANGES) privateRanges.addSubnet(network, prefix, family);
const metadata = new BlockList();
for (const address of METADATA_ADDRESSES) metadata.addAddress(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Why `address` (an IP address) may not be called, or null if it may. */
export function refusedAddress(address: string, allowPrivate: boolean): string | null {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (metadata.check(address, family)) return `${address} is a cloud metadata address`;
  if (!allowPrivate && privateRanges.check(address, family)) return `${address} is a private or reserved address`;
  return null;
}
