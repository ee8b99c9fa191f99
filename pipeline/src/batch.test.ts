import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { entryJobId, startSequentialBatch } from './batch';
import { ensureMatrix } from '@drape/boot';

const here = path.dirname(fileURLToPath(import.meta.url));
let db: TestDatabase;
let boss: PgBoss;
let dataDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-batch-'));
  await ensureMatrix(db.db);
  boss = new PgBoss({ connectionString: db.url, max: 2, supervise: false, schedule: false });
  await boss.start();
  for (const q of ['generate', 'batch']) await boss.createQueue(q);
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startWorker(): Promise<ChildProcess> {
  const child = fork(path.join(here, 'testing', 'worker-process.ts'), [], {
    env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}

const count = async (table: 'generated_images' | 'blocked_images') => Number((await db.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const batchStatus = async (id: string) => (await db.db.selectFrom('batch_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow());

/** Every entry of the batch ended as exactly one image or one blocked row, each row has its files, and no file lacks its row. */
async function expectExactlyOnce(batchId: string, entries: number) {
  const expected = new Set<string>();
  const queue = await db.db.selectFrom('sev_queue').select(['cycle', 'sequence']).execute();
  for (const q of queue) expected.add(entryJobId(batchId, q.cycle, q.sequence));
  expect(expected.size).toBe(entries);
  const images = await db.db.selectFrom('generated_images').select(['job_id', 'storage_key', 'thumb_key']).execute();
  const blocked = await db.db.selectFrom('blocked_images').select(['job_id']).execute();
  const ended = [...images.map((i) => i.job_id), ...blocked.map((b) => b.job_id)];
  expect(ended).toHaveLength(entries);
  expect(new Set(ended)).toEqual(expected);
  for (const img of images) {
    expect(fs.existsSync(path.join(dataDir, 'media', img.storage_key))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'media', img.thumb_key))).toBe(true);
  }
  const files = fs.readdirSync(path.join(dataDir, 'media', 'looks')).filter((f) => !f.includes('.partial'));
  expect(files.sort()).toEqual(images.flatMap((i) => [path.basename(i.storage_key), path.basename(i.thumb_key)]).sort());
  const combos = await db.db.selectFrom('combinations').select((eb) => eb.fn.sum<number>('image_count').as('n')).executeTakeFirstOrThrow();
  expect(Number(combos.n)).toBe(images.length);
}

describe('sequential batch', () => {
  it('processes a batch of 200 jobs exactly once, and survives a SIGKILL mid-batch with no duplicate and no lost image', async () => {
    const batchId = await startSequentialBatch(db.db, boss, { limit: 200, stepExpireSeconds: 8 });
    let worker = await startWorker();
    await until(async () => (await count('generated_images')) >= 60, 120_000);
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
    const atKill = await count('generated_images');
    expect(atKill).toBeLessThan(200);
    worker = await startWorker();
    try {
      await until(async () => (await batchStatus(batchId)).status === 'completed', 180_000);
    } finally {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
    const batch = await batchStatus(batchId);
    expect(batch).toMatchObject({ total: 200, processed: 200 });
    expect(batch.succeeded + batch.failed).toBe(200);
    expect(batch.metrics).toMatchObject({ commandsSent: 200, imagesGenerated: batch.succeeded });
    await expectExactlyOnce(batchId, 200);
  }, 320_000);
});
