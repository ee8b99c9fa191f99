/**
 * The client address of each virtual user: its own documentation address (RFC 5737 TEST-NET-1, -2
 * and -3, RFC 3849 2001:db8::/32), named in X-Forwarded-For to a server that trusts the loopback
 * proxy. Users take the four ranges in turn, so a quarter of them come over IPv6, each from its own
 * /64 and /48 (per-address limits key an IPv6 client by a prefix, not by the full address).
 */
const IPV4_NETWORKS = ['192.0.2', '198.51.100', '203.0.113'] as const;
/** Hosts 1-254 of each /24. */
const HOSTS_PER_NETWORK = 254;

export function documentationAddress(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new Error(`no documentation address for user ${index}`);
  const range = index % 4;
  const n = Math.floor(index / 4);
  if (range === 3) return `2001:db8:${(n + 1).toString(16)}::1`;
  if (n >= HOSTS_PER_NETWORK) throw new Error(`only ${HOSTS_PER_NETWORK * 4} virtual users have a documentation address of their own`);
  return `${IPV4_NETWORKS[range]}.${n + 1}`;
}

/** The other callers' addresses, in a part of 2001:db8::/32 no user's reaches (users stop at 2001:db8:ff::/48). */
export const ADMIN_ADDRESS = '2001:db8:f0ad::1';
export const PROBE_ADDRESS = '2001:db8:f0f0::1';
/** The sign-in probe's n-th call: a /64 of its own each time. */
export const probeAddress = (n: number) => `2001:db8:f0f1:${(n % 0x10000).toString(16)}::1`;
