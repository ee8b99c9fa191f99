import { sql } from 'kysely';
import { dailyLimit, type Tier } from '@drape/contracts';
import type { Db } from '@drape/db';

/** Generations counted today and whether the user shared today (+3 that day). */
export interface DailyUsage {
  used: number;
  sharedToday: boolean;
}

/** The usage day is the UTC calendar day. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function readUsage(db: Db, userId: string): Promise<DailyUsage> {
  const row = await db.selectFrom('daily_usage').select(['used', 'shared']).where('user_id', '=', userId).where('day', '=', today()).executeTakeFirst();
  return { used: row?.used ?? 0, sharedToday: row?.shared ?? false };
}

/**
 * Locks today's usage row of the user for the rest of the transaction (two tabs cannot
 * overspend) and refuses when used plus in-flight generations reach the limit.
 */
export async function lockUsage(tx: Db, userId: string, tier: Tier): Promise<{ used: number; reserved: number; limit: number }> {
  // One statement creates today's row or takes the lock on it (ON CONFLICT DO UPDATE locks the row).
  const row = await tx
    .insertInto('daily_usage')
    .values({ user_id: userId, day: today() })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ used: sql<number>`daily_usage.used` }))
    .returning(['used', 'reserved', 'shared'])
    .executeTakeFirstOrThrow();
  return { used: row.used, reserved: row.reserved, limit: dailyLimit(tier, row.shared) };
}

export async function spend(tx: Db, userId: string, fromReservation: boolean): Promise<void> {
  await tx
    .updateTable('daily_usage')
    .set((eb) => ({ used: eb('used', '+', 1), ...(fromReservation ? { reserved: sql<number>`greatest(reserved - 1, 0)` } : {}) }))
    .where('user_id', '=', userId)
    .where('day', '=', today())
    .execute();
}

export async function reserve(tx: Db, userId: string): Promise<void> {
  await tx.updateTable('daily_usage').set((eb) => ({ reserved: eb('reserved', '+', 1) })).where('user_id', '=', userId).where('day', '=', today()).execute();
}

export async function release(db: Db, userId: string, day: string): Promise<void> {
  await db.updateTable('daily_usage').set({ reserved: sql<number>`greatest(reserved - 1, 0)` }).where('user_id', '=', userId).where('day', '=', day).execute();
}
