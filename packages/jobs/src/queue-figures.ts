import { poolUse, type PoolUse } from '@drape/db';
import type { PgBoss } from 'pg-boss';
import { QUEUES, SCHEDULES, scheduleQueue } from './queues';

/**
 * What the server's metrics and readiness ask of pg-boss, through its API only (its tables change
 * between majors, STACK-NOTES): how many jobs wait per queue, whether its schema and Drape's queues
 * are there, and how its own connection pool is used.
 */

/** Every queue Drape sends to: the work queues and each cron's queue. */
export const ALL_QUEUES: readonly string[] = [...Object.values(QUEUES), ...Object.values(SCHEDULES).map((s) => scheduleQueue(s.task))];

/**
 * Jobs waiting to be worked (created, deferred or waiting for a retry), per queue. pg-boss 12 keeps
 * these counts in its queue table, refreshed by a worker's monitor (every 15 s in Drape's pipeline):
 * a gauge that lags by that much, for one small read per queue rather than listing the jobs
 * (waitingJobs, exact, is for the batch's top-up and the CLI). A queue not made yet counts 0.
 */
export async function queueSizes(boss: Pick<PgBoss, 'getQueueStats'>): Promise<Record<string, number>> {
  const sizes = await Promise.all(ALL_QUEUES.map(async (name) => {
    const [stats] = await boss.getQueueStats(name).catch(() => []);
    return [name, stats?.queuedCount ?? 0] as const;
  }));
  return Object.fromEntries(sizes);
}

/**
 * pg-boss's schema is installed and the work queues exist (the crons' queues are a worker's to make:
 * a server is ready without a worker).
 */
export async function queueSchemaReady(boss: Pick<PgBoss, 'isInstalled' | 'getQueues'>): Promise<boolean> {
  if (!(await boss.isInstalled())) return false;
  const present = new Set((await boss.getQueues()).map((q) => q.name));
  return Object.values(QUEUES).every((name) => present.has(name));
}

/**
 * pg-boss's own pool (it makes one of its own from the connection string). Its Db keeps it as
 * `pool`, undeclared in the types; null when a release stops doing so (the gauge then goes away
 * rather than the scrape failing).
 */
export function queuePoolUse(boss: Pick<PgBoss, 'getDb'>): PoolUse | null {
  const pool = (boss.getDb() as { pool?: unknown }).pool as Parameters<typeof poolUse>[0] | undefined;
  return pool && typeof pool.totalCount === 'number' ? poolUse(pool) : null;
}
