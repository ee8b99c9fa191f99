import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { parseCombinationCode } from '@drape/contracts';
import { readPerformanceMode, type Db } from '@drape/db';
import { BATCH_ENTRY_RETRIES, QUEUES, SEND, generateJobData, readOutcomes, recordOutcome, type JobOutcome, type JobQueue } from '@drape/jobs';
import { SEVERITY_SQL } from './severity-stats';

export const MAX_CYCLES = 5;
/** A step waits for up to batchSize renders; ten minutes is far beyond a healthy one. */
export const STEP_EXPIRE_SECONDS = 600;

/** A stable uuid for one queue entry of one batch: resending it is a no-op in pg-boss. */
export function entryJobId(batchJobId: string, cycle: number, sequence: number): string {
  const h = createHash('sha1').update(`${batchJobId}:${cycle}:${sequence}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/** Seed of a queue entry: the same entry always renders the same look. */
function seedOf(jobId: string): number {
  return parseInt(createHash('sha1').update(jobId).digest('hex').slice(0, 8), 16) >>> 0;
}

/**
 * SEV-queue initialisation: the active combinations below SEV-5, most severe first (fewest
 * images), as cycle 1. Later cycles are appended as the batch finishes each one.
 */
export async function initSevQueue(db: Db, limit?: number): Promise<number> {
  return db.transaction().execute((tx) => resetSevQueue(tx, limit));
}

async function resetSevQueue(tx: Db, limit?: number): Promise<number> {
  await tx.deleteFrom('sev_queue').execute();
  return appendCycle(tx, 1, limit);
}

async function appendCycle(db: Db, cycle: number, limit?: number): Promise<number> {
  let q = db
    .selectFrom('combinations')
    .select(['code', SEVERITY_SQL.as('level')])
    .where('active', '=', true)
    .where('image_count', '<', 70)
    .orderBy('image_count')
    .orderBy('code');
  if (limit) q = q.limit(limit);
  const combos = await q.execute();
  if (combos.length === 0) return 0;
  await db
    .insertInto('sev_queue')
    .values(combos.map((c, i) => ({ combination_code: c.code, sev_level: c.level, sequence: i + 1, cycle })))
    .execute();
  return combos.length;
}

export interface BatchOptions {
  cycles?: number;
  /** At most this many combinations per cycle (tests, small runs). */
  limit?: number;
  /** How long a step may run before pg-boss hands it to another worker (s). */
  stepExpireSeconds?: number;
}

export class BatchError extends Error {}

/** Starts a sequential batch over the SEV queue, most severe first. */
export async function startSequentialBatch(db: Db, boss: JobQueue, options: BatchOptions = {}): Promise<string> {
  const cycles = Math.min(Math.max(options.cycles ?? 1, 1), MAX_CYCLES);
  return openBatch(db, boss, {
    options: { cycles, limit: options.limit ?? null },
    fill: (tx) => resetSevQueue(tx, options.limit),
    nothingToDo: 'Every active combination is stocked (SEV-5): nothing to generate',
    stepExpireSeconds: options.stepExpireSeconds,
  });
}

/**
 * Opens a batch over a fresh SEV queue that `fill` writes as cycle 1 (answering how many entries),
 * under one lock for the whole cluster: one batch runs at a time, and of two processes opening one
 * at once the second finds the first's running. The first step is sent as a `batch` job.
 */
export async function openBatch(db: Db, boss: JobQueue, spec: {
  options: Record<string, unknown>;
  fill: (tx: Db) => Promise<number>;
  nothingToDo: string;
  stepExpireSeconds?: number | undefined;
}): Promise<string> {
  const batchId = await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('drape-batch-start'))`.execute(tx);
    const running = await tx.selectFrom('batch_jobs').select('id').where('status', '=', 'running').executeTakeFirst();
    if (running) throw new BatchError(`Batch ${running.id} is already running`);
    const queued = await spec.fill(tx);
    if (queued === 0) throw new BatchError(spec.nothingToDo);
    const row = await tx
      .insertInto('batch_jobs')
      .values({ kind: 'sequential', total: queued, options: JSON.stringify(spec.options), metrics: JSON.stringify(emptyMetrics()) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('sev_queue').set({ batch_job_id: row.id }).execute();
    return row.id;
  });
  await boss.send(QUEUES.batch, { batchJobId: batchId, step: 1 }, SEND.batchStep(entryJobId(batchId, 0, 1), spec.stepExpireSeconds ?? STEP_EXPIRE_SECONDS));
  return batchId;
}

export async function cancelBatch(db: Db, batchJobId?: string): Promise<number> {
  let q = db.updateTable('batch_jobs').set({ status: 'cancelled', finished_at: new Date() }).where('status', '=', 'running');
  if (batchJobId) q = q.where('id', '=', batchJobId);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** Cancels running batches, drops queued generate jobs and empties the SEV queue. */
export async function clearPipeline(db: Db, boss: JobQueue): Promise<{ cancelledBatches: number }> {
  const cancelledBatches = await cancelBatch(db);
  await boss.purgeQueue(QUEUES.generate);
  await boss.purgeQueue(QUEUES.batch);
  await db.deleteFrom('sev_queue').execute();
  return { cancelledBatches };
}

export interface BatchMetrics {
  commandsSent: number;
  imagesGenerated: number;
  contentSafetyPassed: number;
  contentSafetyFailed: number;
  qualityPassed: number;
  qualityFailed: number;
  awsSaved: number;
  metadataSaved: number;
  supabaseItemsSaved: number;
  imagesPerMinute: number;
  imagesPerHour: number;
  imagesPer24Hours: number;
  startTime: string;
  cycle: number;
}

function emptyMetrics(): BatchMetrics {
  return {
    commandsSent: 0, imagesGenerated: 0, contentSafetyPassed: 0, contentSafetyFailed: 0, qualityPassed: 0, qualityFailed: 0,
    awsSaved: 0, metadataSaved: 0, supabaseItemsSaved: 0, imagesPerMinute: 0, imagesPerHour: 0, imagesPer24Hours: 0,
    startTime: new Date().toISOString(), cycle: 1,
  };
}

/**
 * One step of a sequential batch. A step never waits for renders: it records the entries whose
 * jobs ended, tops the generate queue up to `batchSize` waiting jobs (most severe entries first,
 * with stable ids), and schedules the next step after the mode's delay, so the delay paces the
 * dispatch while the workers stay busy. A step that dies is retried by pg-boss: it re-sends the
 * same ids (ignored) and counts only entries it newly completes, so nothing is generated twice
 * and nothing is skipped.
 */
export async function runBatchStep(db: Db, boss: JobQueue, batchJobId: string, step: number, opts: { jobExpireSeconds?: number | undefined; stepExpireSeconds?: number | undefined } = {}): Promise<'continued' | 'finished' | 'stopped'> {
  const batch = await db.selectFrom('batch_jobs').selectAll().where('id', '=', batchJobId).executeTakeFirst();
  if (!batch || batch.status !== 'running') return 'stopped';
  // A retry of a step that already chained its successor does nothing: one chain per batch.
  if (batch.steps >= step) return 'stopped';
  const mode = await readPerformanceMode(db);
  const maxCycles = Number((batch.options as { cycles?: number }).cycles ?? 1);
  const limit = (batch.options as { limit?: number | null }).limit ?? undefined;

  const jobExpireSeconds = opts.jobExpireSeconds ?? Math.ceil(mode.timeoutMs / 1000);
  const outstanding = await recordEnded(db, boss, batchJobId, jobExpireSeconds);

  // Top up: at most batchSize jobs waiting in the generate queue at a time (pg-boss's count).
  const waiting = outstanding.length ? await boss.getQueueSize(QUEUES.generate, { before: 'active' }) : 0;
  let unsent = await db.selectFrom('sev_queue').select(['combination_code', 'cycle', 'sequence']).where('sent_at', 'is', null).orderBy('cycle').orderBy('sequence').limit(Math.max(0, mode.batchSize - waiting)).execute();
  if (unsent.length === 0 && outstanding.length === 0) {
    const last = await db.selectFrom('sev_queue').select((eb) => eb.fn.max('cycle').as('cycle')).executeTakeFirst();
    const cycle = Number(last?.cycle ?? 1);
    const appended = cycle < maxCycles ? await appendCycle(db, cycle + 1, limit) : 0;
    if (appended === 0) {
      await db.updateTable('batch_jobs').set({ status: 'completed', finished_at: new Date() }).where('id', '=', batchJobId).where('status', '=', 'running').execute();
      return 'finished';
    }
    await db.updateTable('sev_queue').set({ batch_job_id: batchJobId }).where('cycle', '=', cycle + 1).execute();
    await db.updateTable('batch_jobs').set((eb) => ({ total: eb('total', '+', appended) })).where('id', '=', batchJobId).execute();
    unsent = await db.selectFrom('sev_queue').select(['combination_code', 'cycle', 'sequence']).where('sent_at', 'is', null).orderBy('cycle').orderBy('sequence').limit(mode.batchSize).execute();
  }
  for (const e of unsent) {
    const jobId = entryJobId(batchJobId, e.cycle, e.sequence);
    const c = parseCombinationCode(e.combination_code);
    if (c) await boss.send(QUEUES.generate, generateJobData(c, { seed: seedOf(jobId), source: 'batch', batchJobId }), SEND.batchEntry(jobId, jobExpireSeconds));
    // A code the catalog no longer knows ends at once rather than waiting out its job.
    else await recordOutcome(db, jobId, { outcome: 'failed', reason: `unknown combination ${e.combination_code}` });
    await db.updateTable('sev_queue').set({ sent_at: new Date() }).where('cycle', '=', e.cycle).where('sequence', '=', e.sequence).where('sent_at', 'is', null).execute();
  }

  // The next step has a stable id and is sent before this one is recorded as done: a retry re-sends
  // the same id (ignored), and a stale retry stops at the check above.
  await boss.send(QUEUES.batch, { batchJobId, step: step + 1 }, SEND.batchStep(entryJobId(batchJobId, 0, step + 1), opts.stepExpireSeconds ?? STEP_EXPIRE_SECONDS, new Date(Date.now() + mode.delayMs)));
  await db.updateTable('batch_jobs').set({ steps: step }).where('id', '=', batchJobId).where('steps', '<', step).execute();
  return 'continued';
}

/** Past this, an entry's job has run out of attempts or lost them with its workers: ask pg-boss. */
const staleAfterSeconds = (jobExpireSeconds: number) => jobExpireSeconds * (BATCH_ENTRY_RETRIES + 1) + 60;

/**
 * Marks the sent entries whose jobs ended, from the outcomes the jobs recorded (stored, blocked,
 * failed), counts them once, and answers the entries still outstanding. An entry whose job left no
 * outcome long after it was sent (its last worker died with it) is ended by pg-boss's own state.
 */
async function recordEnded(db: Db, boss: JobQueue, batchJobId: string, jobExpireSeconds: number): Promise<{ cycle: number; sequence: number }[]> {
  const outstanding = await db.selectFrom('sev_queue').select(['cycle', 'sequence', 'sent_at']).where('sent_at', 'is not', null).where('completed_at', 'is', null).execute();
  if (outstanding.length === 0) return [];
  const byId = new Map(outstanding.map((e) => [entryJobId(batchJobId, e.cycle, e.sequence), e]));
  const outcomes: Map<string, JobOutcome> = await readOutcomes(db, [...byId.keys()]);
  const staleBefore = Date.now() - staleAfterSeconds(jobExpireSeconds) * 1000;
  for (const [id, e] of byId) {
    if (outcomes.has(id) || !e.sent_at || e.sent_at.getTime() > staleBefore) continue;
    const job = await boss.getJobById(QUEUES.generate, id, { includeArchive: true });
    if (!job || job.state === 'failed' || job.state === 'cancelled') outcomes.set(id, { outcome: 'failed', reason: job ? `job ${job.state}` : 'job lost' });
  }
  const stillOutstanding = outstanding.filter((e) => !outcomes.has(entryJobId(batchJobId, e.cycle, e.sequence)));
  if (outcomes.size === 0) return stillOutstanding;
  const endedEntries = [...outcomes.keys()].map((id) => byId.get(id)!);

  // Only entries this run completes are counted: a retried step never counts twice.
  await db.transaction().execute(async (tx) => {
    const newly = await tx
      .updateTable('sev_queue')
      .set({ completed_at: new Date() })
      .where('completed_at', 'is', null)
      .where((eb) => eb.or(endedEntries.map((e) => eb.and([eb('cycle', '=', e.cycle), eb('sequence', '=', e.sequence)]))))
      .returning(['cycle', 'sequence'])
      .execute();
    if (newly.length === 0) return;
    const row = await tx.selectFrom('batch_jobs').select(['metrics', 'started_at']).where('id', '=', batchJobId).forUpdate().executeTakeFirstOrThrow();
    const counted = newly.map((e) => outcomes.get(entryJobId(batchJobId, e.cycle, e.sequence))!);
    const images = counted.flatMap((o) => (o.outcome === 'stored' ? [o.imageId] : []));
    const blocked = counted.flatMap((o) => (o.outcome === 'blocked' ? [o.reason] : []));
    const items = images.length
      ? Number((await tx.selectFrom('fashion_items').select((eb) => eb.fn.countAll<number>().as('n')).where('image_id', 'in', images).executeTakeFirstOrThrow()).n)
      : 0;
    const safetyFailed = blocked.filter((reason) => reason !== 'quality_threshold').length;
    const m = { ...emptyMetrics(), ...(row.metrics as Partial<BatchMetrics>) } as BatchMetrics;
    m.commandsSent += counted.length;
    m.imagesGenerated += images.length;
    m.contentSafetyPassed += counted.length - safetyFailed;
    m.contentSafetyFailed += safetyFailed;
    m.qualityPassed += images.length;
    m.qualityFailed += blocked.length - safetyFailed;
    m.awsSaved += images.length;
    m.metadataSaved += images.length;
    m.supabaseItemsSaved += items;
    m.cycle = Math.max(m.cycle, ...newly.map((e) => e.cycle));
    const minutes = Math.max((Date.now() - row.started_at.getTime()) / 60_000, 1 / 60);
    m.imagesPerMinute = Math.round((m.imagesGenerated / minutes) * 10) / 10;
    m.imagesPerHour = Math.round(m.imagesPerMinute * 60);
    m.imagesPer24Hours = Math.round(m.imagesPerMinute * 60 * 24);
    await tx
      .updateTable('batch_jobs')
      .set((eb) => ({
        processed: eb('processed', '+', counted.length),
        succeeded: eb('succeeded', '+', images.length),
        failed: eb('failed', '+', counted.length - images.length),
        metrics: JSON.stringify(m),
      }))
      .where('id', '=', batchJobId)
      .execute();
  });
  return stillOutstanding;
}
