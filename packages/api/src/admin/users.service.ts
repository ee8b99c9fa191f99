import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword, passwordProblem } from '@drape/auth';
import { TIERS, TIER_NAMES, usernameProblem, type Tier } from '@drape/contracts';
import { TEST_USER_SLUGS, type AdminUserRow, type AdminUsersQuery, type AdminUsersPage, type CreateTestUsersAnswer, type TestUserCredentials } from '@drape/contracts/admin';
import type { Db } from '@drape/db';
import { createAccount } from '../auth/accounts';
import { logoutAllDevices } from '../auth/session.service';
import { appError } from '../errors';

/** No 0/O, 1/l/I: the admin reads these passwords off the screen and may type them elsewhere. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomChars(n: number, alphabet = ALPHABET): string {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** 20 random characters in four groups: about 116 bits, far past any guessing. */
export function testUserPassword(): string {
  return [randomChars(5), randomChars(5), randomChars(5), randomChars(5)].join('-');
}

const TEST_EMAIL_DOMAIN = 'example.com';

/**
 * One test user per tier (settings-and-admin §2.2, §7.2), flagged `is_test`, through the same
 * account insert as a sign-up. The passwords are answered once: only their hashes are kept, and
 * the audit log masks the `password` keys of the answer.
 */
export async function createTestUsers(db: Db): Promise<CreateTestUsersAnswer> {
  const made: { tier: Tier; username: string; email: string; password: string; passwordHash: string }[] = [];
  for (const tier of TIERS) {
    const username = `test_${TEST_USER_SLUGS[tier]}_${randomChars(4, 'abcdefghijkmnpqrstuvwxyz23456789')}`;
    const problem = usernameProblem(username);
    if (problem) throw new Error(`test username ${username}: ${problem}`);
    const password = testUserPassword();
    const weak = passwordProblem(password);
    if (weak) throw new Error(`test user password: ${weak}`);
    made.push({ tier, username, email: `${username}@${TEST_EMAIL_DOMAIN}`, password, passwordHash: await hashPassword(password) });
  }
  // All four or none: a half-made set would leave tiers without their test user.
  await db.transaction().execute(async (tx) => {
    for (const u of made) {
      await createAccount(tx, {
        email: u.email, username: u.username, firstName: 'Test', lastName: TIER_NAMES[u.tier], passwordHash: u.passwordHash, tier: u.tier, isTest: true,
      });
    }
  });
  return { users: made.map(({ tier, username, email, password }): TestUserCredentials => ({ tier, username, email, password })) };
}

/** A LIKE pattern matching values that start with `prefix` (its own % _ \ taken literally). */
export function prefixPattern(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The keyset of the list: the sign-up time (to the microsecond, as stored: a millisecond Date would
 * skip users made in the same millisecond, such as one set of test users) and id of the last user shown.
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/i;

function decodeCursor(cursor: string): { at: string; id: string } {
  const m = CURSOR.exec(cursor);
  if (!m) throw appError('invalid_input', 'cursor: not a cursor of this list');
  return { at: m[1]!, id: m[2]! };
}

/**
 * The user list, newest sign-ups first, keyset-paged (a page costs the same at any depth): each
 * filter has an index that hands rows over in this order (migration 0015), and the session counts
 * are read for the page's users only.
 */
export async function listUsers(db: Db, q: AdminUsersQuery): Promise<AdminUsersPage> {
  const rows = await userListQuery(db, q).execute();
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    users: page.map((r): AdminUserRow => ({
      id: r.id, username: r.username, email: r.email, tier: r.tier, isTest: r.is_test, createdAt: r.created_at.toISOString(),
      activeSessions: Number(r.active_sessions ?? 0),
      lastActiveAt: r.last_active_at ? new Date(r.last_active_at as Date | string).toISOString() : null,
      heldReferrals: Number(r.held_referrals ?? 0),
    })),
    nextCursor: rows.length > q.limit && last ? `${last.created_key}_${last.id}` : null,
  };
}

/** The list's query (one row past the page tells whether another follows); its plan is tested. */
export function userListQuery(db: Db, q: AdminUsersQuery) {
  const now = new Date();
  let query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.email', 'u.tier', 'u.is_test', 'u.created_at'])
    .select(sql<string>`to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('created_key'))
    .select((eb) => [
      eb.selectFrom('sessions as s').select((e) => e.fn.countAll<string>().as('n')).whereRef('s.user_id', '=', 'u.id').where('s.expires_at', '>', now).as('active_sessions'),
      eb.selectFrom('sessions as s').select((e) => e.fn.max('s.last_activity_at').as('at')).whereRef('s.user_id', '=', 'u.id').where('s.expires_at', '>', now).as('last_active_at'),
      // Over the partial index referrals_held (migration 0016): nothing to read for most users.
      eb.selectFrom('referrals as r').select((e) => e.fn.countAll<string>().as('n')).whereRef('r.referrer_id', '=', 'u.id').where('r.status', '=', 'held').as('held_referrals'),
    ])
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(q.limit + 1);
  if (q.search) {
    const pattern = prefixPattern(q.search);
    query = query.where((eb) => eb.or([eb(sql`lower(u.username)`, 'like', pattern), eb(sql`lower(u.email)`, 'like', pattern)]));
  }
  if (q.tier) query = query.where('u.tier', '=', q.tier);
  if (q.isTest !== undefined) query = query.where('u.is_test', '=', q.isTest);
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    query = query.where(sql<boolean>`(u.created_at, u.id) < (${c.at}::timestamptz, ${c.id}::uuid)`);
  }
  return query;
}

/** Signs the user out everywhere: the same function as the user's own "log out of all devices". */
export async function endUserSessions(db: Db, userId: string): Promise<{ ended: number }> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw appError('user_not_found');
  const { sessionsRevoked } = await logoutAllDevices(db, userId);
  return { ended: sessionsRevoked };
}
