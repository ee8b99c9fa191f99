/**
 * Which referrals raise a tier (docs/decisions/0015-referral-holds.md). The spec counts invited
 * friends (3 for Stylist, 5 for Fashion Icon: tier-policy.ts); a referral counts by itself only
 * when it does not look farmed, and otherwise waits, held, for an administrator to release or
 * revoke it. Pure: the sign-up's network and mail verdict are worked out by the caller.
 */

/** counted: counts by itself; held: waits for an admin; released: an admin let it count; revoked: never counts. */
export const REFERRAL_STATUSES = ['counted', 'held', 'released', 'revoked'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Why a referral is held. */
export const REFERRAL_HOLD_REASONS = ['same_network', 'disposable_email', 'no_network'] as const;
export type ReferralHoldReason = (typeof REFERRAL_HOLD_REASONS)[number];

/**
 * The sign-up network: the IPv4 /24 or the IPv6 /48 of the address. A /24 is what one household,
 * office or small provider block shares; a /48 is what one IPv6 site is given (RFC 6177), inside
 * which a single client can mint as many /64s and addresses as it likes.
 */
export const REFERRAL_NETWORK_PREFIX = { ipv4: 24, ipv6: 48 } as const;

/** One referral per network and referrer counts by itself within this many days; later ones are held. */
export const REFERRAL_NETWORK_WINDOW_DAYS = 30;

export const REFERRAL_HOLD_LABELS: Record<ReferralHoldReason, string> = {
  same_network: 'Same network as an earlier referral',
  disposable_email: 'Disposable email address',
  no_network: 'Sign-up address unknown',
};

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  counted: 'Counted',
  held: 'Held',
  released: 'Released',
  revoked: 'Revoked',
};

/** Whether a referral in this state counts toward the referrer's tier. */
export function referralCounts(status: ReferralStatus): boolean {
  return status === 'counted' || status === 'released';
}

export interface EarlierReferral {
  network: string | null;
  createdAt: Date;
}

export interface NewReferral {
  /** The sign-up network (see REFERRAL_NETWORK_PREFIX), null when the address is unknown. */
  network: string | null;
  /** The new account's email is at a disposable-mail domain. */
  disposableEmail: boolean;
  at: Date;
}

export type ReferralStanding = { status: 'counted' } | { status: 'held'; reason: ReferralHoldReason };

/**
 * A new referral's standing, given the referrer's earlier referrals (any state). It is held when
 * its mail is disposable, when its address is unknown, or when an earlier referral of the same
 * referrer came from the same network within the window: five sign-ups from one network count as
 * one, five friends on five networks count as five.
 */
export function referralStanding(referral: NewReferral, earlier: readonly EarlierReferral[]): ReferralStanding {
  if (referral.disposableEmail) return { status: 'held', reason: 'disposable_email' };
  if (!referral.network) return { status: 'held', reason: 'no_network' };
  const since = referral.at.getTime() - REFERRAL_NETWORK_WINDOW_DAYS * 86_400_000;
  const sameNetwork = earlier.some((e) => e.network === referral.network && e.createdAt.getTime() > since);
  return sameNetwork ? { status: 'held', reason: 'same_network' } : { status: 'counted' };
}
