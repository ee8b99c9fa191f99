import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRENDS } from '@drape/contracts';
import { loadConfig } from '@drape/config';
import { createDb, type DbHandle } from '@drape/db';
import { createTestDatabase, startTcpRelay, type TcpRelay, type TestDatabase } from '@drape/db/testing';
import { QUEUES, SEND, generateJobData, readOutcome, startBoss, stopBoss } from '@drape/jobs';
import { createStorage } from '@drape/storage';
import { startPipeline, type Pipeline } from './daemon';

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
const lines: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  relay = await startTcpRelay(db.url);
  handle = createDb(relay.url, 10);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-outage-'));
  pipeline = await startPipeline({
    url: relay.url, db: handle.db, config: loadConfig({ DATA_DIR: dataDir, LOOKBOOK_AUTOCURATE: '0' }), storage: createStorage({ dataDir }),
    log: (l) => lines.push(l), settingsPollMs: 200,
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
    expect(lines.filter((l) => /database unavailable/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /queue error|heartbeat failed|settings poll failed/.test(l))).toEqual([]);

    const mended = new Date();
    await relay.mend();
    const back = await until(() => lines.some((l) => /database reachable again/.test(l)), 5000);
    expect(back).toBeLessThan(1500);
    // The heartbeat it missed is sent at once, not at the next tick (10 s).
    await until(async () => {
      const row = await db.db.selectFrom('pipeline_workers').select('last_heartbeat_at').where('id', '=', pipeline.workerId).executeTakeFirstOrThrow();
      return row.last_heartbeat_at >= mended;
    }, 2000);

    const boss = await startBoss(db.url, db.db, 'cli');
    try {
      const id = await boss.send(QUEUES.generate, generateJobData({ gender: 'female', trend: TRENDS[0].id }, { seed: 7, source: 'batch' }), SEND.live(60));
      await until(async () => (await readOutcome(db.db, id!)) !== null, 30_000);
      expect(await readOutcome(db.db, id!)).toMatchObject({ outcome: expect.stringMatching(/stored|blocked/) });
    } finally {
      await stopBoss(boss, 'cli');
    }
  }, 60_000);
});
