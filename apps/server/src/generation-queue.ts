import PgBoss from 'pg-boss';
import pg from 'pg';
import type { GenerationOutcome, GenerationQueue } from '@drape/api';
import { GENERATE_QUEUE, GENERATED_CHANNEL, LIVE_PRIORITY, PERFORMANCE_MODES, type GenerateJobData } from '@drape/contracts';
import { readPerformanceMode, withSetupLock, type Db } from '@drape/db';

/**
 * The server's side of live generation: it sends `generate` jobs through pg-boss (no workers
 * here) and wakes each waiting request when the pipeline announces the job on LISTEN/NOTIFY;
 * a slow poll covers a missed notification and jobs that failed for good.
 */
export async function createGenerationQueue(url: string, db: Db): Promise<GenerationQueue & { close(): Promise<void> }> {
  const boss = new PgBoss({ connectionString: url, max: 3, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  await withSetupLock(db, 'drape-queue-setup', () => boss.createQueue(GENERATE_QUEUE));

  const waiters = new Map<string, () => void>();
  let listener: pg.Client | null = null;
  let closed = false;
  const listen = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => {
      // Blocked attempts are announced under `${jobId}-n`; the job itself under its id.
      const id = msg.payload ?? '';
      waiters.get(id)?.();
    });
    client.on('error', () => {
      listener = null;
      if (!closed) setTimeout(() => void listen().catch(() => {}), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${GENERATED_CHANNEL}`);
    listener = client;
  };
  await listen();

  let timeout: { ms: number; readAt: number } = { ms: PERFORMANCE_MODES.conservative.timeoutMs, readAt: 0 };
  const timeoutMs = async () => {
    if (Date.now() - timeout.readAt > 5000) {
      timeout = { ms: (await readPerformanceMode(db)).timeoutMs, readAt: Date.now() };
    }
    return timeout.ms;
  };

  const outcomeOf = async (jobId: string): Promise<GenerationOutcome | null> => {
    const image = await db.selectFrom('generated_images').select('id').where('job_id', '=', jobId).executeTakeFirst();
    if (image) return 'image';
    const job = await boss.getJobById<GenerateJobData>(GENERATE_QUEUE, jobId);
    if (!job) return null;
    if (job.state === 'completed') return 'blocked';
    if (job.state === 'failed' || job.state === 'cancelled') return 'failed';
    return null;
  };

  return {
    async enqueue(data) {
      const limit = await timeoutMs();
      const id = await boss.send(GENERATE_QUEUE, data, {
        priority: LIVE_PRIORITY, retryLimit: 2, retryDelay: 1, retryBackoff: true, expireInSeconds: Math.ceil(limit / 1000),
      });
      if (!id) throw new Error('the generate queue refused the job');
      return id;
    },
    async wait(jobId) {
      const limit = await timeoutMs();
      const deadline = Date.now() + limit;
      for (;;) {
        const outcome = await outcomeOf(jobId);
        if (outcome) return outcome;
        const left = deadline - Date.now();
        if (left <= 0) return 'timeout';
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.min(left, 1000));
          function done() {
            clearTimeout(timer);
            waiters.delete(jobId);
            resolve();
          }
          waiters.set(jobId, done);
        });
      }
    },
    async close() {
      closed = true;
      for (const wake of waiters.values()) wake();
      await listener?.end().catch(() => {});
      await boss.stop({ graceful: false, close: true, wait: true });
    },
  };
}
