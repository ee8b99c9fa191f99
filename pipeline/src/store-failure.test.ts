import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@drape/config';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { QUEUES, SEND, generateJobData, readOutcome, startBoss, stopBoss, type PgBoss } from '@drape/jobs';
import { checkStoreIntegrity, ORPHAN_GRACE_MS } from '@drape/operations';
import { createS3Storage, type Storage } from '@drape/storage';
import { startRefusingS3Proxy, startS3rver, type RefusingS3Proxy, type S3TestServer } from '@drape/storage/testing';
import { captureLog, testLogger } from '@drape/log/testing';
import { startPipeline, type Pipeline } from './daemon';

/**
 * The image store refuses while a look is stored (S3 answering 503 to the thumbnail's PUT, after
 * the picture was stored): the job fails cleanly, is retried, and ends as one look with both its
 * files, no second row and no file left without its row.
 */
let db: TestDatabase;
let s3: S3TestServer;
let proxy: RefusingS3Proxy;
let storage: Storage;
let pipeline: Pipeline;
let boss: PgBoss;
let dataDir: string;
const logged = captureLog({ role: 'pipeline' });

beforeAll(async () => {
  db = await createTestDatabase();
  s3 = await startS3rver();
  proxy = await startRefusingS3Proxy(s3.endpoint);
  storage = createS3Storage({ ...s3.options, endpoint: proxy.endpoint });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-store-failure-'));
  pipeline = await startPipeline({
    url: db.url, db: db.db, config: loadConfig({ DATA_DIR: dataDir, LOOKBOOK_AUTOCURATE: '0' }), storage, log: logged.log, maintenanceIntervalSeconds: 1,
  });
  boss = await startBoss(db.url, db.db, 'cli', { log: testLogger('cli') });
}, 60_000);
afterAll(async () => {
  await stopBoss(boss, 'cli');
  await pipeline.stop();
  await storage.close();
  await proxy.close();
  await s3.close();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a generate job while the image store refuses', () => {
  it('fails cleanly, is retried, and stores the look exactly once with both its files', async () => {
    proxy.refuse(({ method, key }) => method === 'PUT' && key.endsWith('.thumb.webp'));
    const id = crypto.randomUUID();
    await boss.send(QUEUES.generate, generateJobData({ gender: 'male', trend: 'denim' }, { seed: 11, source: 'batch' }), SEND.batchEntry(id, 60));
    // The picture went in, the thumbnail was refused: the attempt failed and the job waits to be retried.
    await until(async () => (await boss.getJobById(QUEUES.generate, id))?.state === 'retry', 60_000);
    expect(proxy.refused()).toBeGreaterThan(0);
    expect(await readOutcome(db.db, id)).toBeNull();
    expect(await db.db.selectFrom('generated_images').select('id').where('job_id', '=', id).execute()).toEqual([]);

    proxy.refuse(null);
    await until(async () => (await readOutcome(db.db, id)) !== null, 60_000);
    const outcome = await readOutcome(db.db, id);
    expect(outcome).toMatchObject({ outcome: 'stored' });
    const rows = await db.db.selectFrom('generated_images').select(['id', 'storage_key', 'thumb_key']).where('job_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(await storage.exists('public', rows[0]!.storage_key)).toBe(true);
    expect(await storage.exists('public', rows[0]!.thumb_key)).toBe(true);
    const job = await boss.getJobById(QUEUES.generate, id);
    expect(job).toMatchObject({ state: 'completed' });
    expect(job!.retryCount).toBeGreaterThanOrEqual(1);
    // Nothing of the failed attempt is left behind.
    const check = await checkStoreIntegrity(db.db, storage, { now: new Date(Date.now() + ORPHAN_GRACE_MS + 60_000) });
    expect(check.found).toEqual({ look_without_picture: 0, look_without_thumbnail: 0, blocked_without_file: 0, file_without_row: 0 });
    expect(logged.messages().filter((l) => /database unavailable/.test(l))).toEqual([]);
    // The failed attempt was logged by the worker, with the job's id and what went wrong.
    const failures = logged.lines.filter((l) => l.jobId === id);
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures[0]).toMatchObject({ level: 'warn', role: 'pipeline', queue: QUEUES.generate, msg: 'generate job failed; pg-boss tries it again', attempt: 1 });
    expect(failures[0]!.err).toMatchObject({ message: expect.any(String) });
  }, 120_000);
});
