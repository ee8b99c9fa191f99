import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@drape/db';
import { createTestDatabase, startTcpRelay, type TcpRelay, type TestDatabase } from '@drape/db/testing';
import { captureLog } from '@drape/log/testing';
import { startBoss, stopBoss, type PgBoss } from './boss';

/**
 * pg-boss as a pipeline worker runs it, over a network the test can cut: the database going away
 * while a job runs must cost the job an attempt, never the process (pg-boss 10 did not await the
 * completion it records, so its rejection ended the process and Drape carried a patch; pg-boss 12
 * awaits it and reports the failure as an 'error' event).
 */
let db: TestDatabase;
let relay: TcpRelay;
let handle: DbHandle;
let boss: PgBoss;
const logged = captureLog({ role: 'pipeline' });

beforeAll(async () => {
  db = await createTestDatabase();
  relay = await startTcpRelay(db.url);
  handle = createDb(relay.url, 4, logged.log);
  boss = await startBoss(relay.url, handle.db, 'pipeline', { maintenanceIntervalSeconds: 1, log: logged.log });
});
afterAll(async () => {
  await relay.mend();
  await stopBoss(boss, 'pipeline');
  await handle.close();
  await relay.close();
  await db.drop();
});

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a pipeline worker when the database goes away under a job', () => {
  it('lives on, and the job runs again and completes once the database is back', async () => {
    await boss.createQueue('fault-test');
    const runs: string[] = [];
    const id = await boss.send('fault-test', { n: 1 }, { expireInSeconds: 2, retryLimit: 3, retryDelay: 1 });
    await boss.work('fault-test', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      runs.push(job!.id);
      // The job's work is done, and then its completion cannot be recorded.
      if (runs.length === 1) await relay.cut();
      return { ok: true };
    });
    await until(async () => runs.length === 1, 10_000);
    await new Promise((r) => setTimeout(r, 1500));
    await relay.mend();
    await until(async () => (await boss.getJobById('fault-test', id!))?.state === 'completed', 30_000);
    // Delivered at least once: the job ran again (its effects must be idempotent by its id).
    expect(runs).toEqual([id, id]);
    // pg-boss's errors meanwhile were logged, each with its error: the outage's at warn.
    const bossErrors = logged.lines.filter((l) => l.msg?.startsWith('pg-boss'));
    expect(bossErrors.length).toBeGreaterThan(0);
    expect(bossErrors.every((l) => typeof (l.err as { message?: unknown }).message === 'string')).toBe(true);
    expect(bossErrors.filter((l) => l.level !== 'warn')).toEqual([]);
  }, 60_000);
});
