import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { SEVERITY_BANDS, parseCombinationCode, type SeverityLevel } from '@drape/contracts';
import { readPerformanceMode, type Db } from '@drape/db';
import { BATCH_ENTRY_RETRIES, QUEUES, SEND, generateJobData, readOutcomes, recordOutcome, waitingJobs, type JobOutcome, type JobQueue } from '@drape/jobs';
import { SEVERITY_SQL } from './severity-stats';

export const MAX_CYCLES = 5;
/**
 * A step never waits for renders (it counts, tops the queue up and chains the next): a minute is
 * far beyond a healthy one, and a step whose worker was killed is retried after it (and pg-boss's
 * next maintenance), rather than stalling the batch for ten minutes as it did at 600 s.
 */
export const STEP_EXPIRE_SECONDS = 60;

/** A stable uuid for one queue entry of one batch: resending it is a no-op in pg-boss. */
export function entryJobId(batchJobId: string, cycle: number, sequence: number): string {
  const h = createHash('sha1').update(`${batchJobId}:${cycle}:${sequence}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/** Seed of a queue entry: the same entry always renders the same look. */
function seedOf(jobId: string): number {
  return parseInt(createHash('sha1').update(jobId).digest('hex').slice(0, 8), 16) >>> 0;
}

/** Which combinations a cycle takes: every level below SEV-5, or one level (a priority batch). */
export type BatchLevel = Exclude<SeverityLevel, 'SEV-5'> | 'all';

/**
 * SEV-queue initialisation: the active combinations below SEV-5, most severe first (fewest
 * images), as cycle 1. Later cycles are appended as the batch finishes each one. Refused while a
 * batch runs: the queue is that batch's work list.
 */
export async function initSevQueue(db: Db, limit?: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await lockBatches(tx);
    await refuseWhileRunning(tx, (id) => `Batch ${id} is running: cancel it or wait for it to end before rebuilding the queue`);
    return resetSevQueue(tx, { limit });
  });
}

/** One lock for the whole cluster around opening a batch or rebuilding its queue. */
const lockBatches = (tx: Db) => sql`select pg_advisory_xact_lock(hashtext('drape-batch-start'))`.execute(tx);

async function refuseWhileRunning(tx: Db, message: (id: string) => string): Promise<void> {
  const running = await tx.selectFrom('batch_jobs').select('id').where('status', '=', 'running').executeTakeFirst();
  if (running) throw new BatchError(message(running.id), 'running');
}

async function resetSevQueue(tx: Db, scope: CycleScope): Promise<number> {
  await tx.deleteFrom('sev_queue').execute();
  return appendCycle(tx, 1, scope);
}

interface CycleScope {
  limit?: number | undefined;
  level?: BatchLevel | undefined;
}

async function appendCycle(db: Db, cycle: number, { limit, level = 'all' }: CycleScope): Promise<number> {
  const band = level === 'all' ? null : SEVERITY_BANDS.find((b) => b.level === level)!;
  let q = db
    .selectFrom('combinations')
    .select(['code', SEVERITY_SQL.as('level')])
    .where('active', '=', true)
    .where('image_count', '<', SEV5_MIN)
    .orderBy('image_count')
    .orderBy('code');
  if (band) q = q.where('image_count', '>=', band.min).where('image_count', '<=', band.max ?? SEV5_MIN - 1);
  if (limit) q = q.limit(limit);
  const combos = await q.execute();
  if (combos.length === 0) return 0;
  await db
    .insertInto('sev_queue')
    .values(combos.map((c, i) => ({ combination_code: c.code, sev_level: c.level, sequence: i + 1, cycle })))
    .execute();
  return combos.length;
}

/** A combination at SEV-5 is stocked: no batch generates for it. */
const SEV5_MIN = SEVERITY_BANDS.find((b) => b.level === 'SEV-5')!.min;

export interface BatchOptions {
  cycles?: number;
  /** At most this many combinations per cycle (tests, small runs). */
  limit?: number;
  /** How long a step may run before pg-boss hands it to another worker (s). */
  stepExpireSeconds?: number;
}

/** Why a batch operation was refused: another batch runs, or there is nothing to generate. */
export type BatchErrorCode = 'running' | 'nothing_to_generate';

export class BatchError extends Error {
  constructor(message: string, readonly code: BatchErrorCode = 'running') {
    super(message);
  }
}

/** Starts a sequential batch over the SEV queue, most severe first. */
export async function startSequentialBatch(db: Db, boss: JobQueue, options: BatchOptions = {}): Promise<string> {
  const cycles = Math.min(Math.max(options.cycles ?? 1, 1), MAX_CYCLES);
  return openBatch(db, boss, {
    kind: 'sequential',
    options: { cycles, limit: options.limit ?? null },
    fill: (tx) => resetSevQueue(tx, { limit: options.limit }),
    nothingToDo: 'Every active combination is stocked (SEV-5): nothing to generate',
    stepExpireSeconds: options.stepExpireSeconds,
  });
}

/**
 * Starts a priority batch over the active combinations of one SEV level ('all': every level below
 * SEV-5), fewest images first, at most `limit` per cycle: the admin's batch-generate and
 * `drape batch start --level`.
 */
export async function startPriorityBatch(db: Db, boss: JobQueue, options: BatchOptions & { level: BatchLevel }): Promise<string> {
  const cycles = Math.min(Math.max(options.cycles ?? 1, 1), MAX_CYCLES);
  return openBatch(db, boss, {
    kind: 'priority',
    options: { cycles, limit: options.limit ?? null, level: options.level },
    fill: (tx) => resetSevQueue(tx, { limit: options.limit, level: options.level }),
    nothingToDo: options.level === 'all'
      ? 'Every active combination is stocked (SEV-5): nothing to generate'
      : `No active combination is at ${options.level}: nothing to generate`,
    stepExpireSeconds: options.stepExpireSeconds,
  });
}

/**
 * Opens a batch over a fresh SEV queue that `fill` writes as cycle 1 (answering how many entries),
 * under one lock for the whole cluster: one batch runs at a time, and of two processes opening one
 * at once the second finds the first's running. The first step is sent as a `batch` job.
 */
export async function openBatch(db: Db, boss: JobQueue, spec: {
  kind?: 'sequential' | 'priority';
  options: Record<string, unknown>;
  fill: (tx: Db) => Promise<number>;
  nothingToDo: string;
  stepExpireSeconds?: number | undefined;
}): Promise<string> {
  const batchId = await db.transaction().execute(async (tx) => {
    await lockBatches(tx);
    await refuseWhileRunning(tx, (id) => `Batch ${id} is already running`);
    const queued = await spec.fill(tx);
    if (queued === 0) throw new BatchError(spec.nothingToDo, 'nothing_to_generate');
    const row = await tx
      .insertInto('batch_jobs')
      .values({ kind: spec.kind ?? 'sequential', total: queued, options: JSON.stringify(spec.options), metrics: JSON.stringify(emptyCounters()) })
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
  await boss.deleteQueuedJobs(QUEUES.generate);
  await boss.deleteQueuedJobs(QUEUES.batch);
  await db.deleteFrom('sev_queue').execute();
  return { cancelledBatches };
}

/**
 * What a batch counted, stored in batch_jobs.metrics (the admin view maps these to the spec's
 * names). Entries end as a stored image, a blocked render (by the safety checks or the quality
 * bar) or a failure without an image.
 */
export interface BatchCounters {
  /** Generate jobs sent to the queue, each entry once. */
  jobsSent: number;
  /** Images written to the image store (their job recorded them as stored). */
  imagesStored: number;
  /** Their generated_images rows. */
  rowsStored: number;
  /** Their pieces (fashion_items rows). */
  piecesStored: number;
  /** Renders refused by the content-safety checks. */
  safetyBlocked: number;
  /** Renders below the quality bar. */
  qualityBlocked: number;
  /** The highest cycle with an ended entry. */
  cycle: number;
}

function emptyCounters(): BatchCounters {
  return { jobsSent: 0, imagesStored: 0, rowsStored: 0, piecesStored: 0, safetyBlocked: 0, qualityBlocked: 0, cycle: 1 };
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * A batch's counters from its stored JSON. Rows written before the counters had these names hold
 * the admin screen's names (commandsSent, awsSaved, metadataSaved, supabaseItemsSaved,
 * contentSafetyFailed, qualityFailed): they read as the same counts.
 */
export function readBatchCounters(json: unknown): BatchCounters {
  const m = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const legacy = !('imagesStored' in m) && 'awsSaved' in m;
  if (!legacy) {
    return {
      jobsSent: num(m.jobsSent), imagesStored: num(m.imagesStored), rowsStored: num(m.rowsStored), piecesStored: num(m.piecesStored),
      safetyBlocked: num(m.safetyBlocked), qualityBlocked: num(m.qualityBlocked), cycle: num(m.cycle) || 1,
    };
  }
  return {
    jobsSent: num(m.jobsSent) || num(m.commandsSent),
    imagesStored: num(m.awsSaved),
    rowsStored: num(m.metadataSaved),
    piecesStored: num(m.supabaseItemsSaved),
    safetyBlocked: num(m.contentSafetyFailed),
    qualityBlocked: num(m.qualityFailed),
    cycle: num(m.cycle) || 1,
  };
}

/** Images rendered (stored or blocked) per minute, hour and day at the batch's pace so far. */
export function batchRates(c: BatchCounters, startedAt: Date, finishedAt: Date | null, now = new Date()): { perMinute: number; perHour: number; per24Hours: number } {
  const rendered = c.imagesStored + c.safetyBlocked + c.qualityBlocked;
  const minutes = Math.max(((finishedAt ?? now).getTime() - startedAt.getTime()) / 60_000, 1 / 60);
  const perMinute = Math.round((rendered / minutes) * 10) / 10;
  return { perMinute, perHour: Math.round((rendered / minutes) * 60), per24Hours: Math.round((rendered / minutes) * 60 * 24) };
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
  const level = (batch.options as { level?: BatchLevel }).level;

  const jobExpireSeconds = opts.jobExpireSeconds ?? Math.ceil(mode.timeoutMs / 1000);
  const outstanding = await recordEnded(db, boss, batchJobId, jobExpireSeconds);

  // Top up: at most batchSize jobs waiting in the generate queue at a time (pg-boss's own list).
  const waiting = outstanding.length ? await waitingJobs(boss, QUEUES.generate, mode.batchSize) : 0;
  let unsent = await db.selectFrom('sev_queue').select(['combination_code', 'cycle', 'sequence']).where('sent_at', 'is', null).orderBy('cycle').orderBy('sequence').limit(Math.max(0, mode.batchSize - waiting)).execute();
  if (unsent.length === 0 && outstanding.length === 0) {
    const last = await db.selectFrom('sev_queue').select((eb) => eb.fn.max('cycle').as('cycle')).executeTakeFirst();
    const cycle = Number(last?.cycle ?? 1);
    const appended = cycle < maxCycles ? await appendCycle(db, cycle + 1, { limit, level }) : 0;
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
    // The entry is marked sent and counted in one statement: a step killed between the two can
    // neither lose the count (its retry finds the entry marked) nor count it twice.
    await sql`
      with marked as (
        update sev_queue set sent_at = now()
         where cycle = ${e.cycle} and sequence = ${e.sequence} and sent_at is null
        returning 1
      )
      update batch_jobs
         set metrics = jsonb_set(metrics, '{jobsSent}', to_jsonb(coalesce((metrics->>'jobsSent')::int, 0) + (select count(*) from marked)::int))
       where id = ${batchJobId} and ${c !== null} and exists (select 1 from marked)`.execute(db);
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
    const job = await boss.getJobById(QUEUES.generate, id);
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
    const row = await tx.selectFrom('batch_jobs').select('metrics').where('id', '=', batchJobId).forUpdate().executeTakeFirstOrThrow();
    const counted = newly.map((e) => outcomes.get(entryJobId(batchJobId, e.cycle, e.sequence))!);
    const images = counted.flatMap((o) => (o.outcome === 'stored' ? [o.imageId] : []));
    const blocked = counted.flatMap((o) => (o.outcome === 'blocked' ? [o.reason] : []));
    const stored = images.length
      ? await tx
        .selectFrom('generated_images as gi')
        .leftJoin('fashion_items as fi', 'fi.image_id', 'gi.id')
        .select([(eb) => eb.fn.count<number>('gi.id').distinct().as('rows'), (eb) => eb.fn.count<number>('fi.id').as('pieces')])
        .where('gi.id', 'in', images)
        .executeTakeFirstOrThrow()
      : { rows: 0, pieces: 0 };
    const safetyBlocked = blocked.filter((reason) => reason !== 'quality_threshold').length;
    const m = readBatchCounters(row.metrics);
    m.imagesStored += images.length;
    m.rowsStored += Number(stored.rows);
    m.piecesStored += Number(stored.pieces);
    m.safetyBlocked += safetyBlocked;
    m.qualityBlocked += blocked.length - safetyBlocked;
    m.cycle = Math.max(m.cycle, ...newly.map((e) => e.cycle));
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
