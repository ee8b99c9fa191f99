import { describe, expect, it } from 'vitest';
import { dailyLimit, higherTier, parsePromoCodes, promoteForReferrals, tierPolicy, tierProgress } from './tier-policy';

describe('tier policy', () => {
  it('gives the spec limits per tier, +3 on a day the user shared', () => {
    expect(dailyLimit('enthusiast', false)).toBe(10);
    expect(dailyLimit('stylist', false)).toBe(10);
    expect(dailyLimit('fashion_icon', false)).toBe(20);
    expect(dailyLimit('stylist', true)).toBe(13);
    expect(tierPolicy('stylist').wardrobeCap).toBe(20);
    expect(tierPolicy('collector')).toMatchObject({ wardrobeCap: null, personalization: true, lookbookViewsPerSession: 50 });
    expect(tierPolicy('enthusiast')).toMatchObject({ personalization: false, wardrobe: false, lookbook: false });
  });

  it('raises Enthusiast to Stylist at 3 friends and to Fashion Icon at 5, and never lowers', () => {
    expect([0, 2, 3, 4, 5, 9].map((n) => promoteForReferrals('enthusiast', n))).toEqual(['enthusiast', 'enthusiast', 'stylist', 'stylist', 'fashion_icon', 'fashion_icon']);
    expect(promoteForReferrals('fashion_icon', 0)).toBe('fashion_icon');
    expect(promoteForReferrals('collector', 3)).toBe('collector');
    expect(promoteForReferrals('collector', 5)).toBe('fashion_icon');
    expect(higherTier('collector', 'stylist')).toBe('collector');
  });

  it('reports progress toward the next tier, Fashion Icon complete at 5 of 5', () => {
    expect(tierProgress('enthusiast', 1)).toEqual({ current: 1, target: 3, next: 'stylist', friendsNeeded: 2 });
    expect(tierProgress('stylist', 3)).toEqual({ current: 3, target: 5, next: 'fashion_icon', friendsNeeded: 2 });
    expect(tierProgress('fashion_icon', 0)).toEqual({ current: 5, target: 5, next: null, friendsNeeded: 0 });
  });

  it('parses PROMO_CODES, skipping entries with unknown tiers', () => {
    const codes = parsePromoCodes(' launch:stylist, VIP:fashion_icon,bad:emperor,,:stylist');
    expect([...codes]).toEqual([['LAUNCH', 'stylist'], ['VIP', 'fashion_icon']]);
  });
});
