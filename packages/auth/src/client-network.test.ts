import { describe, expect, it } from 'vitest';
import { addressLimitKey, signupNetwork } from './client-network';

describe('addressLimitKey', () => {
  it('keys an IPv4 client by its address', () => {
    expect(addressLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys every address of one IPv6 /64 alike, and another /64 apart', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:DB8:1:2:a:b:c:d', '2001:db8:1:2::9%eth0'].map(addressLimitKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(addressLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(addressLimitKey('unknown')).toBe('unknown');
  });
});

describe('signupNetwork', () => {
  it('is the IPv4 /24 and the IPv6 /48', () => {
    expect(signupNetwork('203.0.113.200')).toBe('203.0.113.0/24');
    expect(signupNetwork('203.0.114.1')).toBe('203.0.114.0/24');
    expect(signupNetwork('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(signupNetwork('2001:db8:abcd:12:1::1')).toBe('2001:db8:abcd::/48');
    expect(signupNetwork('2001:db8:abcd:ffff::1')).toBe('2001:db8:abcd::/48');
    expect(signupNetwork('2001:db8:abce::1')).toBe('2001:db8:abce::/48');
  });

  it('is null without a usable address', () => {
    expect(signupNetwork(null)).toBeNull();
    expect(signupNetwork('')).toBeNull();
    expect(signupNetwork('not an address')).toBeNull();
  });
});
