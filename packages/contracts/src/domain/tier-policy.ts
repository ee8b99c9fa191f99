/** Tiers and everything that depends on them (spec user-area §6, §9; settings-and-admin §6, §9). */
export const TIERS = ['enthusiast', 'stylist', 'collector', 'fashion_icon'] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_NAMES: Record<Tier, string> = {
  enthusiast: 'Enthusiast',
  stylist: 'Stylist',
  collector: 'Collector',
  fashion_icon: 'Fashion Icon',
};

/** Rank orders tiers so that a tier can only go up. Collector sits between Stylist and Fashion Icon. */
const RANK: Record<Tier, number> = { enthusiast: 0, stylist: 1, collector: 2, fashion_icon: 3 };

export const REFERRALS_FOR_STYLIST = 3;
export const REFERRALS_FOR_FASHION_ICON = 5;
export const SHARE_BONUS_PER_DAY = 3;

export interface TierPolicy {
  tier: Tier;
  name: string;
  dailyImages: number;
  personalization: boolean;
  wardrobe: boolean;
  /** null: uncapped */
  wardrobeCap: number | null;
  lookbook: boolean;
  /** null: unlimited; Stylist sees 50 looks per session */
  lookbookViewsPerSession: number | null;
  lookbookFilters: boolean;
}

const POLICIES: Record<Tier, TierPolicy> = {
  enthusiast: {
    tier: 'enthusiast', name: 'Enthusiast', dailyImages: 10, personalization: false,
    wardrobe: false, wardrobeCap: 0, lookbook: false, lookbookViewsPerSession: 0, lookbookFilters: false,
  },
  stylist: {
    tier: 'stylist', name: 'Stylist', dailyImages: 10, personalization: true,
    wardrobe: true, wardrobeCap: 20, lookbook: true, lookbookViewsPerSession: 50, lookbookFilters: false,
  },
  collector: {
    tier: 'collector', name: 'Collector', dailyImages: 10, personalization: true,
    wardrobe: true, wardrobeCap: null, lookbook: true, lookbookViewsPerSession: 50, lookbookFilters: false,
  },
  fashion_icon: {
    tier: 'fashion_icon', name: 'Fashion Icon', dailyImages: 20, personalization: true,
    wardrobe: true, wardrobeCap: null, lookbook: true, lookbookViewsPerSession: null, lookbookFilters: true,
  },
};

export function tierPolicy(tier: Tier): TierPolicy {
  return POLICIES[tier];
}

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

/** The higher of two tiers: a tier never goes down. */
export function higherTier(a: Tier, b: Tier): Tier {
  return RANK[a] >= RANK[b] ? a : b;
}

/** The tier that a number of referred friends earns on its own. */
export function tierForReferrals(referrals: number): Tier {
  if (referrals >= REFERRALS_FOR_FASHION_ICON) return 'fashion_icon';
  if (referrals >= REFERRALS_FOR_STYLIST) return 'stylist';
  return 'enthusiast';
}

/** A tier after a referral count changes: up only. */
export function promoteForReferrals(current: Tier, referrals: number): Tier {
  return higherTier(current, tierForReferrals(referrals));
}

/** Daily generation limit, with the +3 bonus on a day the user shared. */
export function dailyLimit(tier: Tier, sharedToday: boolean): number {
  return POLICIES[tier].dailyImages + (sharedToday ? SHARE_BONUS_PER_DAY : 0);
}

export interface TierProgress {
  current: number;
  target: number;
  next: Tier | null;
  friendsNeeded: number;
}

/** Progress toward the next tier by referred friends (user-area §4: Fashion Icon is complete at 5 of 5). */
export function tierProgress(tier: Tier, referrals: number): TierProgress {
  if (tier === 'fashion_icon') {
    return { current: REFERRALS_FOR_FASHION_ICON, target: REFERRALS_FOR_FASHION_ICON, next: null, friendsNeeded: 0 };
  }
  const next: Tier = RANK[tier] < RANK.stylist ? 'stylist' : 'fashion_icon';
  const target = next === 'stylist' ? REFERRALS_FOR_STYLIST : REFERRALS_FOR_FASHION_ICON;
  const current = Math.min(referrals, target);
  return { current, target, next, friendsNeeded: Math.max(0, target - referrals) };
}

/** PROMO_CODES is `CODE:tier,CODE:tier`; codes compare case-insensitively. */
export function parsePromoCodes(raw: string | undefined): Map<string, Tier> {
  const codes = new Map<string, Tier>();
  for (const entry of (raw ?? '').split(',')) {
    const [code, tier] = entry.split(':').map((part) => part.trim());
    if (code && tier && isTier(tier)) codes.set(code.toUpperCase(), tier);
  }
  return codes;
}
