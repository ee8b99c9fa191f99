import { acceptSession, sessionLookup, type SessionMeta, type ValidSession } from '@drape/auth';
import type { Db } from '@drape/db';
import { today, type DailyUsage } from '../generate/usage';
import { countingReferralsOfUser } from '../referrals/referrals.service';

/** What most signed-in calls need besides the user: today's usage and the referrals that count. */
export interface CallerFacts {
  usage: DailyUsage;
  referrals: number;
}

export type Caller = ValidSession & { facts: CallerFacts };

/**
 * A signed-in call's one round trip (docs/decisions/0029): the session's lookup (the Lucia guide's,
 * packages/auth) with the caller's usage today and counting referrals in the same statement, then
 * the session judged as every lookup is. Nothing is cached: a sign-out, a password change, an
 * admin ending the sessions or a tier change is seen by the next call on every process.
 */
export async function readCaller(db: Db, token: string, maxDays: number, meta?: SessionMeta): Promise<Caller | null> {
  const lookup = sessionLookup(db, token);
  if (!lookup) return null;
  const row = await lookup
    .leftJoin('daily_usage', (join) => join.onRef('daily_usage.user_id', '=', 'users.id').on('daily_usage.day', '=', today()))
    .select((eb) => ['daily_usage.used as c_used', 'daily_usage.shared as c_shared', countingReferralsOfUser(eb).as('c_referrals')])
    .executeTakeFirst();
  if (!row) return null;
  const { c_used, c_shared, c_referrals, ...lookupRow } = row;
  const valid = await acceptSession(db, lookupRow, maxDays, meta);
  if (!valid) return null;
  return { ...valid, facts: { usage: { used: c_used ?? 0, sharedToday: c_shared ?? false }, referrals: Number(c_referrals ?? 0) } };
}
