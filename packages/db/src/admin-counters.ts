import { sql } from 'kysely';
import type { Db } from './client';

/** The figures migration 0011's triggers keep exact (docs/decisions/0012-admin-counters.md). */
export interface AdminCounts {
  /** Stored looks per status. */
  images: { viewable: number; lookbook: number; archived: number };
  /** Looks served to users (one per user and look), of the looks still stored. */
  imageViews: number;
  /** Accounts, test users and accounts in their deletion grace period included. */
  users: number;
  /** Stored looks created on the given UTC day. */
  createdOnDay: number;
}

/** The UTC calendar day of a moment, as the counters key it ('2026-11-23'). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Reads every counter: a dozen small rows, however many looks and accounts there are. */
export async function readAdminCounts(db: Db, now = new Date()): Promise<AdminCounts> {
  const [rows, day] = await Promise.all([
    db.selectFrom('admin_counters').select(['name', sql<number>`sum(value)::bigint`.as('n')]).groupBy('name').execute(),
    db.selectFrom('images_created_daily').select(sql<number>`coalesce(sum(images), 0)::bigint`.as('n')).where('day', '=', utcDay(now)).executeTakeFirstOrThrow(),
  ]);
  const get = (name: string) => Number(rows.find((r) => r.name === name)?.n ?? 0);
  return {
    images: { viewable: get('images:viewable'), lookbook: get('images:lookbook'), archived: get('images:archived') },
    imageViews: get('image_views'),
    users: get('users'),
    createdOnDay: Number(day.n),
  };
}

/**
 * The same figures counted from the rows: what the counters must always equal. A full scan of the
 * looks; for tests and operators' checks, never for a screen.
 */
export async function countAdminFigures(db: Db, now = new Date()): Promise<AdminCounts> {
  const r = await sql<{ viewable: number; lookbook: number; archived: number; views: number; users: number; day: number }>`
    select count(*) filter (where status = 'viewable')::bigint as viewable, count(*) filter (where status = 'lookbook')::bigint as lookbook,
           count(*) filter (where status = 'archived')::bigint as archived,
           (select count(*) from image_views) as views, (select count(*) from users) as users,
           count(*) filter (where (created_at at time zone 'UTC')::date = ${utcDay(now)}::date)::bigint as day
    from generated_images`.execute(db);
  const c = r.rows[0]!;
  return {
    images: { viewable: Number(c.viewable), lookbook: Number(c.lookbook), archived: Number(c.archived) },
    imageViews: Number(c.views),
    users: Number(c.users),
    createdOnDay: Number(c.day),
  };
}
