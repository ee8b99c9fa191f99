import { REFERRALS_FOR_FASHION_ICON, REFERRALS_FOR_STYLIST, TIER_NAMES, tierPolicy, type TierPolicy } from '@drape/contracts';

/**
 * The first tier reached by inviting friends that includes a feature, and how many friends that
 * takes. The spec's locked pages say "x/5" for both the wardrobe and the LookBook, but the tier
 * policy opens both at Stylist (3 friends): the page shows the real requirement.
 */
export function unlockByReferrals(has: (policy: TierPolicy) => boolean): { tierName: string; friends: number } {
  if (has(tierPolicy('stylist'))) return { tierName: TIER_NAMES.stylist, friends: REFERRALS_FOR_STYLIST };
  return { tierName: TIER_NAMES.fashion_icon, friends: REFERRALS_FOR_FASHION_ICON };
}
