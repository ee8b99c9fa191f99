import { PgBoss, type JobWithMetadata } from 'pg-boss';
import { isDatabaseUnavailable, withSetupLock, type Db } from '@drape/db';
import type { Logger } from '@drape/log';
import { QUEUES, SCHEDULES, scheduleQueue } from './queues';
import { moveLegacyJobs, setAsideLegacySchema } from './pg-boss-10-upgrade';

/**
 * The one place pg-boss is made. A role says what the process does with it: the server only
 * sends live jobs and reads their state; the CLI sends and purges; a pipeline worker works the
 * queues and runs pg-boss's supervision (expiring the jobs of dead workers) and the crons; a
 * server's mail worker works the mail queue alone (no supervision: the pipeline's expires its jobs).
 */
export type BossRole = 'server' | 'cli' | 'pipeline' | 'mail';

export interface BossOptions {
  /**
   * How often a pipeline worker expires the jobs of dead workers (s); tests shorten it. pg-boss 12
   * calls this supervision and monitoring (its `maintenanceIntervalSeconds` now only deletes
   * ended jobs).
   */
  maintenanceIntervalSeconds?: number;
  /** Where pg-boss's errors (a failed poll, a lost connection, its maintenance) are logged. */
  log: Logger;
  /**
   * Sees each error first; true when it dealt with it, so that it is not logged here (a worker
   * reports a database outage once, through its database watch, not once per failed poll).
   */
  onError?: (err: Error) => boolean;
}

const POOL: Record<BossRole, number> = { server: 3, cli: 2, pipeline: 8, mail: 2 };

/** How long a stopping mail worker lets a delivery finish before handing it back for a retry. */
export const MAIL_STOP_TIMEOUT_MS = 3000;

export async function startBoss(url: string, db: Db, role: BossRole, opts: BossOptions): Promise<PgBoss> {
  const worker = role === 'pipeline';
  const expirySeconds = opts.maintenanceIntervalSeconds ?? 15;
  const boss = new PgBoss({
    connectionString: url,
    max: POOL[role],
    supervise: worker,
    schedule: worker,
    ...(worker ? { superviseIntervalSeconds: expirySeconds, monitorIntervalSeconds: expirySeconds } : {}),
  });
  boss.on('error', (err: Error) => {
    if (opts.onError?.(err)) return;
    // The database away (a restart, a fail-over) is an outage to ride out, not a fault of ours.
    if (isDatabaseUnavailable(err)) opts.log.warn({ err }, 'pg-boss: database connection lost');
    else opts.log.error({ err }, 'pg-boss error');
  });
  // One process at a time: pg-boss's own start must not meet a pg-boss 10 schema (it cannot
  // migrate one), and two processes creating queues at once deadlocked in pg-boss 10.
  await withSetupLock(db, 'drape-queue-setup', async (conn) => {
    const legacy = await setAsideLegacySchema(conn);
    await boss.start();
    for (const name of Object.values(QUEUES)) await boss.createQueue(name);
    if (worker) {
      for (const s of Object.values(SCHEDULES)) {
        await boss.createQueue(scheduleQueue(s.task));
        await boss.schedule(scheduleQueue(s.task), s.cron, { task: s.task });
      }
    }
    if (!legacy) return;
    const { moved, schedules } = await moveLegacyJobs(conn, boss);
    const jobs = Object.entries(moved).sort(([a], [b]) => a.localeCompare(b)).map(([q, n]) => `${q} ${n}`).join(', ') || 'none';
    opts.log.warn({ moved, schedules }, `pg-boss 10 queue carried over to pg-boss 12: pending jobs ${jobs}; ${schedules} schedules`);
  });
  return boss;
}

/**
 * Stops without waiting for workers (server, CLI), after the running jobs end (pipeline), or
 * after a delivery in flight ends or a short wait (mail: a job still running then is failed, so
 * retried, and the shutdown does not hang on a slow SMTP server).
 */
export async function stopBoss(boss: PgBoss, role: BossRole): Promise<void> {
  if (role === 'pipeline') await boss.stop({ graceful: true, timeout: 15_000 });
  else if (role === 'mail') await boss.stop({ graceful: true, timeout: MAIL_STOP_TIMEOUT_MS });
  else await boss.stop({ graceful: false, close: true });
}

/** The most jobs pg-boss 12 lists at once. */
const LIST_MAX = 100_000;

/**
 * Jobs waiting in a queue (created, deferred or retrying), counted up to `atMost`: pg-boss 12 has
 * no exact count any more (its queue stats are cached for up to a minute), so they are listed.
 */
export async function waitingJobs(queue: Pick<PgBoss, 'findJobs'>, name: string, atMost = LIST_MAX): Promise<number> {
  if (atMost <= 0) return 0;
  return (await queue.findJobs(name, { queued: true, limit: Math.min(atMost, LIST_MAX) })).length;
}

export type { PgBoss, JobWithMetadata };

/**
 * What sending and steering jobs needs of pg-boss: a server process has no workers of its own. It
 * also reads the queues' sizes, schema and pool for its metrics and readiness (queue-figures.ts).
 */
export type JobQueue = Pick<PgBoss, 'send' | 'deleteQueuedJobs' | 'findJobs' | 'getJobById' | 'getQueueStats' | 'isInstalled' | 'getQueues' | 'getDb'>;
