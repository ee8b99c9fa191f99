import { acceptSession, sessionIdForToken, sessionLookup, sessionNeeds, type SessionMeta, type ValidSession } from '@drape/auth';
import type { Db } from '@drape/db';
import { today, type DailyUsage } from '../generate/usage';
import { countingReferralsOfUser } from '../referrals/referrals.service';
import type { CallerCache } from './caller-cache';

/** What most signed-in calls need besides the user: today's usage and the referrals that count. */
export interface CallerFacts {
  usage: DailyUsage;
  referrals: number;
}

export type SignedInCaller = ValidSession & { facts: CallerFacts };

/**
 * A signed-in call's session (docs/decisions/0029): from this process's cache while it holds the
 * session and nothing is due (no expiry to slide, no activity time to refresh, no end reached),
 * else one statement, the session's lookup (the Lucia guide's, packages/auth) with the caller's
 * usage today and counting referrals, judged as every lookup is, and kept in the cache.
 */
export async function readCaller(db: Db, token: string, maxDays: number, meta?: SessionMeta, cache?: CallerCache): Promise<SignedInCaller | null> {
  const id = sessionIdForToken(token);
  if (!id) return null;
  const now = Date.now();
  const cached = cache?.get(id, now);
  if (cached && sessionNeeds(cached.session, now, maxDays) === 'none') return cached;
  const mark = cache?.mark() ?? 0;
  const row = await sessionLookup(db, id)
    .leftJoin('daily_usage', (join) => join.onRef('daily_usage.user_id', '=', 'users.id').on('daily_usage.day', '=', today()))
    .select((eb) => ['daily_usage.used as c_used', 'daily_usage.shared as c_shared', countingReferralsOfUser(eb).as('c_referrals')])
    .executeTakeFirst();
  if (!row) return null;
  const { c_used, c_shared, c_referrals, ...lookupRow } = row;
  const valid = await acceptSession(db, lookupRow, maxDays, meta);
  if (!valid) return null;
  const caller = { ...valid, facts: { usage: { used: c_used ?? 0, sharedToday: c_shared ?? false }, referrals: Number(c_referrals ?? 0) } };
  cache?.keep(caller, mark, now);
  return caller;
}
