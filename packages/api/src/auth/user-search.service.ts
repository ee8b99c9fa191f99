import { sql } from 'kysely';
import type { RateLimits } from '@drape/auth';
import { USER_SEARCH_LIMIT, USER_SEARCH_MIN, type ReferrerMatch } from '@drape/contracts/auth';
import type { Db } from '@drape/db';
import type { RequestMeta } from '../context';
import { rateLimited } from '../errors';

/**
 * The register form's "Referred by a friend?" search: public, so it answers only what that field
 * shows (name and username, and the id it submits), never an email or a tier, and it is rate
 * limited per address so that it cannot list the members. Test users are never offered.
 */
export async function searchUsers(deps: { db: Db; rateLimits: RateLimits }, req: RequestMeta, q: string): Promise<{ users: ReferrerMatch[] }> {
  const term = q.trim().toLowerCase();
  if (term.length < USER_SEARCH_MIN) return { users: [] };
  const limit = await deps.rateLimits.consume('searchUsersIp', req.ipAddress ?? 'unknown');
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
  const like = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await deps.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('deletion_requested_at', 'is', null)
    // Test users (the admin's per-tier set, seeded users) are nobody's friend.
    .where('is_test', '=', false)
    .where((eb) => eb.or([
      eb(sql`lower(username)`, 'like', like),
      eb(sql`lower(first_name)`, 'like', like),
      eb(sql`lower(last_name)`, 'like', like),
    ]))
    .orderBy('username')
    .limit(USER_SEARCH_LIMIT)
    .execute();
  return { users: rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, username: r.username })) };
}
