import type { Config } from '@drape/config';
import { readPerformanceMode, watchDatabase, type Db } from '@drape/db';
import {
  QUEUES, SCHEDULES, countJob, parseGenerateJobData, recordOutcome, scheduleQueue, startBoss, stopBoss, type JobWithMetadata, type MaintenanceTask, type PgBoss,
} from '@drape/jobs';
import type { Logger } from '@drape/log';
import type { Storage } from '@drape/storage';
import { warmClassifier } from './classifier';
import { runGenerateJob } from './generate-job';
import { runMaintenance } from './maintenance';
import { describeStarter, starterProgress, stockStarterSet } from './starter-stock';
import { atelierProvider } from './providers/atelier-provider';
import { httpProvider } from './providers/http-provider';
import type { ImageProvider } from './providers/provider';
import { runBatchStep, curateLookbook, heartbeat, HEARTBEAT_SECONDS, markStopped, registerWorker } from '@drape/operations';

export interface PipelineOptions {
  url: string;
  db: Db;
  config: Config;
  /** The worker's logger; each job logs through a child carrying its id (jobId; a batch's batchId). */
  log: Logger;
  storage: Storage;
  /** Another provider than the configured one (tests: a failing one). */
  provider?: ImageProvider;
  /** How often the performance mode is re-read (ms). */
  settingsPollMs?: number;
  /** How often pg-boss expires jobs of dead workers and retries them (s). */
  maintenanceIntervalSeconds?: number;
  /** Expiry of batch generate jobs (s); default: the performance mode's timeout. */
  jobExpireSeconds?: number;
  /** Expiry of batch steps (s); default STEP_EXPIRE_SECONDS. */
  stepExpireSeconds?: number;
  /**
   * Open the starter batch when some active trend, palette or occasion has no look in a gender
   * (the daemon process does; tests that count their own batches leave it off).
   */
  stockStarter?: boolean;
}

export interface Pipeline {
  workerId: string;
  boss: PgBoss;
  /** The performance mode in force and the generate workers registered for it. */
  performance(): { mode: string; generateWorkers: number };
  stop(): Promise<void>;
}

export function providerFor(config: Config): ImageProvider {
  if (config.IMAGE_PROVIDER === 'http') {
    if (!config.IMAGE_PROVIDER_URL) throw new Error('IMAGE_PROVIDER=http needs IMAGE_PROVIDER_URL');
    return httpProvider(config.IMAGE_PROVIDER_URL);
  }
  return atelierProvider;
}

/**
 * One pipeline worker: registers and heartbeats, works the generate queue with the performance
 * mode's concurrency (re-read from settings and applied without a restart) and runs maintenance.
 */
