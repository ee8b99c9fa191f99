import type { BatchJobView, BatchJobsAnswer, BatchJobStatus, BatchPriorityFilter, StartSequentialBatchInput } from '@drape/contracts/admin';
import { BATCH_JOBS_LISTED } from '@drape/contracts/admin';
import type { Db } from '@drape/db';
import {
  BatchError, batchRates, cancelBatch, clearPipeline, initSevQueue, readBatchCounters, startPriorityBatch, startSequentialBatch, type BatchLevel,
} from '@drape/operations';
import type { Services } from '../context';
import { appError } from '../errors';

type BatchJobRow = Awaited<ReturnType<typeof newestBatchJobs>>[number];

function newestBatchJobs(db: Db) {
  return db.selectFrom('batch_jobs').selectAll().orderBy('created_at', 'desc').limit(BATCH_JOBS_LISTED).execute();
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** The one place where a batch's counters take the spec's names (settings-and-admin §3). */
export function batchJobView(row: BatchJobRow, now = new Date()): BatchJobView {
  const c = readBatchCounters(row.metrics);
  const rates = batchRates(c, row.started_at, row.finished_at, now);
  const rendered = c.imagesStored + c.safetyBlocked + c.qualityBlocked;
  const options = row.options as { cycles?: number; level?: BatchPriorityFilter };
  return {
    id: row.id,
    kind: row.kind === 'priority' ? 'priority' : 'sequential',
    status: row.status as BatchJobStatus,
    progress: row.status === 'completed' ? 100 : Math.min(100, Math.floor(percent(row.processed, row.total))),
    successRate: percent(row.succeeded, row.processed),
    total: row.total,
    processed: row.processed,
    succeeded: row.succeeded,
    failed: row.failed,
    cycle: c.cycle,
    cycles: Number(options.cycles ?? 1),
    priorityFilter: row.kind === 'priority' ? (options.level ?? 'all') : null,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    metrics: {
      commandsSent: c.jobsSent,
      imagesGenerated: rendered,
      contentSafetyPassed: rendered - c.safetyBlocked,
      contentSafetyFailed: c.safetyBlocked,
      qualityPassed: c.imagesStored,
      qualityFailed: c.qualityBlocked,
      awsSaved: c.imagesStored,
      metadataSaved: c.rowsStored,
      supabaseItemsSaved: c.piecesStored,
      imagesPerMinute: rates.perMinute,
      imagesPerHour: rates.perHour,
      imagesPer24Hours: rates.per24Hours,
      startTime: row.started_at.toISOString(),
    },
  };
}

export async function listBatchJobs(db: Db): Promise<BatchJobsAnswer> {
  const now = new Date();
  return { jobs: (await newestBatchJobs(db)).map((r) => batchJobView(r, now)) };
}

/** A refused batch operation is a 409 with the operation's own words. */
async function refusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof BatchError) throw appError(err.code === 'running' ? 'batch_running' : 'batch_nothing_to_generate', err.message);
    throw err;
  }
}

export function startSequential(services: Pick<Services, 'db' | 'jobs'>, input: StartSequentialBatchInput): Promise<{ jobId: string }> {
  return refusals(async () => ({ jobId: await startSequentialBatch(services.db, services.jobs, { cycles: input.cycles, limit: input.limit }) }));
}

export function startLevelBatch(services: Pick<Services, 'db' | 'jobs'>, input: { priorityFilter: BatchPriorityFilter; limit?: number | undefined }): Promise<{ jobId: string }> {
  return refusals(async () => ({ jobId: await startPriorityBatch(services.db, services.jobs, { level: input.priorityFilter as BatchLevel, limit: input.limit }) }));
}

/** Cancels a running batch: the entries already sent finish, no new one is sent. */
export async function cancelBatchJob(db: Db, id: string): Promise<{ id: string; status: 'cancelled' }> {
  const row = await db.selectFrom('batch_jobs').select('status').where('id', '=', id).executeTakeFirst();
  if (!row) throw appError('batch_not_found');
  if ((await cancelBatch(db, id)) === 0) throw appError('batch_not_running', `Batch ${id} is not running (${row.status === 'running' ? 'it has just ended' : row.status}).`);
  return { id, status: 'cancelled' };
}

export async function clearBatchPipeline(services: Pick<Services, 'db' | 'jobs'>): Promise<{ message: string; cancelledBatches: number }> {
  const r = await clearPipeline(services.db, services.jobs);
  const batches = r.cancelledBatches === 1 ? '1 running batch cancelled' : `${r.cancelledBatches} running batches cancelled`;
  return { message: `Pipeline cleared: ${batches}, queued generation jobs dropped, SEV queue emptied.`, cancelledBatches: r.cancelledBatches };
}

export function initQueue(db: Db): Promise<{ message: string; queued: number }> {
  return refusals(async () => {
    const queued = await initSevQueue(db);
    return { message: queued ? `SEV queue initialised: ${queued} combinations, most severe first.` : 'SEV queue initialised: every active combination is stocked.', queued };
  });
}
