import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';

/** The parts of a request that decide who may read /metrics. */
export interface MetricsCaller {
  /** The TCP peer's address (the socket's, never X-Forwarded-For's). */
  socketAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/** A request that came through a proxy says so in one of these (they are what proxies add). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1 (BlockList also matches 127.x written as an IPv4-mapped IPv6 address). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? net.isIP(address) : 0;
  return family !== 0 && loopback.check(address!, family === 6 ? 'ipv6' : 'ipv4');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The Bearer token equals the configured one (compared in constant time, as digests of equal length). */
function holdsToken(authorization: string | string[] | undefined, token: string): boolean {
  if (typeof authorization !== 'string') return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Who may read /metrics (docs/decisions/0023-metrics-and-readiness.md): a caller on this machine
 * (a loopback socket with no forwarding header: a reverse proxy on the same host connects from
 * loopback too, on behalf of anybody, and says so), or one that holds METRICS_TOKEN. TRUST_PROXY
 * plays no part: the address a proxy forwards is never a reason to answer.
 */
export function mayReadMetrics(caller: MetricsCaller, token: string | undefined): boolean {
  if (token && holdsToken(caller.headers.authorization, token)) return true;
  return isLoopbackAddress(caller.socketAddress) && FORWARDING_HEADERS.every((h) => caller.headers[h] === undefined);
}
