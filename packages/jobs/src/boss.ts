import PgBoss from 'pg-boss';
import { isDatabaseUnavailable, withSetupLock, type Db } from '@drape/db';
import type { Logger } from '@drape/log';
import { QUEUES, SCHEDULES, scheduleQueue } from './queues';

/**
 * The one place pg-boss is made. A role says what the process does with it: the server only
 * sends live jobs and reads their state; the CLI sends and purges; a pipeline worker works the
 * queues and runs pg-boss's maintenance (expiring the jobs of dead workers) and the crons.
 */
export type BossRole = 'server' | 'cli' | 'pipeline';

export interface BossOptions {
  /** How often pg-boss expires the jobs of dead workers (s); tests shorten it. */
  maintenanceIntervalSeconds?: number;
  /** Where pg-boss's errors (a failed poll, a lost connection, its maintenance) are logged. */
  log: Logger;
  /**
   * Sees each error first; true when it dealt with it, so that it is not logged here (a worker
   * reports a database outage once, through its database watch, not once per failed poll).
   */
  onError?: (err: Error) => boolean;
}

const POOL: Record<BossRole, number> = { server: 3, cli: 2, pipeline: 8 };

export async function startBoss(url: string, db: Db, role: BossRole, opts: BossOptions): Promise<PgBoss> {
  const worker = role === 'pipeline';
  const boss = new PgBoss({
    connectionString: url,
    max: POOL[role],
    supervise: worker,
    schedule: worker,
    ...(worker ? { maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 15 } : {}),
  });
  boss.on('error', (err: Error) => {
    if (opts.onError?.(err)) return;
    // The database away (a restart, a fail-over) is an outage to ride out, not a fault of ours.
    if (isDatabaseUnavailable(err)) opts.log.warn({ err }, 'pg-boss: database connection lost');
    else opts.log.error({ err }, 'pg-boss error');
  });
  await boss.start();
  // Two processes creating queues at once deadlock in pg-boss (partitions): one at a time.
  await withSetupLock(db, 'drape-queue-setup', async () => {
    for (const name of Object.values(QUEUES)) await boss.createQueue(name);
    if (!worker) return;
    for (const s of Object.values(SCHEDULES)) {
      await boss.createQueue(scheduleQueue(s.task));
      await boss.schedule(scheduleQueue(s.task), s.cron, { task: s.task });
    }
  });
  return boss;
}

/** Stops without waiting for workers (server, CLI) or after the running jobs end (pipeline). */
export async function stopBoss(boss: PgBoss, role: BossRole): Promise<void> {
  if (role === 'pipeline') await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  else await boss.stop({ graceful: false, close: true, wait: true });
}

export type { PgBoss };

/** What sending and steering jobs needs of pg-boss: a server process has no workers of its own. */
export type JobQueue = Pick<PgBoss, 'send' | 'purgeQueue' | 'getQueueSize' | 'getJobById'>;
