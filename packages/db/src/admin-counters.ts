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
