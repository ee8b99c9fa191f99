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
  /** Photographed pieces in My Pieces (issue 19, section 3). */
  closetCap: number;
}

const POLICIES: Record<Tier, TierPolicy> = {
  enthusiast: {
    tier: 'enthusiast', name: 'Enthusiast', dailyImages: 10, personalization: false,
    wardrobe: false, wardrobeCap: 0, lookbook: false, lookbookViewsPerSession: 0, lookbookFilters: false, closetCap: 10,
  },
  stylist: {
    tier: 'stylist', name: 'Stylist', dailyImages: 10, personalization: true,
    wardrobe: true, wardrobeCap: 20, lookbook: true, lookbookViewsPerSession: 50, lookbookFilters: false, closetCap: 50,
  },
  collector: {
    tier: 'collector', name: 'Collector', dailyImages: 10, personalization: true,
    wardrobe: true, wardrobeCap: null, lookbook: true, lookbookViewsPerSession: 50, lookbookFilters: false, closetCap: 50,
  },
  fashion_icon: {
    tier: 'fashion_icon', name: 'Fashion Icon', dailyImages: 20, personalization: true,
    wardrobe: true, wardrobeCap: null, lookbook: true, lookbookViewsPerSession: null, lookbookFilters: true, closetCap: 500,
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

/** A tier that invited friends reach on their own: Stylist at 3, Fashion Icon at 5. */
export interface InviteStep {
  tier: Tier;
  name: string;
  /** Friends that reach it in all. */
  friends: number;
  /** The referral count shown against it: never past `friends`. */
  current: number;
  /** Friends still to invite: 0 once the count reaches it. */
  friendsNeeded: number;
  /** The user's tier is this one or higher (by friends, a promo code or an admin). */
  reached: boolean;
}

export interface InviteProgress {
  /** Counted referrals (the profile's invitesSent). */
  count: number;
  /** Every step in order: Stylist, then Fashion Icon. */
  steps: InviteStep[];
  /** The first step above the user's tier; null for a Fashion Icon. */
  next: InviteStep | null;
}

const STEPS: readonly (readonly [Tier, number])[] = [['stylist', REFERRALS_FOR_STYLIST], ['fashion_icon', REFERRALS_FOR_FASHION_ICON]];

/**
 * Invite progress, the one answer behind the lock pages and the dashboard's tier card (user-area
 * §2, §4; docs/spec-notes.md "Lock pages' invite progress"): the count against each step and the
 * next step above the user's tier. A step whose friends are all there but whose tier the user does
 * not have (a tier kept lower by hand) needs 0 friends: the pages then say to contact support.
 */
export function inviteProgress(tier: Tier, referrals: number): InviteProgress {
  const count = Math.max(0, Math.floor(referrals));
  const steps = STEPS.map(([stepTier, friends]): InviteStep => ({
    tier: stepTier,
    name: TIER_NAMES[stepTier],
    friends,
    current: Math.min(count, friends),
    friendsNeeded: Math.max(0, friends - count),
    reached: RANK[tier] >= RANK[stepTier],
  }));
  return { count, steps, next: steps.find((s) => !s.reached) ?? null };
}

/** The first step whose tier has a feature (the wardrobe and the LookBook open at Stylist). */
export function stepThatOpens(progress: InviteProgress, has: (policy: TierPolicy) => boolean): InviteStep {
  return progress.steps.find((s) => has(POLICIES[s.tier])) ?? progress.steps.at(-1)!;
}

const friends = (n: number) => `${n} more ${n === 1 ? 'friend' : 'friends'}`;

/** What the lock pages and the tier card say about a step (user-area §2: 'Contact support to activate'). */
export const inviteMessages = {
  friendsInvited: 'Friends invited',
  /** A lock page: the step's tier opens the feature. */
  toUnlock: (step: InviteStep) => (step.friendsNeeded > 0 ? `Invite ${friends(step.friendsNeeded)} to reach ${step.name} and unlock it.` : inviteMessages.contactSupport),
  /** The tier card: the next step. */
  toNext: (step: InviteStep | null) => (!step ? 'You have reached the highest tier.' : step.friendsNeeded > 0 ? `Invite ${friends(step.friendsNeeded)} to unlock ${step.name}.` : inviteMessages.contactSupport),
  /** A step beyond the one that opens the page (the LookBook's Fashion Icon). */
  toReach: (step: InviteStep) => (step.friendsNeeded > 0 ? `Invite ${friends(step.friendsNeeded)} to reach ${step.name}.` : inviteMessages.contactSupport),
  contactSupport: 'Contact support to activate',
  /** The LookBook lock page: what each step gets. */
  lookbookPerk: (step: InviteStep) => {
    const cap = POLICIES[step.tier].lookbookViewsPerSession;
    return cap === null ? 'Every look, with filters' : `${cap} looks per session`;
  },
  stepFriends: (step: InviteStep) => `${step.friends} friends`,
} as const;

/** PROMO_CODES is `CODE:tier,CODE:tier`; codes compare case-insensitively. */
export function parsePromoCodes(raw: string | undefined): Map<string, Tier> {
  const codes = new Map<string, Tier>();
  for (const entry of (raw ?? '').split(',')) {
    const [code, tier] = entry.split(':').map((part) => part.trim());
    if (code && tier && isTier(tier)) codes.set(code.toUpperCase(), tier);
  }
  return codes;
}
