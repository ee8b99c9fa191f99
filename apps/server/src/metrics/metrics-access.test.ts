import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, mayReadMetrics } from './metrics-access';

const TOKEN = 'a-metrics-token-of-24-chars-or-more';

describe('isLoopbackAddress', () => {
  it('knows 127.0.0.0/8 and ::1, in their IPv4-mapped forms too, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '128.0.0.1', '::ffff:10.0.0.1', '::2', 'fe80::1', '0.0.0.0', 'localhost', '', undefined]) expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});

describe('mayReadMetrics', () => {
  it('admits a loopback socket with no forwarding header, without any token', () => {
    expect(mayReadMetrics({ socketAddress: '127.0.0.1', headers: {} }, undefined)).toBe(true);
    expect(mayReadMetrics({ socketAddress: '::1', headers: { authorization: 'Bearer wrong' } }, TOKEN)).toBe(true);
  });

  it('refuses a caller on another machine, or any that came through a proxy, without the token', () => {
    expect(mayReadMetrics({ socketAddress: '203.0.113.7', headers: {} }, undefined)).toBe(false);
    expect(mayReadMetrics({ socketAddress: '203.0.113.7', headers: {} }, TOKEN)).toBe(false);
    for (const h of ['x-forwarded-for', 'forwarded', 'x-real-ip']) expect(mayReadMetrics({ socketAddress: '127.0.0.1', headers: { [h]: '127.0.0.1' } }, undefined), h).toBe(false);
  });

  it('admits the exact Bearer token from anywhere, and no token when none is configured', () => {
    const from = (authorization: string) => ({ socketAddress: '203.0.113.7', headers: { authorization, 'x-forwarded-for': '198.51.100.1' } });
    expect(mayReadMetrics(from(`Bearer ${TOKEN}`), TOKEN)).toBe(true);
    expect(mayReadMetrics(from(`bearer ${TOKEN}`), TOKEN)).toBe(true);
    for (const wrong of [TOKEN, `Bearer ${TOKEN.slice(1)}`, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ', `Bearer ${TOKEN} extra`]) expect(mayReadMetrics(from(wrong), TOKEN), wrong).toBe(false);
    expect(mayReadMetrics(from('Bearer '), undefined)).toBe(false);
    expect(mayReadMetrics(from('Bearer undefined'), undefined)).toBe(false);
  });
});
