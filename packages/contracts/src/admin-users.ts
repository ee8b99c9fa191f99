import { z } from 'zod';
import { text } from './text';
import { TIERS, type Tier } from './tier-policy';

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
}

export interface AdminUsersPage {
  users: AdminUserRow[];
  nextCursor: string | null;
}

export const endUserSessionsInput = z.object({ userId: z.uuid('Not a user id') });

export const adminUsersMessages = {
  /** settings-and-admin §8: raised when test users cannot be made (the server's text preferred). */
  createFailed: 'Failed to create test users',
  shownOnce: 'These passwords are shown only once. Copy them now: they cannot be shown again.',
  noUsers: 'No users match these filters.',
  loadFailed: 'Unable to load users. Please try again.',
  endSessionsFailed: 'Unable to end the sessions. Please try again.',
} as const;
