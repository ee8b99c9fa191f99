import { sql } from 'kysely';
import { fromKysely, type JobInsert, type PgBoss } from 'pg-boss';
import type { Db } from '@drape/db';

/**
 * pg-boss 11 and 12 cannot migrate the schema pg-boss 10 made: their migrations start at schema
 * version 25 (pg-boss 11.0's), and pg-boss 10.4.2 left 24 (pg-boss issue #590). An install made
 * by pg-boss 10 is carried over here, under the setup lock, in two steps around pg-boss 12's start:
 *
 * 1. `setAsideLegacySchema`, before it: the old schema is renamed `pgboss_v10`, so pg-boss 12
 *    finds no schema and creates its own.
 * 2. `moveLegacyJobs`, after it: the old queues and schedules are made again, and every job that
 *    had not ended (waiting, retrying or running) is inserted with its own id in one transaction
 *    that also drops the old schema. Either every pending job is moved and the old schema is gone,
 *    or nothing is and the next start (this or another process) does it again.
 *
 * Jobs that ended (completed, failed, cancelled, archived) stay behind: their outcomes are Drape's
 * own rows (generation_outcomes, batch_jobs, sev_queue), never pg-boss's.
 *
 * The old schema is read with SQL: the one exception to "no SQL on pg-boss's tables" (decision
 * 0006), safe because the version is checked first and pg-boss 10's shape will not change again.
 */
export const LEGACY_SCHEMA_VERSION = 24;
export const LEGACY_SCHEMA = 'pgboss_v10';
const SCHEMA = 'pgboss';

/** A pending job of pg-boss 10 as its `job` table holds it. */
export interface LegacyJob {
  id: string;
  name: string;
  priority: number;
  data: object | null;
  state: 'created' | 'retry' | 'active';
  retry_limit: number;
  retry_count: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  singleton_key: string | null;
  expire_seconds: number;
}

/**
 * The job pg-boss 12 gets for a pending pg-boss 10 job: the same id (a batch entry's id is how
 * the batch finds its outcome, and a re-send of it is ignored), data, priority and retry policy.
 * It keeps the attempts it had left. pg-boss 10 counts a retry when the job is fetched again, so
 * a job waiting to retry has spent one more than its count says; a job that was running lost its
 * attempt to the upgrade, not to a fault of its own, so that attempt is given back (it runs again
 * at once, and our jobs are idempotent by their id).
 */
export function carriedOver(job: LegacyJob, now: Date): JobInsert {
  const spent = job.retry_count + (job.state === 'retry' ? 1 : 0);
  return {
    id: job.id,
    ...(job.data === null ? {} : { data: job.data }),
    priority: job.priority,
    retryLimit: Math.max(0, job.retry_limit - spent),
    retryDelay: job.retry_delay,
    retryBackoff: job.retry_backoff,
    startAfter: job.state === 'active' ? now : job.start_after,
    ...(job.singleton_key === null ? {} : { singletonKey: job.singleton_key }),
    expireInSeconds: Math.max(1, Math.ceil(job.expire_seconds)),
  };
}

/** The schema version of `schema`'s pg-boss install, or null when there is none. */
async function schemaVersion(db: Db, schema: string): Promise<number | null> {
  const table = await sql<{ t: string | null }>`select to_regclass(${`${schema}.version`})::text as t`.execute(db);
  if (!table.rows[0]?.t) return null;
  const row = await sql<{ version: number }>`select version from ${sql.id(schema, 'version')}`.execute(db);
  return row.rows[0] ? Number(row.rows[0].version) : null;
}

async function schemaExists(db: Db, schema: string): Promise<boolean> {
  const r = await sql<{ n: string | null }>`select to_regnamespace(${schema})::text as n`.execute(db);
  return Boolean(r.rows[0]?.n);
}

/**
 * Step 1: renames a pg-boss 10 schema aside. Answers whether a set-aside schema waits to be moved
 * (renamed now, or by an earlier start that stopped before step 2). Any other pre-11 version is
 * refused: pg-boss 10.4.2 brought every pg-boss 10 schema to 24 when it started.
 */
export async function setAsideLegacySchema(db: Db): Promise<boolean> {
  const version = await schemaVersion(db, SCHEMA);
  if (version !== null && version < 25) {
    if (version !== LEGACY_SCHEMA_VERSION) {
      throw new Error(`the ${SCHEMA} schema is at pg-boss schema version ${version}; only pg-boss 10.4.2's (${LEGACY_SCHEMA_VERSION}) can be upgraded: start the previous Drape release once first`);
    }
    if (await schemaExists(db, LEGACY_SCHEMA)) throw new Error(`both ${SCHEMA} (pg-boss 10) and ${LEGACY_SCHEMA} exist: remove the one that is not in use`);
    await sql`alter schema ${sql.id(SCHEMA)} rename to ${sql.id(LEGACY_SCHEMA)}`.execute(db);
    return true;
  }
  return schemaExists(db, LEGACY_SCHEMA);
}

export interface LegacyMove {
  /** Pending jobs inserted into pg-boss 12, per queue. */
  moved: Record<string, number>;
  schedules: number;
}

/**
 * Step 2, once pg-boss 12 runs: queues and schedules first (both idempotent, outside the
 * transaction: pg-boss makes them on its own connections), then the jobs and the drop in one
 * transaction on `db`.
 */
export async function moveLegacyJobs(db: Db, boss: PgBoss, now = new Date()): Promise<LegacyMove> {
  const old = (table: string) => sql.id(LEGACY_SCHEMA, table);
  const queues = await sql<{ name: string; policy: string | null }>`select name, policy from ${old('queue')} order by name`.execute(db);
  for (const q of queues.rows) await boss.createQueue(q.name, q.policy ? { policy: q.policy as 'standard' } : {});
  const schedules = await sql<{ name: string; cron: string; timezone: string | null; data: object | null; options: object | null }>`
    select name, cron, timezone, data, options from ${old('schedule')}`.execute(db);
  for (const s of schedules.rows) await boss.schedule(s.name, s.cron, s.data, { ...s.options, ...(s.timezone ? { tz: s.timezone } : {}) });

  const moved: Record<string, number> = {};
  await db.transaction().execute(async (tx) => {
    const jobs = await sql<LegacyJob>`
      select id, name, priority, data, state::text as state, retry_limit, retry_count, retry_delay, retry_backoff,
             start_after, singleton_key, extract(epoch from expire_in)::float8 as expire_seconds
        from ${old('job')}
       where state in ('created', 'retry', 'active')
       order by created_on, id`.execute(tx);
    const byQueue = new Map<string, JobInsert[]>();
    for (const job of jobs.rows) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), carriedOver(job, now)]);
    for (const [name, list] of byQueue) {
      const ids = await boss.insert(name, list, { db: fromKysely(tx), returnId: true });
      moved[name] = ids?.length ?? 0;
    }
    await sql`drop schema ${sql.id(LEGACY_SCHEMA)} cascade`.execute(tx);
  });
  return { moved, schedules: schedules.rows.length };
}
