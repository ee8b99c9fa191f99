import { describe, expect, it } from 'vitest';
import { dailyLimit, higherTier, parsePromoCodes, promoteForReferrals, inviteMessages, inviteProgress, stepThatOpens, tierPolicy } from './tier-policy';

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

  it('counts invites against Stylist at 3 and Fashion Icon at 5, the next step above the tier', () => {
    const none = inviteProgress('enthusiast', 0);
    expect(none.steps.map((s) => [s.tier, s.current, s.friends, s.friendsNeeded, s.reached])).toEqual([['stylist', 0, 3, 3, false], ['fashion_icon', 0, 5, 5, false]]);
    expect(none.next?.tier).toBe('stylist');
    const two = inviteProgress('enthusiast', 2);
    expect(two.next).toMatchObject({ tier: 'stylist', current: 2, friends: 3, friendsNeeded: 1 });
    expect(two.steps[1]).toMatchObject({ current: 2, friendsNeeded: 3 });
    // A Stylist by promo code with 4 friends: the next step is Fashion Icon, one friend away.
    const stylist = inviteProgress('stylist', 4);
    expect(stylist.steps[0]).toMatchObject({ reached: true, current: 3, friendsNeeded: 0 });
    expect(stylist.next).toMatchObject({ tier: 'fashion_icon', current: 4, friends: 5, friendsNeeded: 1 });
    expect(inviteProgress('collector', 0).next?.tier).toBe('fashion_icon');
    expect(inviteProgress('fashion_icon', 0).next).toBeNull();
    expect(inviteProgress('fashion_icon', 7).steps.map((s) => s.current)).toEqual([3, 5]);
  });

  it('names the step that opens a feature: the wardrobe and the LookBook at Stylist, filters at Fashion Icon', () => {
    const p = inviteProgress('enthusiast', 1);
    expect(stepThatOpens(p, (t) => t.wardrobe).tier).toBe('stylist');
    expect(stepThatOpens(p, (t) => t.lookbook).tier).toBe('stylist');
    expect(stepThatOpens(p, (t) => t.lookbookFilters).tier).toBe('fashion_icon');
  });

  it('says the step it counts toward, and to contact support when the friends are there but the tier is not', () => {
    const [stylist, icon] = inviteProgress('enthusiast', 2).steps;
    expect(inviteMessages.toUnlock(stylist!)).toBe('Invite 1 more friend to reach Stylist and unlock it.');
    expect(inviteMessages.toNext(icon!)).toBe('Invite 3 more friends to unlock Fashion Icon.');
    expect(inviteMessages.toUnlock(inviteProgress('enthusiast', 3).steps[0]!)).toBe('Contact support to activate');
    expect(inviteMessages.toNext(null)).toBe('You have reached the highest tier.');
    expect([stylist!, icon!].map(inviteMessages.lookbookPerk)).toEqual(['50 looks per session', 'Every look, with filters']);
  });

  it('parses PROMO_CODES, skipping entries with unknown tiers', () => {
    const codes = parsePromoCodes(' launch:stylist, VIP:fashion_icon,bad:emperor,,:stylist');
    expect([...codes]).toEqual([['LAUNCH', 'stylist'], ['VIP', 'fashion_icon']]);
  });
});