export async function startPipeline(opts: PipelineOptions): Promise<Pipeline> {
  const { db, log } = opts;
  const { storage } = opts;
  const provider = opts.provider ?? providerFor(opts.config);
  // PostgreSQL restarting or failing over: one line, and the worker catches up once it answers.
  let beatNow = () => {};
  let pollNow = () => {};
  const database = watchDatabase(db, { log, onBack: () => {
    beatNow();
    pollNow();
  } });
  const boss = await startBoss(opts.url, db, 'pipeline', {
    ...(opts.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds } : {}),
    log,
    // An outage is reported once by the watch; any other error pg-boss logs as a queue error.
    onError: (err) => database.report(err),
  });

  await warmClassifier();
  const workerId = await registerWorker(db, `pipeline-${process.pid}`);
  let lastError: string | null = null;
  beatNow = () => {
    heartbeat(db, workerId, lastError).catch((err) => {
      if (!database.report(err)) log.error({ err }, 'heartbeat failed');
    });
  };
  const beat = setInterval(beatNow, HEARTBEAT_SECONDS * 1000);

  let mode = await readPerformanceMode(db);
  let generateWorkers = 0;
  const handle = async (jobs: JobWithMetadata<unknown>[]) => {
    for (const job of jobs) {
      const jobLog = log.child({ jobId: job.id, queue: QUEUES.generate });
      // Before pg-boss gives the job up as expired (it would then be retried a minute later).
      const deadline = Date.now() + job.expireInSeconds * 1000 - 5000;
      const startedAt = performance.now();
      try {
        for (let outages = 0; ; outages++) {
          try {
            await runGenerateJob({ db, storage, provider, timeoutMs: mode.timeoutMs, startedAt }, job.id, parseGenerateJobData(job.data));
            break;
          } catch (err) {
            // A database outage is no fault of the job's: once the database is back it is done
            // again here (it is idempotent by its id), else left to pg-boss's retry.
            if (!database.report(err) || outages >= 3 || !(await database.whenBack(deadline))) throw err;
          }
        }
        lastError = null;
      } catch (err) {
        if (database.report(err)) throw err;
        lastError = String(err).slice(0, 500);
        const last = job.retryCount >= job.retryLimit;
        jobLog.warn({ err, attempt: job.retryCount + 1, retryLimit: job.retryLimit }, last ? 'generate job failed; no attempt left' : 'generate job failed; pg-boss tries it again');
        // The last attempt: the job ends here, and says so to whoever waits for it.
        if (last) {
          await recordOutcome(db, job.id, { outcome: 'failed', reason: lastError }, { durationMs: performance.now() - startedAt })
            .catch((recordErr: unknown) => jobLog.error({ err: recordErr }, 'the failed outcome could not be recorded'));
        }
        throw err;
      }
    }
  };
  const workGenerate = async () => {
    // One worker per unit of concurrency, one job at a time each. pg-boss waits out the polling
    // interval after every fetch, even a fruitful one (12's burst modes need a batch above one or
    // its minute-old queue stats); a worker that just finished a job notifies itself, so it fetches
    // again at once and only an empty queue is polled.
    for (let i = 0; i < mode.concurrency; i++) {
      let bossWorkerId = '';
      bossWorkerId = await boss.work(QUEUES.generate, { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true }, async (jobs) => {
        try {
          await handle(jobs);
          // The job's output in pg-boss names the worker that did it: which process made a look,
          // for an operator of a fleet (and the fleet test's count per worker).
          return { workerId };
        } finally {
          if (jobs.length && bossWorkerId) boss.notifyWorker(bossWorkerId);
        }
      });
    }
    generateWorkers = mode.concurrency;
  };
  await workGenerate();
  let applied = { mode: mode.name as string, generateWorkers };
  let polling = false;
  pollNow = () => {
    // One poll at a time: a slow one (the database away) must not overlap the next.
    if (polling) return;
    polling = true;
    void readPerformanceMode(db).then(async (next) => {
      if (next.name === applied.mode) return;
      log.info(`performance mode ${applied.mode} -> ${next.name}`);
      mode = next;
      await boss.offWork(QUEUES.generate);
      await workGenerate();
      // Published once the new workers run, so a reader never sees a half-applied mode (and a
      // change that failed half-way is tried again at the next poll).
      applied = { mode: next.name, generateWorkers };
    }).catch((err: unknown) => {
      if (!database.report(err)) log.error({ err }, 'settings poll failed');
    }).finally(() => {
      polling = false;
    });
  };
  const settings = setInterval(pollNow, opts.settingsPollMs ?? 5000);

  // After the workers are up, so this process makes the set if no other does; a failure here
  // leaves the worker running (the next start tries again).
  const stockStarter = async (quietUnlessOpened: boolean, from: Logger = log) => {
    const starter = await stockStarterSet(db, boss, { stepExpireSeconds: opts.stepExpireSeconds })
      .catch((err: unknown) => {
        from.error({ err }, 'starter set failed');
        return { started: false as const, reason: `failed: ${String(err)}` };
      });
    // The batch it opened is in the message: a step's logger already carries its own batchId.
    if (starter.started) from.info(`starter set: ${starter.looks} looks queued (batch ${starter.batchId})`);
    else if (!quietUnlessOpened) from.info(`starter set: none opened (${starter.reason})`);
  };

  // The LookBook takes the best of what a batch made as soon as it ends (a fresh install's starter
  // set included) rather than at the next cron. A look that joins it leaves Get My Look's
  // inventory (viewable looks): a pair whose only look it was is stocked again by the starter
  // check at once, and those looks stay (their combinations are in the LookBook). A failure is
  // the cron's to mend: it never fails the step that ended the batch.
  const curate = async (after: string, from: Logger = log) => {
    try {
      const r = await curateLookbook(db, opts.config.LOOKBOOK_AUTOCURATE);
      if (r.curated === 0) return;
      from.info(`LookBook: ${r.curated} looks curated after ${after} (${r.lookbook} of ${r.target})`);
      if (opts.stockStarter) await stockStarter(true, from);
    } catch (err) {
      from.error({ err }, 'LookBook curation failed');
    }
  };

  // A step or a cron that fails is logged with its job's id (an outage once, by the watch), and
  // left to pg-boss to try again. Each attempt's end is counted (a generate job by its outcome, above).
  const failed = (jobLog: Logger, what: string) => (err: unknown): never => {
    if (!database.report(err)) jobLog.error({ err }, `${what} failed`);
    throw err;
  };
  const counted = async <T>(queue: string, jobLog: Logger, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    let outcome: 'completed' | 'failed' = 'failed';
    try {
      const result = await run();
      outcome = 'completed';
      return result;
    } finally {
      await countJob(db, queue, outcome, performance.now() - started).catch((err: unknown) => {
        if (!database.report(err)) jobLog.error({ err }, `counting a ${queue} job failed`);
      });
    }
  };

  await boss.work<{ batchJobId: string; step?: number }>(QUEUES.batch, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) {
      const stepLog = log.child({ jobId: job.id, queue: QUEUES.batch, batchId: job.data.batchJobId });
      const step = job.data.step ?? 1;
      await counted(QUEUES.batch, stepLog, async () => {
        const result = await runBatchStep(db, boss, job.data.batchJobId, step, { jobExpireSeconds: opts.jobExpireSeconds, stepExpireSeconds: opts.stepExpireSeconds })
          .catch(failed(stepLog, `batch step ${step}`));
        stepLog.debug({ step, result }, 'batch step');
        if (result !== 'finished') return;
        const starter = await starterProgress(db);
        const isStarter = starter?.batchId === job.data.batchJobId;
        stepLog.info(isStarter ? describeStarter(starter) : `batch ${job.data.batchJobId} finished`);
        await curate(isStarter ? 'the starter set' : `batch ${job.data.batchJobId}`, stepLog);
      });
    }
  });

  for (const s of Object.values(SCHEDULES)) {
    const queue = scheduleQueue(s.task);
    await boss.work<{ task: MaintenanceTask }>(queue, async (jobs) => {
      for (const job of jobs) {
        const cronLog = log.child({ jobId: job.id, queue });
        await counted(queue, cronLog, async () => {
          const report = await runMaintenance(db, storage, job.data.task, opts.config).catch(failed(cronLog, job.data.task));
          cronLog.info({ report }, `${job.data.task} done`);
          if (job.data.task === 'lookbook-curation' && Number(report.curated) > 0 && opts.stockStarter) await stockStarter(true, cronLog);
        });
      }
    });
  }

  if (opts.stockStarter) {
    await stockStarter(false);
    // An install that has looks but no LookBook yet (one upgraded to auto-curation) fills it now.
    await curate('the start');
  }

  return {
    workerId,
    boss,
    performance: () => applied,
    async stop() {
      clearInterval(beat);
      clearInterval(settings);
      database.stop();
      await stopBoss(boss, 'pipeline');
      await markStopped(db, workerId).catch((err: unknown) => log.warn({ err }, 'the worker could not be marked stopped'));
    },
  };
}
