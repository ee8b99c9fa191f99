import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMatrix } from '@drape/boot';
import { loadConfig } from '@drape/config';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { QUEUES } from '@drape/jobs';
import { pgBoss10Queue, startPgBoss10 } from '@drape/jobs/testing';
import { entryJobId, runBatchStep, startSequentialBatch } from '@drape/operations';
import { createStorage, type Storage } from '@drape/storage';
import { startPipeline, type Pipeline } from './daemon';
import { captureLog } from '@drape/log/testing';

/**
 * A batch half-way through when an install moves from pg-boss 10 to 12: its first step ran on
 * pg-boss 10 and sent every entry, a worker was rendering one of them when the old processes
 * stopped, and the next step is due. A pipeline worker started on pg-boss 12 carries the queue
 * over and finishes the batch: every entry ends exactly once (one look or one refusal, counted
 * once), none is lost.
 */
let db: TestDatabase;
let dataDir: string;
let storage: Storage;
let pipeline: Pipeline | undefined;
const captured = captureLog({ role: 'pipeline', level: 'info' });

beforeAll(async () => {
  db = await createTestDatabase();
  await ensureMatrix(db.db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-pgboss-upgrade-'));
  storage = createStorage({ dataDir });
}, 60_000);
afterAll(async () => {
  await pipeline?.stop();
  await storage.close();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const ENTRIES = 6;

describe('a batch running when the install moves from pg-boss 10 to pg-boss 12', () => {
  it('is finished by a pipeline worker on pg-boss 12, every entry exactly once', async () => {
    const old = await startPgBoss10(db.url);
    const queue = pgBoss10Queue(old);
    const batchId = await startSequentialBatch(db.db, queue, { limit: ENTRIES });
    // pg-boss 10's worker ran the first step (it sends the entries and chains the next step).
    const [step] = await old.fetch<{ batchJobId: string; step: number }>(QUEUES.batch);
    expect(await runBatchStep(db.db, queue, step!.data.batchJobId, step!.data.step)).toBe('continued');
    await old.complete(QUEUES.batch, step!.id);
    // A worker had taken one entry when the old processes stopped.
    const [taken] = await old.fetch(QUEUES.generate);
    await old.stop({ graceful: false, close: true, wait: true });
    const left = await sql<{ name: string; state: string; n: number }>`
      select name, state::text as state, count(*)::int as n from pgboss.job group by 1, 2 order by 1, 2`.execute(db.db);
    expect(left.rows).toEqual([
      { name: QUEUES.batch, state: 'completed', n: 1 }, { name: QUEUES.batch, state: 'created', n: 1 },
      { name: QUEUES.generate, state: 'active', n: 1 }, { name: QUEUES.generate, state: 'created', n: ENTRIES - 1 },
    ]);

    pipeline = await startPipeline({
      url: db.url, db: db.db, config: loadConfig({ DATA_DIR: dataDir, LOOKBOOK_AUTOCURATE: '0' }), storage, log: captured.log,
      maintenanceIntervalSeconds: 1, settingsPollMs: 500,
    });
    expect(captured.messages()).toContain(`pg-boss 10 queue carried over to pg-boss 12: pending jobs ${QUEUES.batch} 1, ${QUEUES.generate} ${ENTRIES}; 4 schedules`);
    const batch = () => db.db.selectFrom('batch_jobs').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
    await until(async () => (await batch()).status === 'completed', 180_000);

    const entries = await db.db.selectFrom('sev_queue').select(['cycle', 'sequence', 'completed_at']).execute();
    const ids = new Set(entries.map((e) => entryJobId(batchId, e.cycle, e.sequence)));
    expect(ids.size).toBe(ENTRIES);
    expect(ids.has(taken!.id)).toBe(true);
    expect(entries.every((e) => e.completed_at !== null)).toBe(true);
    const images = await db.db.selectFrom('generated_images').select('job_id').execute();
    const blocked = await db.db.selectFrom('blocked_images').select('job_id').execute();
    const ended = [...images, ...blocked].map((r) => r.job_id);
    expect(ended).toHaveLength(ENTRIES);
    expect(new Set(ended)).toEqual(ids);
    expect(await batch()).toMatchObject({ total: ENTRIES, processed: ENTRIES, succeeded: images.length, failed: blocked.length });
    const stocked = await db.db.selectFrom('combinations').select((eb) => eb.fn.sum<number>('image_count').as('n')).executeTakeFirstOrThrow();
    expect(Number(stocked.n)).toBe(images.length);
  }, 240_000);
});
