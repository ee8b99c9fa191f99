import { sql } from 'kysely';
import { JOB_DURATION_BUCKETS_SECONDS } from '@drape/contracts/observability';
import type { Db } from '@drape/db';
import type { JobOutcome } from './outcome';

/**
 * Every job's end, counted in the database (docs/decisions/0023-metrics-and-readiness.md): how many
 * jobs of each queue ended how, and how long they ran, as a histogram. The counters are the admin
 * counters' rows (migration 0011: spread over slots, so workers rarely wait on each other), written
 * in the transaction that records the end, so any server reads the whole fleet's figures and no
 * worker restart loses or repeats one.
 *
 * A generate job is counted once, by its final outcome (stored, blocked, failed), when that outcome
 * is recorded; a batch step or a cron job by each attempt's end (completed, failed).
 */
export type CountedOutcome = JobOutcome['outcome'] | 'completed' | 'failed';

/** `job:total:<queue>:<outcome>` counts ends; `job:le:<queue>:<bound>` durations up to a bucket's bound (not cumulative: the reader adds them up); `job:ms:<queue>` their sum. */
const TOTAL = 'job:total:';
const BUCKET = 'job:le:';
const SUM_MS = 'job:ms:';
const INF = '+Inf';

/** The bucket an observation falls in: the first bound at or above it. */
export function durationBucket(seconds: number): string {
  const bound = JOB_DURATION_BUCKETS_SECONDS.find((b) => seconds <= b);
  return bound === undefined ? INF : String(bound);
}

/** The counter changes one job's end makes (pure). */
export function jobCounterDeltas(queue: string, outcome: CountedOutcome, durationMs?: number): { names: string[]; deltas: number[] } {
  const names = [`${TOTAL}${queue}:${outcome}`];
  const deltas = [1];
  if (durationMs !== undefined && Number.isFinite(durationMs) && durationMs >= 0) {
    names.push(`${BUCKET}${queue}:${durationBucket(durationMs / 1000)}`, `${SUM_MS}${queue}`);
    deltas.push(1, Math.round(durationMs));
  }
  return { names, deltas };
}

/** Counts one job's end, in the caller's transaction when it is one. */
export async function countJob(db: Db, queue: string, outcome: CountedOutcome, durationMs?: number): Promise<void> {
  const { names, deltas } = jobCounterDeltas(queue, outcome, durationMs);
  await sql`select admin_counters_add(${names}::text[], ${deltas}::bigint[])`.execute(db);
}

export interface JobTotal {
  queue: string;
  outcome: string;
  count: number;
}

export interface JobDurations {
  queue: string;
  /** Cumulative, as Prometheus reads a histogram: observations at or under each bound, the last `Infinity`. */
  buckets: { le: number; count: number }[];
  sumSeconds: number;
  count: number;
}

export interface JobCounts {
  totals: JobTotal[];
  durations: JobDurations[];
}

/**
 * The counters' rows (name, summed value) as totals and cumulative histograms (pure). A bucket
 * stored under a bound no longer listed (the bounds changed) counts in the next listed one up.
 */
export function parseJobCounters(rows: readonly { name: string; n: number }[]): JobCounts {
  const totals: JobTotal[] = [];
  const observed = new Map<string, { bounds: Map<number, number>; sumMs: number }>();
  const of = (queue: string) => {
    let entry = observed.get(queue);
    if (!entry) observed.set(queue, (entry = { bounds: new Map(), sumMs: 0 }));
    return entry;
  };
  for (const { name, n } of rows) {
    const value = Number(n);
    if (name.startsWith(TOTAL)) {
      const rest = name.slice(TOTAL.length);
      const cut = rest.lastIndexOf(':');
      if (cut > 0) totals.push({ queue: rest.slice(0, cut), outcome: rest.slice(cut + 1), count: value });
    } else if (name.startsWith(BUCKET)) {
      const rest = name.slice(BUCKET.length);
      const cut = rest.lastIndexOf(':');
      if (cut <= 0) continue;
      const le = rest.slice(cut + 1) === INF ? Infinity : Number(rest.slice(cut + 1));
      if (Number.isNaN(le)) continue;
      const bounds = of(rest.slice(0, cut)).bounds;
      bounds.set(le, (bounds.get(le) ?? 0) + value);
    } else if (name.startsWith(SUM_MS)) {
      of(name.slice(SUM_MS.length)).sumMs += value;
    }
  }
  const durations = [...observed].map(([queue, { bounds, sumMs }]): JobDurations => {
    const stored = [...bounds];
    const upTo = (limit: number) => stored.reduce((sum, [le, count]) => (le <= limit ? sum + count : sum), 0);
    const buckets = [...JOB_DURATION_BUCKETS_SECONDS, Infinity].map((le) => ({ le, count: upTo(le) }));
    return { queue, buckets, sumSeconds: sumMs / 1000, count: upTo(Infinity) };
  });
  const byName = <T extends { queue: string }>(a: T, b: T) => a.queue.localeCompare(b.queue);
  return { totals: totals.sort(byName), durations: durations.sort(byName) };
}

/** Every job counter: one indexed range of a small table (a few rows per queue and slot). */
export async function readJobCounts(db: Db): Promise<JobCounts> {
  // A range rather than LIKE: the primary key's btree serves it under any collation.
  const rows = await db
    .selectFrom('admin_counters')
    .select(['name', sql<number>`sum(value)::bigint`.as('n')])
    .where('name', '>=', 'job:')
    .where('name', '<', 'job;')
    .groupBy('name')
    .execute();
  return parseJobCounters(rows);
}
