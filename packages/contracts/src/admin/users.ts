import { z } from '../zod';
import { text } from '../domain/text';
import { TIERS, type Tier } from '../domain/tier-policy';
import type { ReferralHoldReason, ReferralStatus } from '../domain/referral-policy';

/**
 * The admin Users tab (settings-and-admin §2.2 "Admin users", §7.2 create-test-users): test users
 * made one per tier, and (beyond the spec, which leaves the overview unbuilt) the user list and
 * ending a user's sessions.
 */

/** The test users' usernames: `test_<slug>_<4 random>` (20 characters at most, the username limit). */
export const TEST_USER_SLUGS: Record<Tier, string> = {
  enthusiast: 'enthusiast',
  stylist: 'stylist',
  collector: 'collector',
  fashion_icon: 'icon',
};

/** One made test user; the password is answered once and never stored in clear. */
export interface TestUserCredentials {
  tier: Tier;
  username: string;
  email: string;
  password: string;
}

export interface CreateTestUsersAnswer {
  users: TestUserCredentials[];
}

export const ADMIN_USERS_PAGE_SIZE = 25;

export const adminUsersListInput = z.object({
  /** A username or email prefix, any case. */
  search: text().trim().max(100).optional(),
  tier: z.enum(TIERS).optional(),
  /** true: only test users; false: only real ones; absent: both. */
  isTest: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional(),
  limit: z.coerce.number().int().min(20).max(50).default(ADMIN_USERS_PAGE_SIZE),
  /** The previous page's `nextCursor`. */
  cursor: text().max(100).optional(),
});
export type AdminUsersListInput = z.input<typeof adminUsersListInput>;
export type AdminUsersQuery = z.output<typeof adminUsersListInput>;

export interface AdminUserRow {
  id: string;
  username: string;
  email: string;
  tier: Tier;
  isTest: boolean;
  createdAt: string;
  /** Sessions not yet expired. */
  activeSessions: number;
  /** The newest activity of any of those sessions, or null. */
  lastActiveAt: string | null;
  /** Referrals this user made that wait for an admin (docs/decisions/0015-referral-holds.md). */
  heldReferrals: number;
}

export interface AdminUsersPage {
  users: AdminUserRow[];
  nextCursor: string | null;
}

export const endUserSessionsInput = z.object({ userId: z.uuid('Not a user id') });

/** The referrals a user made (`userId` is the referrer). */
export const userReferralsInput = z.object({ userId: z.uuid('Not a user id') });

/** The referral that brought a user in (`userId` is the friend who signed up): release or revoke it. */
export const decideReferralInput = z.object({ userId: z.uuid('Not a user id') });

/** One referral in the admin's review of a referrer. */
export interface AdminReferralRow {
  /** The friend who signed up. */
  userId: string;
  username: string;
  email: string;
  /** The sign-up network (IPv4 /24, IPv6 /48), null when unknown. */
  network: string | null;
  status: ReferralStatus;
  holdReason: ReferralHoldReason | null;
  createdAt: string;
  decidedAt: string | null;
  /** The admin key that released or revoked it. */
  decidedBy: string | null;
}

export interface DecideReferralAnswer {
  userId: string;
  referrerId: string;
  status: 'released' | 'revoked';
  /** The referrer's tier after the decision (a release may raise it; nothing lowers it). */
  referrerTier: Tier;
}

export const adminUsersMessages = {
  /** settings-and-admin §8: raised when test users cannot be made (the server's text preferred). */
  createFailed: 'Failed to create test users',
  shownOnce: 'These passwords are shown only once. Copy them now: they cannot be shown again.',
  noUsers: 'No users match these filters.',
  loadFailed: 'Unable to load users. Please try again.',
  endSessionsFailed: 'Unable to end the sessions. Please try again.',
  referralsLoadFailed: 'Unable to load the referrals. Please try again.',
  referralDecisionFailed: 'Unable to change the referral. Please try again.',
  heldReferralsHint: 'Held referrals do not count toward the tier until you release them. Revoked ones never count.',
} as const;
