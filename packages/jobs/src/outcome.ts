import { sql } from 'kysely';
import type { Db } from '@drape/db';
import { countJob } from './job-counts';
import { QUEUES } from './queues';

/**
 * How a `generate` job ended, published by the pipeline once the job's rows are committed:
 * `stored` with the image, `blocked` with the reason (safety or quality), or `failed` for good
 * (the provider kept failing). Readers (the waiting request, the batch) read this row or the
 * notification; they never infer an outcome from a row that is missing.
 */
export type JobOutcome =
  | { outcome: 'stored'; imageId: string }
  | { outcome: 'blocked'; reason: string }
  | { outcome: 'failed'; reason: string };

/** LISTEN/NOTIFY channel of finished generate jobs; the payload is `{ jobId, ...JobOutcome }`. */
export const OUTCOME_CHANNEL = 'drape_generated';

/**
 * Records the outcome in the caller's transaction (its own when the caller has none), with its
 * notification and its count (job-counts.ts): PostgreSQL delivers a NOTIFY at commit, so a reader
 * woken by it always finds the committed rows. The first outcome of a job stands (a retry that
 * finds it done records, and counts, nothing new). `durationMs` is how long the job ran.
 */
export async function recordOutcome(tx: Db, jobId: string, o: JobOutcome, opts: { durationMs?: number } = {}): Promise<void> {
  if (!tx.isTransaction) return tx.transaction().execute((own) => recordOutcome(own, jobId, o, opts));
  const inserted = await tx
    .insertInto('generation_outcomes')
    .values({
      job_id: jobId,
      outcome: o.outcome,
      image_id: o.outcome === 'stored' ? o.imageId : null,
      reason: o.outcome === 'stored' ? null : o.reason,
    })
    .onConflict((oc) => oc.column('job_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  await countJob(tx, QUEUES.generate, o.outcome, opts.durationMs);
  await sql`select pg_notify(${OUTCOME_CHANNEL}, ${JSON.stringify({ jobId, ...o })})`.execute(tx);
}

function toOutcome(row: { outcome: 'stored' | 'blocked' | 'failed'; image_id: string | null; reason: string | null }): JobOutcome {
  if (row.outcome === 'stored') return { outcome: 'stored', imageId: row.image_id ?? '' };
  return { outcome: row.outcome, reason: row.reason ?? '' };
}

export async function readOutcome(db: Db, jobId: string): Promise<JobOutcome | null> {
  const row = await db.selectFrom('generation_outcomes').select(['outcome', 'image_id', 'reason']).where('job_id', '=', jobId).executeTakeFirst();
  return row ? toOutcome(row) : null;
}

export async function readOutcomes(db: Db, jobIds: string[]): Promise<Map<string, JobOutcome>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db.selectFrom('generation_outcomes').select(['job_id', 'outcome', 'image_id', 'reason']).where('job_id', 'in', jobIds).execute();
  return new Map(rows.map((r) => [r.job_id, toOutcome(r)]));
}

/** The payload of a notification on OUTCOME_CHANNEL, or null when it is not one of ours. */
export function parseOutcomeNotice(payload: string | undefined): ({ jobId: string } & JobOutcome) | null {
  try {
    const n = JSON.parse(payload ?? '') as { jobId?: unknown; outcome?: unknown; imageId?: unknown; reason?: unknown };
    if (typeof n.jobId !== 'string') return null;
    if (n.outcome === 'stored' && typeof n.imageId === 'string') return { jobId: n.jobId, outcome: 'stored', imageId: n.imageId };
    if ((n.outcome === 'blocked' || n.outcome === 'failed') && typeof n.reason === 'string') return { jobId: n.jobId, outcome: n.outcome, reason: n.reason };
    return null;
  } catch {
    return null;
  }
}

/** Outcomes are read while a request waits or a batch counts: a week is far beyond either. */
export async function deleteOldOutcomes(db: Db, olderThanDays = 7): Promise<number> {
  const res = await db.deleteFrom('generation_outcomes').where('finished_at', '<', new Date(Date.now() - olderThanDays * 86_400_000)).executeTakeFirst();
  return Number(res.numDeletedRows);
}
