import { isDatabaseUnavailable, readPerformanceMode, type Db } from '@drape/db';
import { PERFORMANCE_MODES } from '@drape/contracts/generation';
import type { Logger } from '@drape/log';
import { startBoss, stopBoss, type JobQueue } from './boss';
import { listenForever } from './listener';
import type { GenerateJobData } from './generate-job-data';
import { OUTCOME_CHANNEL, parseOutcomeNotice, readOutcome, type JobOutcome } from './outcome';
import { QUEUES, SEND } from './queues';

export type LiveOutcome = JobOutcome | { outcome: 'timeout' };

/** The pipeline as a request sees it: send a live job, wait for its outcome. */
export interface LiveGeneration {
  enqueue(data: GenerateJobData): Promise<string>;
  /** The job's outcome, or `timeout` past the performance mode's limit. */
  wait(jobId: string): Promise<LiveOutcome>;
  /** The same pg-boss client, for the admin's batch controls (start, cancel, clear). */
  queue: JobQueue;
  /** Whether the outcome notifications are heard right now (false while PostgreSQL is away). */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * The server's side of live generation: it sends `generate` jobs (no workers here) and wakes each
 * waiting request with the outcome the pipeline publishes on LISTEN/NOTIFY; a slow poll of the
 * outcome row covers a missed notification, and pg-boss's own state a job that died with its worker.
 */
export async function createLiveGeneration(url: string, db: Db, log: Logger): Promise<LiveGeneration> {
  const boss = await startBoss(url, db, 'server', { log });
  const waiters = new Map<string, (o: JobOutcome | null) => void>();
  const listener = await listenForever(url, OUTCOME_CHANNEL, {
    log,
    onNotify(payload) {
      const notice = parseOutcomeNotice(payload);
      if (notice) waiters.get(notice.jobId)?.(notice);
    },
    // Back after a loss: a notice may have been sent meanwhile, so every waiting request looks now.
    onListening() {
      for (const wake of waiters.values()) wake(null);
    },
  });

  let timeout: { ms: number; readAt: number } = { ms: PERFORMANCE_MODES.conservative.timeoutMs, readAt: 0 };
  const timeoutMs = async () => {
    if (Date.now() - timeout.readAt > 5000) timeout = { ms: (await readPerformanceMode(db)).timeoutMs, readAt: Date.now() };
    return timeout.ms;
  };

  /** The recorded outcome, or pg-boss's word that the job failed for good without one. */
  const check = async (jobId: string): Promise<JobOutcome | null> => {
    const recorded = await readOutcome(db, jobId);
    if (recorded) return recorded;
    const job = await boss.getJobById(QUEUES.generate, jobId);
    if (job && (job.state === 'failed' || job.state === 'cancelled')) return { outcome: 'failed', reason: `job ${job.state}` };
    return null;
  };

  return {
    queue: boss,
    async enqueue(data) {
      const id = await boss.send(QUEUES.generate, data, SEND.live(Math.ceil((await timeoutMs()) / 1000)));
      if (!id) throw new Error('the generate queue refused the job');
      return id;
    },
    async wait(jobId) {
      const deadline = Date.now() + (await timeoutMs());
      for (;;) {
        // Listen before looking, so that a notice arriving in between is not lost.
        let wake: (o: JobOutcome | null) => void = () => {};
        const woken = new Promise<JobOutcome | null>((resolve) => {
          wake = resolve;
        });
        waiters.set(jobId, wake);
        try {
          // A database that is away for a moment (a restart) is waited out like a slow job.
          const outcome = await check(jobId).catch((err: unknown) => {
            if (isDatabaseUnavailable(err)) return null;
            throw err;
          });
          if (outcome) return outcome;
          const left = deadline - Date.now();
          if (left <= 0) return { outcome: 'timeout' };
          let timer: NodeJS.Timeout | undefined;
          const slept = new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), Math.min(left, 1000));
          });
          const notice = await Promise.race([woken, slept]);
          clearTimeout(timer);
          if (notice) return notice;
        } finally {
          waiters.delete(jobId);
        }
      }
    },
    listening: () => listener.listening(),
    async close() {
      for (const wake of waiters.values()) wake(null);
      await listener.close();
      await stopBoss(boss, 'server');
    },
  };
}
