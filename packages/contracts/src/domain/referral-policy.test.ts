import { describe, expect, it } from 'vitest';
import { REFERRAL_NETWORK_WINDOW_DAYS, referralCounts, referralStanding, type EarlierReferral } from './referral-policy';

const now = new Date('2026-11-28T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

/** Referrals one after another, each judged against the ones before it. */
function standings(networks: (string | null)[]): string[] {
  const earlier: EarlierReferral[] = [];
  return networks.map((network, i) => {
    const at = minutesAgo(networks.length - i);
    const s = referralStanding({ network, disposableEmail: false, at }, earlier);
    earlier.push({ network, createdAt: at });
    return s.status === 'held' ? `held:${s.reason}` : s.status;
  });
}

describe('referral standing', () => {
  it('counts one of five sign-ups from one network in minutes and holds the other four', () => {
    expect(standings(Array(5).fill('203.0.113.0/24'))).toEqual(['counted', 'held:same_network', 'held:same_network', 'held:same_network', 'held:same_network']);
    expect(standings(Array(5).fill('2001:db8:1::/48'))).toEqual(['counted', 'held:same_network', 'held:same_network', 'held:same_network', 'held:same_network']);
  });

  it('counts five friends on five networks', () => {
    expect(standings(['203.0.113.0/24', '198.51.100.0/24', '192.0.2.0/24', '2001:db8:1::/48', '2001:db8:2::/48'])).toEqual(Array(5).fill('counted'));
  });

  it(`counts the same network again once ${REFERRAL_NETWORK_WINDOW_DAYS} days have passed`, () => {
    const earlier = [{ network: '203.0.113.0/24', createdAt: daysAgo(REFERRAL_NETWORK_WINDOW_DAYS + 1) }];
    expect(referralStanding({ network: '203.0.113.0/24', disposableEmail: false, at: now }, earlier)).toEqual({ status: 'counted' });
    const recent = [{ network: '203.0.113.0/24', createdAt: daysAgo(REFERRAL_NETWORK_WINDOW_DAYS - 1) }];
    expect(referralStanding({ network: '203.0.113.0/24', disposableEmail: false, at: now }, recent)).toEqual({ status: 'held', reason: 'same_network' });
  });

  it('holds a disposable mail address and an unknown address, even on a fresh network', () => {
    expect(referralStanding({ network: '203.0.113.0/24', disposableEmail: true, at: now }, [])).toEqual({ status: 'held', reason: 'disposable_email' });
    expect(referralStanding({ network: null, disposableEmail: false, at: now }, [])).toEqual({ status: 'held', reason: 'no_network' });
  });

  it('lets counted and released referrals count, never held or revoked ones', () => {
    expect(referralCounts('counted')).toBe(true);
    expect(referralCounts('released')).toBe(true);
    expect(referralCounts('held')).toBe(false);
    expect(referralCounts('revoked')).toBe(false);
  });
});
