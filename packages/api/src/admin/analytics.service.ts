import { sql } from 'kysely';
import { ACTIVITY_CACHE_SECONDS, type AdminStats, type InventoryStats } from '@drape/contracts/admin';
import { cachedPerDb, readAdminCounts, type Db } from '@drape/db';

interface Activity {
  dau: number;
  mau: number;
  signups: number;
  computedAt: string;
}

/**
 * DAU, MAU and sign-ups, per database, computed at most once per ACTIVITY_CACHE_SECONDS in this
 * process: every open Analytics tab asks every 30 s, and these read the sessions of a month. One
 * computation at a time (callers during it share its promise); a failed one is not kept.
 */
async function computeActivity(db: Db): Promise<Activity> {
  // One pass over the sessions of the last 30 days (sessions slide for 30 days: older ones are gone).
  const [active, signups] = await Promise.all([
    sql<{ dau: number; mau: number }>`
      select count(distinct user_id) filter (where last_activity_at > now() - interval '24 hours')::int as dau,
             count(distinct user_id)::int as mau
      from sessions where last_activity_at > now() - interval '30 days'`.execute(db),
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('created_at', '>', sql<Date>`now() - interval '30 days'`).executeTakeFirstOrThrow(),
  ]);
  const a = active.rows[0]!;
  return { dau: Number(a.dau), mau: Number(a.mau), signups: Number(signups.n), computedAt: new Date().toISOString() };
}

function activity(db: Db, now: number): Promise<Activity> {
  return cachedPerDb(db, 'admin-activity', ACTIVITY_CACHE_SECONDS * 1000, () => computeActivity(db), now);
}

/** settings-and-admin §3 Admin stats: the account count from its counter, activity from the cache. */
export async function adminStats(db: Db, now = Date.now()): Promise<AdminStats> {
  const [counts, act] = await Promise.all([readAdminCounts(db, new Date(now)), activity(db, now)]);
  return { totalUsers: counts.users, dau: act.dau, mau: act.mau, signups: act.signups, computedAt: act.computedAt };
}

/** settings-and-admin §3 Inventory stats, from the counters of migration 0011 (never a count of looks). */
export async function inventoryStats(db: Db, now = new Date()): Promise<InventoryStats> {
  const c = await readAdminCounts(db, now);
  const { viewable, lookbook, archived } = c.images;
  return { total: viewable + lookbook + archived, viewable, lookbook, archived, totalViewed: c.imageViews, dailyCreated: c.createdOnDay };
}
