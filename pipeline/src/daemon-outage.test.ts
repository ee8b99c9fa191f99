import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRENDS } from '@drape/contracts';
import { loadConfig } from '@drape/config';
import { createDb, type DbHandle } from '@drape/db';
import { createTestDatabase, startTcpRelay, type TcpRelay, type TestDatabase } from '@drape/db/testing';
import { captureLog, testLogger } from '@drape/log/testing';
import { QUEUES, SEND, generateJobData, readOutcome, startBoss, stopBoss } from '@drape/jobs';
import { createStorage } from '@drape/storage';
import { startPipeline, type Pipeline } from './daemon';
import { atelierProvider } from './providers/atelier-provider';
import type { ImageProvider } from './providers/provider';

/**
 * A pipeline worker whose database goes away for a while (the network to it cut, as a restart or
 * fail-over does): it says so once, lives on, notices the return within a second, heartbeats at
 * once, and works the queue again without a restart.
 */
let db: TestDatabase;
let relay: TcpRelay;
let handle: DbHandle;
let dataDir: string;
let pipeline: Pipeline;
const logged = captureLog({ role: 'pipeline' });
const lines = () => logged.messages();

/** The diffusion server, slowed at will: a render waits at the gate while one is set. */
let gate: Promise<void> | null = null;
let rendering: () => void = () => {};
const provider: ImageProvider = {
  name: atelierProvider.name,
  async render(...args) {
    rendering();
    if (gate) await gate;
    return atelierProvider.render(...args);
  },
};

beforeAll(async () => {
  db = await createTestDatabase();
  relay = await startTcpRelay(db.url);
  handle = createDb(relay.url, 10, logged.log);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-outage-'));
  pipeline = await startPipeline({
    url: relay.url, db: handle.db, config: loadConfig({ DATA_DIR: dataDir, LOOKBOOK_AUTOCURATE: '0' }), storage: createStorage({ dataDir }),
    log: logged.log, settingsPollMs: 200, provider,
  });
}, 60_000);
afterAll(async () => {
  await relay.mend();
  await pipeline.stop();
  await handle.close();
  await relay.close();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

describe('the pipeline daemon while its database is away', () => {
  it('reports the outage once, catches up within a second of the return, and works the queue again', async () => {
    await relay.cut();
    // The queue's workers poll twice a second, the settings five times: every poll fails meanwhile.
    await new Promise((r) => setTimeout(r, 3000));
    expect(lines().filter((l) => /database unavailable/.test(l))).toHaveLength(1);
    expect(lines().filter((l) => /pg-boss error|heartbeat failed|settings poll failed|failed$/.test(l))).toEqual([]);

    const mended = new Date();
    await relay.mend();
    const back = await until(() => lines().some((l) => /database reachable again/.test(l)), 5000);
    expect(back).toBeLessThan(1500);
    // The heartbeat it missed is sent at once, not at the next tick (10 s).
    await until(async () => {
      const row = await db.db.selectFrom('pipeline_workers').select('last_heartbeat_at').where('id', '=', pipeline.workerId).executeTakeFirstOrThrow();
      return row.last_heartbeat_at >= mended;
    }, 2000);

    const boss = await startBoss(db.url, db.db, 'cli', { log: testLogger('cli') });
    try {
      const id = await boss.send(QUEUES.generate, generateJobData({ gender: 'female', trend: TRENDS[0].id }, { seed: 7, source: 'batch' }), SEND.live(60));
      await until(async () => (await readOutcome(db.db, id!)) !== null, 30_000);
      expect(await readOutcome(db.db, id!)).toMatchObject({ outcome: expect.stringMatching(/stored|blocked/) });
    } finally {
      await stopBoss(boss, 'cli');
    }
  }, 60_000);

  it('finishes a job the outage cut short as soon as the database is back, not after the job expires', async () => {
    const boss = await startBoss(db.url, db.db, 'cli', { log: testLogger('cli') });
    try {
      let open: () => void = () => {};
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const rendered = new Promise<void>((resolve) => {
        rendering = resolve;
      });
      const id = await boss.send(QUEUES.generate, generateJobData({ gender: 'male', palette: 'minimal_heat' }, { seed: 21, source: 'batch' }), SEND.batchEntry(crypto.randomUUID(), 60));
      await rendered;
      // The job is under way when the database goes; it then needs the database to store its look.
      await relay.cut();
      open();
      gate = null;
      await new Promise((r) => setTimeout(r, 2000));
      await relay.mend();
      const mended = Date.now();
      await until(async () => (await readOutcome(db.db, id!)) !== null, 30_000);
      // Well before the job's expiry (60 s), after which pg-boss would have retried it.
      expect(Date.now() - mended).toBeLessThan(10_000);
      expect(await readOutcome(db.db, id!)).toMatchObject({ outcome: 'stored' });
      expect(await db.db.selectFrom('generated_images').select('id').where('job_id', '=', id!).execute()).toHaveLength(1);
    } finally {
      await stopBoss(boss, 'cli');
    }
  }, 60_000);
});
