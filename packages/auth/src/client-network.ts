import ipaddr from 'ipaddr.js';
import { REFERRAL_NETWORK_PREFIX } from '@drape/contracts';

/**
 * What a client address stands for. An IPv4 address is one client (or one NAT); an IPv6 client is
 * handed a whole /64 and picks addresses in it freely (privacy extensions rotate them daily), so a
 * per-address limit keyed by the full address is one fresh key per request away. Per-address
 * limits key IPv6 by its /64.
 */
export const IPV6_CLIENT_PREFIX = 64;

/** The first `bits` of an address, as CIDR text (`203.0.113.0/24`, `2001:db8:1::/48`); IPv4-mapped IPv6 is IPv4. */
function networkOf(ip: ipaddr.IPv4 | ipaddr.IPv6, bits: number): string {
  const bytes = ip.toByteArray();
  const masked = bytes.map((byte, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return `${ipaddr.fromByteArray(masked).toString()}/${bits}`;
}

function parse(address: string | null | undefined): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!address || !ipaddr.isValid(address)) return null;
  // ::ffff:203.0.113.7 (a dual-stack socket's IPv4 client) is that IPv4 address.
  return ipaddr.process(address);
}

/**
 * The key of a per-address rate limit: an IPv4 address as itself, an IPv6 address by its /64.
 * Anything that is not an address (a test's label, 'unknown') stays as given.
 */
export function addressLimitKey(address: string): string {
  const ip = parse(address);
  if (!ip) return address;
  return ip.kind() === 'ipv4' ? ip.toString() : networkOf(ip, IPV6_CLIENT_PREFIX);
}

/** The sign-up network of the referral rule: the IPv4 /24 or the IPv6 /48, or null without an address. */
export function signupNetwork(address: string | null | undefined): string | null {
  const ip = parse(address);
  if (!ip) return null;
  return networkOf(ip, ip.kind() === 'ipv4' ? REFERRAL_NETWORK_PREFIX.ipv4 : REFERRAL_NETWORK_PREFIX.ipv6);
}
